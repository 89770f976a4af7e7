package org.metasched.flow;

import org.metasched.model.GrowableArrays;

/**
 * Running jobs sorted by {@code (estimated end, job index)}: parallel primitive arrays, binary-search insert/remove.
 */
final class RunningByEstimatedEnd {
    private long[] end = new long[64];
    private int[] job = new int[64];
    private int[] processors = new int[64];
    private int size;

    void add(int j, long estimatedEnd, int procs) {
        if (size == end.length) {
            end = GrowableArrays.ensure(end, size + 1);
            job = GrowableArrays.ensure(job, size + 1);
            processors = GrowableArrays.ensure(processors, size + 1);
        }
        int at = position(estimatedEnd, j);
        int move = size - at;
        System.arraycopy(end, at, end, at + 1, move);
        System.arraycopy(job, at, job, at + 1, move);
        System.arraycopy(processors, at, processors, at + 1, move);
        end[at] = estimatedEnd;
        job[at] = j;
        processors[at] = procs;
        size++;
    }

    void remove(int j, long estimatedEnd) {
        int at = position(estimatedEnd, j);
        if (at >= size || job[at] != j) {
            throw new IllegalStateException("job " + j + " is not running");
        }
        int move = size - at - 1;
        System.arraycopy(end, at + 1, end, at, move);
        System.arraycopy(job, at + 1, job, at, move);
        System.arraycopy(processors, at + 1, processors, at, move);
        size--;
    }

    /** First position whose key is {@code >= (e, j)}. */
    private int position(long e, int j) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end[mid] < e || (end[mid] == e && job[mid] < j)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    int size() {
        return size;
    }

    long estimatedEnd(int position) {
        return end[position];
    }

    int processors(int position) {
        return processors[position];
    }
}
