package org.metasched.gang;

import java.util.Arrays;

/**
 * For {@link StartRule#ADAPTED}: per waiting job that cannot start, one busy processor holding one of its tasks (the
 * job "watches" it), and per processor the jobs watching it, in a list that adds and removes in O(1). A job that
 * watches a busy processor cannot start; when that processor's task ends, only its watchers need a look (the jobs
 * whose count of tasks on busy processors may have fallen to 0), not every job in its queue.
 */
final class Watches {
    private final int[] watched; // per job: the processor it watches, -1 for none
    private final int[] next; // per job: the next watcher of the same processor, -1 at the end
    private final int[] previous; // per job: the previous one, -1 at the start
    private final int[] first; // per processor: its first watcher, -1 for none

    Watches(int jobs, int processors) {
        watched = new int[jobs];
        next = new int[jobs];
        previous = new int[jobs];
        first = new int[processors];
        Arrays.fill(watched, -1);
        Arrays.fill(first, -1);
    }

    /** The processor job {@code j} watches, -1 for none. */
    int watched(int j) {
        return watched[j];
    }

    /** Job {@code j}, watching nothing, watches processor {@code p}. */
    void watch(int j, int p) {
        if (watched[j] >= 0) {
            throw new IllegalStateException("job " + j + " already watches processor " + watched[j]);
        }
        watched[j] = p;
        int f = first[p];
        next[j] = f;
        previous[j] = -1;
        if (f >= 0) {
            previous[f] = j;
        }
        first[p] = j;
    }

    /** Job {@code j} watches nothing any more (no change if it watched nothing). */
    void unwatch(int j) {
        int p = watched[j];
        if (p < 0) {
            return;
        }
        int n = next[j];
        int b = previous[j];
        if (b >= 0) {
            next[b] = n;
        } else {
            first[p] = n;
        }
        if (n >= 0) {
            previous[n] = b;
        }
        watched[j] = -1;
    }

    /** Removes processor {@code p}'s first watcher from its list and returns it (watching nothing), -1 for none. */
    int release(int p) {
        int j = first[p];
        if (j >= 0) {
            unwatch(j);
        }
        return j;
    }
}
