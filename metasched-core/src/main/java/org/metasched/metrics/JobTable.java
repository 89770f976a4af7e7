package org.metasched.metrics;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import org.metasched.model.Workload;

/**
 * The per-job results of one trace replay, columnar: the workload's own columns (job number, submit time,
 * estimate, processors, killed) and the simulation's (start, end, processor ranges), with no object per job. The
 * derived quantities (run time, wait, response, slowdowns) are computed on read, exactly as {@link JobRecord#of}
 * computes them. Index {@code j} is the job's position in submit order, as in {@link Workload}.
 *
 * <p>The arrays are the simulation's own, handed over when it has finished; nothing here copies or changes them.
 */
public final class JobTable {
    private final Workload workload;
    private final long[] start;
    private final long[] end;
    private final int[] rangeOffset;
    private final int[] rangeCount;
    private final int[] ranges;
    private final int size;

    /**
     * @param start start time of every job
     * @param end end time of every job
     * @param rangeOffset where job {@code j}'s processor ranges begin in {@code ranges}
     * @param rangeCount how many ranges job {@code j} has
     * @param ranges pairs {@code first, lastInclusive} of processor ids
     */
    public JobTable(Workload workload, long[] start, long[] end, int[] rangeOffset, int[] rangeCount, int[] ranges) {
        this(workload, workload.size(), start, end, rangeOffset, rangeCount, ranges);
        if (start.length != size || end.length != size || rangeOffset.length != size || rangeCount.length != size) {
            throw new IllegalArgumentException("every column needs one entry per job (" + size + ")");
        }
    }

    /**
     * The first {@code n} jobs of {@code workload} (a simulation's columns may have room for more: a workload still
     * being read, {@link Workload#live}).
     */
    public JobTable(
            Workload workload, int n, long[] start, long[] end, int[] rangeOffset, int[] rangeCount, int[] ranges) {
        if (n < 0 || n > workload.size()) {
            throw new IllegalArgumentException(n + " jobs of a workload of " + workload.size());
        }
        if (start.length < n || end.length < n || rangeOffset.length < n || rangeCount.length < n) {
            throw new IllegalArgumentException("every column needs an entry for each of the " + n + " jobs");
        }
        this.size = n;
        this.workload = workload;
        this.start = start;
        this.end = end;
        this.rangeOffset = rangeOffset;
        this.rangeCount = rangeCount;
        this.ranges = ranges;
    }

    public int size() {
        return size;
    }

    /** Processors of the machine. */
    public int machineProcessors() {
        return workload.machineProcessors();
    }

    public long id(int j) {
        return workload.id(j);
    }

    public long submitSeconds(int j) {
        return workload.submitSeconds(j);
    }

    public long startSeconds(int j) {
        return start[j];
    }

    public long endSeconds(int j) {
        return end[j];
    }

    public int processors(int j) {
        return workload.processors(j);
    }

    public long estimateSeconds(int j) {
        return workload.estimateSeconds(j);
    }

    public boolean killed(int j) {
        return workload.killed(j);
    }

    /** {@code end - start}. */
    public long runtimeSeconds(int j) {
        return end[j] - start[j];
    }

    /** {@code start - submit}. */
    public long waitSeconds(int j) {
        return start[j] - workload.submitSeconds(j);
    }

    /** {@code end - submit}. */
    public long responseSeconds(int j) {
        return end[j] - workload.submitSeconds(j);
    }

    /** {@code response / runtime}. */
    public double slowdown(int j) {
        return (double) responseSeconds(j) / runtimeSeconds(j);
    }

    /** {@code max(1, response / max(runtime, 10))}. */
    public double boundedSlowdown(int j) {
        return JobRecord.boundedSlowdown(responseSeconds(j), runtimeSeconds(j));
    }

    /** Number of processor ranges of job {@code j}. */
    public int rangeCount(int j) {
        return rangeCount[j];
    }

    /** First processor id of range {@code k} of job {@code j}. */
    public int rangeFirst(int j, int k) {
        return ranges[rangeOffset[j] + 2 * k];
    }

    /** Last processor id (inclusive) of range {@code k} of job {@code j}. */
    public int rangeLast(int j, int k) {
        return ranges[rangeOffset[j] + 2 * k + 1];
    }

    /** The processor ids of job {@code j} as Batsim-style intervals, e.g. {@code "0-3 8"}. */
    public String allocatedProcessors(int j) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < rangeCount[j]; k++) {
            int first = rangeFirst(j, k);
            int last = rangeLast(j, k);
            if (k > 0) {
                sb.append(' ');
            }
            sb.append(first);
            if (last != first) {
                sb.append('-').append(last);
            }
        }
        return sb.toString();
    }

    /** Job {@code j} as one record (made on request). */
    public JobRecord record(int j) {
        return JobRecord.of(
                id(j),
                submitSeconds(j),
                start[j],
                end[j],
                processors(j),
                estimateSeconds(j),
                killed(j),
                allocatedProcessors(j));
    }

    /** The jobs as records, in submit order: a read-only view that makes each record when it is read. */
    public List<JobRecord> records() {
        return new Records();
    }

    private final class Records extends AbstractList<JobRecord> implements RandomAccess {
        @Override
        public JobRecord get(int index) {
            if (index < 0 || index >= size()) {
                throw new IndexOutOfBoundsException(index);
            }
            return record(index);
        }

        @Override
        public int size() {
            return JobTable.this.size();
        }
    }
}
