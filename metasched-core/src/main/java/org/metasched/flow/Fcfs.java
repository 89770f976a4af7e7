package org.metasched.flow;

import org.metasched.model.Workload;

/** First come, first served: jobs start strictly in queue order; a job that does not fit blocks all behind it. */
public final class Fcfs implements SchedulingPolicy {
    private final Workload workload;
    private final WaitingQueue queue = new WaitingQueue();

    public Fcfs(Workload workload) {
        this.workload = workload;
    }

    @Override
    public void jobSubmitted(int job, long nowSeconds) {
        queue.add(job);
    }

    @Override
    public void jobEnded(int job, long nowSeconds) {}

    @Override
    public void decide(long nowSeconds, Decisions decisions) {
        int started = 0;
        while (started < queue.size() && workload.processors(queue.get(started)) <= decisions.freeProcessors()) {
            decisions.start(queue.get(started));
            started++;
        }
        for (int k = 0; k < started; k++) {
            queue.removeAt(0);
        }
    }
}
