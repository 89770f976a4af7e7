package org.metasched.io.swf;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The memory fields of a trace's accepted jobs, in the workload's order (sorted by submit time, ties in file
 * order): field 10, requested memory, and field 7, used memory, both KiB per processor, -1 when unknown. A
 * fraction of a KiB is dropped. Only models with memory read them (P004, {@code metasched memory}).
 */
public final class SwfMemory {
    private final long[] requestedKiB;
    private final long[] usedKiB;
    private final int size;

    private SwfMemory(int size, long[] requestedKiB, long[] usedKiB) {
        this.size = size;
        this.requestedKiB = requestedKiB;
        this.usedKiB = usedKiB;
    }

    /**
     * The first {@code n} entries of columns already in submit order, taken without a copy (the caller hands them
     * over).
     */
    static SwfMemory inOrder(int n, long[] requested, long[] used) {
        return new SwfMemory(n, requested, used);
    }

    /**
     * The first {@code n} entries, put in the order of a stable sort by {@code submit}: the order {@link
     * org.metasched.model.Workload} gives the same jobs.
     */
    static SwfMemory inSubmitOrder(int n, long[] submit, long[] requested, long[] used) {
        boolean sorted = true;
        for (int i = 1; i < n && sorted; i++) {
            sorted = submit[i - 1] <= submit[i];
        }
        if (sorted) {
            return new SwfMemory(n, Arrays.copyOf(requested, n), Arrays.copyOf(used, n));
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(i -> submit[i])); // stable
        long[] r = new long[n];
        long[] u = new long[n];
        for (int i = 0; i < n; i++) {
            r[i] = requested[order[i]];
            u[i] = used[order[i]];
        }
        return new SwfMemory(n, r, u);
    }

    /** Number of jobs. */
    public int size() {
        return size;
    }

    /** Field 10 of every job, a copy. */
    public long[] requestedKiB() {
        return Arrays.copyOf(requestedKiB, size);
    }

    /** Field 7 of every job, a copy. */
    public long[] usedKiB() {
        return Arrays.copyOf(usedKiB, size);
    }
}
