package org.metasched.flow;

import org.metasched.model.Workload;

/**
 * Conservative backfilling (Mu'alem and Feitelson, IEEE TPDS 12(6), 2001): every job gets a reservation when it
 * arrives, at the earliest time it fits in the {@link AvailabilityProfile} built from estimates, so a later job
 * can never delay an earlier one. A job starts when its reservation comes.
 *
 * <p>When a job ends earlier than its estimate its unused reservation is given back and the queue is
 * <em>compressed</em>: every waiting job, in queue order, is moved to its earliest start in the profile that
 * holds everything else, which is never later than its previous reservation (its old place is still free). This
 * happens once per instant, after all completions and before the instant's arrivals are placed, so arrivals never
 * overtake jobs already queued. The search for an earlier start only looks before the current reservation and
 * needs no removal first, so a job that cannot move costs one bounded sweep and no profile update; a job that
 * moves costs one update of the profile ({@link AvailabilityProfile#moveEarlier}) from where the sweep stopped.
 */
public final class ConservativeBackfilling implements SchedulingPolicy {
    private final Workload workload;
    private final WaitingQueue queue = new WaitingQueue();
    private final AvailabilityProfile profile;
    private final long[] reservation;
    private final long[] firstReservation;
    private final long[] startSeconds;
    private boolean compressPending;
    // the earliest reservation of a waiting job (Long.MAX_VALUE if none): when it is later than now, no job
    // starts and decide need not look at the queue
    private long earliestReservation = Long.MAX_VALUE;
    private long requestedWakeUp = Long.MIN_VALUE;

    public ConservativeBackfilling(Workload workload) {
        this.workload = workload;
        int n = workload.capacity();
        this.profile =
                new AvailabilityProfile(workload.machineProcessors(), workload.has(0) ? workload.submitSeconds(0) : 0);
        this.reservation = new long[n];
        this.firstReservation = new long[n];
        this.startSeconds = new long[n];
    }

    @Override
    public void jobEnded(int job, long now) {
        long estimatedEnd = startSeconds[job] + workload.estimateSeconds(job);
        if (now < estimatedEnd) {
            profile.advance(now);
            profile.release(now, estimatedEnd, workload.processors(job));
            compressPending = true;
        }
    }

    @Override
    public void jobSubmitted(int job, long now) {
        profile.advance(now);
        if (compressPending) {
            compress(now);
        }
        long estimate = workload.estimateSeconds(job);
        int p = workload.processors(job);
        long s = profile.reserveEarliest(now, estimate, p);
        reservation[job] = s;
        firstReservation[job] = s;
        queue.add(job);
        if (s < earliestReservation) {
            earliestReservation = s;
        }
    }

    @Override
    public void decide(long now, Decisions decisions) {
        profile.advance(now);
        if (compressPending) {
            compress(now);
        }
        long next = earliestReservation;
        if (next <= now) {
            next = scanDue(now, decisions);
        }
        // a reservation may fall due when nothing ends or arrives (its blocker ended early): ask to be called then
        if (next != Long.MAX_VALUE && next != requestedWakeUp) {
            requestedWakeUp = next;
            decisions.wakeUpAt(next);
        }
    }

    /** Starts the jobs whose reservation is now, in queue order; returns the earliest reservation left. */
    private long scanDue(long now, Decisions decisions) {
        long next = Long.MAX_VALUE;
        int k = 0;
        while (k < queue.size()) {
            int j = queue.get(k);
            if (reservation[j] == now) {
                decisions.start(j);
                startSeconds[j] = now;
                queue.removeAt(k);
            } else {
                next = Math.min(next, reservation[j]);
                k++;
            }
        }
        earliestReservation = next;
        return next;
    }

    private void compress(long now) {
        compressPending = false;
        for (int k = 0; k < queue.size(); k++) {
            int j = queue.get(k);
            long old = reservation[j];
            if (old == now) {
                continue;
            }
            long estimate = workload.estimateSeconds(j);
            int p = workload.processors(j);
            // moveEarlier's two halves, so that the common case (no move) is one call
            long s = profile.earliestStart(now, estimate, p, old);
            assert s <= old : "compression moved job " + workload.id(j) + " later, from " + old + " to " + s;
            if (s < old) {
                profile.moveTo(s, estimate, p, old);
                reservation[j] = s;
                if (s < earliestReservation) {
                    earliestReservation = s;
                }
            }
        }
    }

    /** The reservation job {@code j} got when it arrived; it never starts later than this. */
    public long firstReservationSeconds(int j) {
        return firstReservation[j];
    }
}
