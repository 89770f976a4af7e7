package org.metasched.gang;

import java.util.Arrays;

/**
 * How many jobs of each size wait in each cluster, with the smallest waiting size kept lazily: what the loss of
 * capacity's {@code delta} needs (spec 5.6, D15) at every instant in O(1) amortised.
 */
final class WaitingSizes {
    private final int[][] bySize;
    private final int[] count;
    private final int[] smallest;

    WaitingSizes(int[] clusterSizes) {
        int m = clusterSizes.length;
        bySize = new int[m][];
        for (int c = 0; c < m; c++) {
            bySize[c] = new int[clusterSizes[c] + 1];
        }
        count = new int[m];
        smallest = new int[m];
        Arrays.fill(smallest, Integer.MAX_VALUE);
    }

    void add(int c, int size) {
        bySize[c][size]++;
        count[c]++;
        smallest[c] = Math.min(smallest[c], size);
    }

    void remove(int c, int size) {
        bySize[c][size]--;
        count[c]--;
    }

    /** Jobs waiting in cluster {@code c}. */
    int count(int c) {
        return count[c];
    }

    /** The fewest tasks of a job waiting in cluster {@code c}; {@code Integer.MAX_VALUE} if none waits. */
    int smallest(int c) {
        if (count[c] == 0) {
            smallest[c] = Integer.MAX_VALUE;
            return Integer.MAX_VALUE;
        }
        int[] b = bySize[c];
        int s = smallest[c];
        while (b[s] == 0) {
            s++;
        }
        smallest[c] = s;
        return s;
    }
}
