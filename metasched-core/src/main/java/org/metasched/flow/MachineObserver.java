package org.metasched.flow;

/** Watches the machine after each scheduling instant; metrics and time series implement it. */
@FunctionalInterface
public interface MachineObserver {
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
