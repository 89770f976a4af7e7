package org.metasched.flow;

/**
 * A job-flow policy as a decision function: the engine tells it what happened, it answers with the jobs to start
 * now. A policy may keep its own bookkeeping (queue, reservations) but never advances the clock and never touches
 * the engine; it may read a job's submit time, size and estimate, never its actual run time.
 *
 * <p>At every instant the engine first reports all completions ({@link #jobEnded}), then all arrivals ({@link
 * #jobSubmitted}), then calls {@link #decide} once.
 *
 * <p>A policy's per-job arrays are sized by {@link org.metasched.model.Workload#capacity()}, not {@code size()}:
 * {@code simulate} hands it a workload still being read ({@link org.metasched.model.Workload#live}), whose size
 * grows as the simulation goes ({@code LiveWorkloadTest} runs every registered policy on one).
 */
public interface SchedulingPolicy {
    /** Job {@code job} arrived at {@code nowSeconds} and waits. */
    void jobSubmitted(int job, long nowSeconds);

    /** Job {@code job} ended at {@code nowSeconds}; its processors are free again. */
    void jobEnded(int job, long nowSeconds);

    /** One scheduling pass: start jobs now through {@code decisions}. */
    void decide(long nowSeconds, Decisions decisions);
}
