package org.metasched.gang;

import java.util.Arrays;

/** Per cluster, the jobs that may have become able to start since the last scheduling pass (no duplicates). */
final class CandidateLists {
    private final int[][] lists;
    private final int[] counts;
    private final boolean[] listed;

    CandidateLists(int clusters, int jobs) {
        lists = new int[clusters][16];
        counts = new int[clusters];
        listed = new boolean[jobs];
    }

    void offer(int c, int j) {
        if (listed[j]) {
            return;
        }
        listed[j] = true;
        if (counts[c] == lists[c].length) {
            lists[c] = Arrays.copyOf(lists[c], 2 * counts[c]);
        }
        lists[c][counts[c]++] = j;
    }

    /** Copies cluster {@code c}'s list into {@code out} (at least as long as every job) and empties it. */
    int drain(int c, int[] out) {
        int n = counts[c];
        int[] l = lists[c];
        for (int i = 0; i < n; i++) {
            out[i] = l[i];
            listed[l[i]] = false;
        }
        counts[c] = 0;
        return n;
    }
}
