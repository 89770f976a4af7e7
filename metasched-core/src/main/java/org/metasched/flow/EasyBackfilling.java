package org.metasched.flow;

import java.util.Arrays;
import org.metasched.model.Workload;

/**
 * EASY backfilling (Lifka 1995; Mu'alem and Feitelson, IEEE TPDS 12(6), 2001). Jobs start in queue order while
 * they fit. When the head job does not fit it gets the only reservation: the <em>shadow time</em>, the earliest
 * instant at which, by the running jobs' estimates, enough processors are free for it; the processors free then
 * beyond its needs are the <em>extra</em> processors. Every other waiting job, in queue order, starts now if it
 * fits now and either ends (by its estimate) by the shadow time or uses only extra processors.
 *
 * <p>"The pass repeats after every start" is implemented incrementally: a backfilled job that ends by the shadow
 * time leaves shadow and extra unchanged, and one that does not reduces extra by its size, which is exactly what
 * recomputing the reservation from scratch would give.
 */
public final class EasyBackfilling implements SchedulingPolicy {
    private final Workload workload;
    private final WaitingQueue queue = new WaitingQueue();
    private final RunningByEstimatedEnd running = new RunningByEstimatedEnd();
    private final long[] startSeconds;
    private final long[] headReservation;

    public EasyBackfilling(Workload workload) {
        this.workload = workload;
        this.startSeconds = new long[workload.capacity()];
        this.headReservation = new long[workload.capacity()];
        Arrays.fill(headReservation, Long.MAX_VALUE);
    }

    @Override
    public void jobSubmitted(int job, long nowSeconds) {
        queue.add(job);
    }

    @Override
    public void jobEnded(int job, long nowSeconds) {
        running.remove(job, startSeconds[job] + workload.estimateSeconds(job));
    }

    @Override
    public void decide(long now, Decisions decisions) {
        int free = decisions.freeProcessors();
        while (!queue.isEmpty() && workload.processors(queue.get(0)) <= free) {
            start(queue.get(0), now, decisions);
            queue.removeAt(0);
            free = decisions.freeProcessors();
        }
        if (queue.isEmpty() || free == 0) {
            return;
        }
        int head = queue.get(0);
        int need = workload.processors(head);
        long shadow = Long.MAX_VALUE;
        int available = free;
        int r = 0;
        while (r < running.size()) {
            available += running.processors(r);
            if (available >= need) {
                shadow = running.estimatedEnd(r);
                r++;
                while (r < running.size() && running.estimatedEnd(r) == shadow) {
                    available += running.processors(r);
                    r++;
                }
                break;
            }
            r++;
        }
        if (shadow == Long.MAX_VALUE) {
            throw new IllegalStateException(
                    "head job " + workload.id(head) + " needs " + need + " processors, more than the machine has");
        }
        if (headReservation[head] == Long.MAX_VALUE) {
            headReservation[head] = shadow;
        }
        int extra = available - need;
        int k = 1;
        while (k < queue.size() && free > 0) {
            int j = queue.get(k);
            int p = workload.processors(j);
            if (p <= free) {
                boolean endsByShadow = now + workload.estimateSeconds(j) <= shadow;
                if (endsByShadow || p <= extra) {
                    start(j, now, decisions);
                    queue.removeAt(k);
                    free -= p;
                    if (!endsByShadow) {
                        extra -= p;
                    }
                    continue;
                }
            }
            k++;
        }
    }

    private void start(int j, long now, Decisions decisions) {
        decisions.start(j);
        startSeconds[j] = now;
        running.add(j, now + workload.estimateSeconds(j), workload.processors(j));
    }

    /**
     * The first shadow time computed for job {@code j} as the blocked head of the queue, or {@code
     * Long.MAX_VALUE} if it never was. EASY guarantees the job starts no later than this.
     */
    public long headReservationSeconds(int j) {
        return headReservation[j];
    }
}
