package org.metasched.sim;

/** Watches a simulation after each scheduling instant; metrics and time series implement it. */
public interface SimulationObserver {
    /**
     * The state that holds from {@code nowSeconds} until the next instant.
     *
     * @param busyProcessors processors running a job
     * @param waitingJobs submitted jobs not yet started
     * @param runningJobs jobs running
     * @param smallestWaitingJob processors of the smallest waiting job, or {@code Integer.MAX_VALUE} if none waits
     */
    void afterInstant(long nowSeconds, int busyProcessors, int waitingJobs, int runningJobs, int smallestWaitingJob);
}
