package org.metasched.flow;

import java.util.Arrays;
import org.metasched.model.GrowableArrays;

/**
 * Free processors over future time as a step function: breakpoints {@code time[0] < time[1] < ...}, with {@code
 * free[i]} processors free on {@code [time[i], time[i+1])} and the last value holding forever (it is always the
 * whole machine). Built from estimates: running jobs until their estimated end, waiting jobs over their
 * reservations. Equal neighbours are merged, so the number of breakpoints stays at most twice the number of jobs
 * it holds, plus one.
 *
 * <p>Everything is a loop over two primitive arrays: breakpoint lookup by binary search, insertion by {@code
 * System.arraycopy}, and the earliest-fit search is one forward sweep that never revisits a step. After the last
 * step the arrays hold a sentinel ({@code time[size] = Long.MAX_VALUE}, {@code free[size] = Integer.MAX_VALUE})
 * that stops the sweep's loops without a test of the index.
 */
final class AvailabilityProfile {
    private final int capacity;
    private long[] time = new long[64];
    private int[] free = new int[64];
    private int size;
    // where the last earliestStart found its fit: the step holding the start, and the first step at or after the
    // end of the window it checked (moveEarlier's starting points, so that a move needs no binary search)
    private int foundStep;
    private int windowEndStep;

    AvailabilityProfile(int processors, long originSeconds) {
        this.capacity = processors;
        time[0] = originSeconds;
        free[0] = processors;
        size = 1;
        time[1] = Long.MAX_VALUE;
        free[1] = Integer.MAX_VALUE;
    }

    /** Forgets the past: afterwards the first breakpoint is {@code now}. */
    void advance(long now) {
        if (time[1] > now) { // nothing to forget (the common case: most events change nothing before now)
            if (time[0] < now) {
                time[0] = now;
            }
            return;
        }
        int i = segmentAt(now);
        if (i > 0) {
            System.arraycopy(time, i, time, 0, size - i + 1); // with the sentinel
            System.arraycopy(free, i, free, 0, size - i + 1);
            size -= i;
        }
        if (time[0] < now) {
            time[0] = now;
        }
    }

    /**
     * The earliest {@code t} in {@code [from, limit)} such that at least {@code processors} are free throughout
     * {@code [t, min(t + duration, limit))}; {@code limit} if there is none. With {@code limit = Long.MAX_VALUE}
     * this is the earliest fit of a new job. With {@code limit} = a job's current reservation start (the job
     * still in the profile) it is the earliest fit of that job once its own reservation is lifted: on {@code
     * [limit, t + duration)} the job would only overlap itself.
     */
    long earliestStart(long from, long duration, int processors, long limit) {
        // the arrays in locals: the loops below are the conservative policy's hottest, and C1 (which runs
        // simulate) would otherwise load the fields at every step; the sentinel after the last step ends both
        // loops (its time is after every window's end, its free count above every request)
        final long[] time = this.time;
        final int[] free = this.free;
        int i = from <= time[0] ? 0 : segmentAt(from); // compression searches from the profile's origin
        long candidate = from;
        while (candidate < limit) {
            long windowEnd = candidate > limit - duration ? limit : candidate + duration;
            int k = i;
            while (time[k] < windowEnd && free[k] >= processors) {
                k++;
            }
            if (time[k] >= windowEnd) {
                foundStep = i;
                windowEndStep = k;
                return candidate;
            }
            // step k is too full: the next candidate is the start of the next step with enough room
            k++;
            while (free[k] < processors) {
                k++;
            }
            if (k == size) {
                throw new IllegalStateException("profile never frees " + processors + " processors: " + this);
            }
            candidate = time[k];
            i = k;
        }
        return limit;
    }

    /**
     * Compression of one reservation in one update: the reservation of {@code processors} over {@code [reservedAt,
     * reservedAt + duration)} moves to the earliest start {@code s} in {@code [from, reservedAt)} that {@link
     * #earliestStart earliestStart(from, duration, processors, reservedAt)} finds, if there is one, and {@code s}
     * is returned; otherwise nothing changes and {@code reservedAt} is returned. The profile afterwards is the
     * one that {@code release} of the old place and {@code reserve} of the new one make: {@code processors} taken
     * over {@code [s, min(s + duration, reservedAt))} and given back over {@code [max(s + duration, reservedAt),
     * reservedAt + duration)} (where old and new overlap nothing changes), starting from the steps the search
     * stopped at rather than searching for them again.
     */
    long moveEarlier(long from, long duration, int processors, long reservedAt) {
        long s = earliestStart(from, duration, processors, reservedAt);
        if (s < reservedAt) {
            moveTo(s, duration, processors, reservedAt);
        }
        return s;
    }

    /**
     * The update half of {@link #moveEarlier}, for a caller that searched itself: moves the reservation of {@code
     * processors} over {@code [reservedAt, reservedAt + duration)} to start at {@code s < reservedAt}, which the
     * last {@link #earliestStart} returned for that reservation. (The steps that search stopped at are checked
     * and found again by binary search when they do not hold {@code s} and the window's end: any other profile
     * change in between only costs that search.)
     */
    void moveTo(long s, long duration, int processors, long reservedAt) {
        if (duration <= 0) {
            return; // an empty reservation holds nothing
        }
        long takenEnd = s > reservedAt - duration ? reservedAt : s + duration; // min(s + duration, reservedAt)
        long givenStart = s > reservedAt - duration ? s + duration : reservedAt; // max(s + duration, reservedAt)
        update(s, takenEnd, givenStart, reservedAt + duration, processors);
    }

    /**
     * A new job's reservation in one call: takes {@code processors} over {@code [s, s + duration)} at the earliest
     * {@code s >= from} where they fit ({@link #earliestStart} with no limit), starting from the steps that search
     * stopped at; returns {@code s}. The same as {@code earliestStart} then {@link #reserve}.
     */
    long reserveEarliest(long from, long duration, int processors) {
        long s = earliestStart(from, duration, processors, Long.MAX_VALUE);
        if (duration > 0) {
            long end = s + duration;
            update(s, end, end, end, processors);
        }
        return s;
    }

    /**
     * Takes {@code processors} over {@code [s, takenEnd)} and gives them back over {@code [givenStart, givenEnd)}
     * (nothing when the two are equal), where {@code s < takenEnd <= givenStart <= givenEnd}, starting from the
     * steps the last search stopped at when they hold {@code s} and {@code takenEnd}.
     */
    private void update(long s, long takenEnd, long givenStart, long givenEnd, int processors) {
        // the four bounds as breakpoints, left to right: every search starts where the previous one ended
        int a = foundStep;
        int w = windowEndStep;
        if (a >= size
                || w > size
                || time[a] > s
                || time[a + 1] <= s
                || time[w] < takenEnd
                || (w > 0 && time[w - 1] >= takenEnd)) {
            a = segmentAt(s);
            w = firstAtOrAfter(a, takenEnd);
        }
        if (time[a] != s) {
            if (s < time[a]) {
                throw new IllegalStateException("time " + s + " is before the profile origin " + time[0]);
            }
            insertAt(++a, s);
            w++;
        }
        int b = w;
        if (b == size || time[b] != takenEnd) {
            insertAt(b, takenEnd);
        }
        int c = b;
        int d = b;
        if (givenStart < givenEnd) {
            c = firstAtOrAfter(b, givenStart);
            if (c == size || time[c] != givenStart) {
                insertAt(c, givenStart);
            }
            d = firstAtOrAfter(c, givenEnd);
            if (d == size || time[d] != givenEnd) {
                insertAt(d, givenEnd);
            }
        }
        final int[] free = this.free;
        for (int m = a; m < b; m++) {
            int f = free[m] - processors; // the search saw at least that many free on each of these steps
            if (f < 0) {
                throw new IllegalStateException("profile over-committed: " + f + " free at " + time[m]
                        + " after taking " + processors + " on [" + s + ", " + takenEnd + ")");
            }
            free[m] = f;
        }
        for (int m = c; m < d; m++) {
            int f = free[m] + processors;
            if (f > capacity) {
                throw new IllegalStateException("profile over-committed: " + f + " free at " + time[m]
                        + " after giving back " + processors + " on [" + givenStart + ", " + givenEnd + ")");
            }
            free[m] = f;
        }
        // equal neighbours can only meet at the four bounds; right to left, so that no removal moves the next
        if (d != b) {
            mergeAt(d);
        }
        if (c != b) {
            mergeAt(c);
        }
        mergeAt(b);
        mergeAt(a);
    }

    /** Takes {@code processors} over {@code [start, end)}. */
    void reserve(long start, long end, int processors) {
        add(start, end, -processors);
    }

    /** Gives back {@code processors} over {@code [start, end)}. */
    void release(long start, long end, int processors) {
        add(start, end, processors);
    }

    /** Free processors at time {@code t} (for tests and assertions). */
    int freeAt(long t) {
        return free[segmentAt(t)];
    }

    int breakpoints() {
        return size;
    }

    /** The breakpoints, {@code time[0..breakpoints())} (for tests). */
    long[] times() {
        return Arrays.copyOf(time, size);
    }

    /** Free processors from each breakpoint on, {@code free[0..breakpoints())} (for tests). */
    int[] frees() {
        return Arrays.copyOf(free, size);
    }

    /** An independent copy (for tests). */
    AvailabilityProfile copy() {
        AvailabilityProfile c = new AvailabilityProfile(capacity, time[0]);
        c.time = time.clone();
        c.free = free.clone();
        c.size = size;
        return c;
    }

    private void add(long start, long end, int delta) {
        if (end <= start) {
            return;
        }
        int i = breakAt(start);
        int k = breakAt(end);
        for (int m = i; m < k; m++) {
            int f = free[m] + delta;
            if (f < 0 || f > capacity) {
                throw new IllegalStateException("profile over-committed: " + f + " free at " + time[m]
                        + " after adding " + delta + " on [" + start + ", " + end + ")");
            }
            free[m] = f;
        }
        if (k < size && free[k] == free[k - 1]) {
            removeAt(k);
        }
        if (i > 0 && free[i] == free[i - 1]) {
            removeAt(i);
        }
    }

    /** Index of the step containing {@code t}: the last breakpoint {@code <= t} (0 if {@code t} is before all). */
    private int segmentAt(long t) {
        final long[] time = this.time;
        int lo = 0;
        int hi = size - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (time[mid] <= t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Makes {@code t} a breakpoint and returns its index. */
    private int breakAt(long t) {
        int i = segmentAt(t);
        if (time[i] == t) {
            return i;
        }
        if (t < time[i]) {
            throw new IllegalStateException("time " + t + " is before the profile origin " + time[0]);
        }
        if (size + 1 == time.length) {
            time = GrowableArrays.ensure(time, size + 2);
            free = GrowableArrays.ensure(free, size + 2);
        }
        int at = i + 1;
        System.arraycopy(time, at, time, at + 1, size - at + 1); // with the sentinel
        System.arraycopy(free, at, free, at + 1, size - at + 1);
        time[at] = t;
        free[at] = free[i];
        size++;
        return at;
    }

    /** The first index at or after {@code from} whose breakpoint is at or after {@code t} ({@code size} if none). */
    private int firstAtOrAfter(int from, long t) {
        final long[] time = this.time;
        final int size = this.size;
        int k = from;
        while (k < size && time[k] < t) {
            k++;
        }
        return k;
    }

    /** Makes {@code t} a breakpoint at index {@code at}, where {@code time[at - 1] < t < time[at]}. */
    private void insertAt(int at, long t) {
        if (size + 1 == time.length) {
            time = GrowableArrays.ensure(time, size + 2);
            free = GrowableArrays.ensure(free, size + 2);
        }
        System.arraycopy(time, at, time, at + 1, size - at + 1); // with the sentinel
        System.arraycopy(free, at, free, at + 1, size - at + 1);
        time[at] = t;
        free[at] = free[at - 1];
        size++;
    }

    /** Removes breakpoint {@code i} if it no longer changes anything. */
    private void mergeAt(int i) {
        if (i > 0 && i < size && free[i] == free[i - 1]) {
            removeAt(i);
        }
    }

    private void removeAt(int i) {
        System.arraycopy(time, i + 1, time, i, size - i); // with the sentinel
        System.arraycopy(free, i + 1, free, i, size - i);
        size--;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < size && i < 50; i++) {
            sb.append(i == 0 ? "" : ", ").append(time[i]).append(':').append(free[i]);
        }
        return sb.append(size > 50 ? ", ...]" : "]").toString();
    }
}
