package org.metasched.memory;

import java.util.Arrays;
import java.util.List;

/** The time-series and designation-log parts of {@link MemoryScheduleCheck}. */
final class SeriesCheck {
    private SeriesCheck() {}

    static void check(List<MemoryJobRecord> jobs, MemoryTimeSeries ts, int machines, int s, int r, int[] classGiB) {
        int k = classGiB.length - 1;
        if (ts.classes() != k) {
            throw new AssertionError("the series has " + ts.classes() + " classes, the cluster " + k);
        }
        double[][] submit = new double[k + 1][];
        double[][] start = new double[k + 1][];
        double[][] end = new double[k + 1][];
        int[] count = new int[k + 1];
        for (MemoryJobRecord j : jobs) {
            count[j.memoryClass()]++;
        }
        for (int c = 1; c <= k; c++) {
            submit[c] = new double[count[c]];
            start[c] = new double[count[c]];
            end[c] = new double[count[c]];
        }
        int[] at = new int[k + 1];
        double lastEnd = Double.NEGATIVE_INFINITY;
        for (MemoryJobRecord j : jobs) {
            int c = j.memoryClass();
            submit[c][at[c]] = j.submitSeconds();
            start[c][at[c]] = j.startSeconds();
            end[c][at[c]] = j.endSeconds();
            at[c]++;
            lastEnd = Math.max(lastEnd, j.endSeconds());
        }
        for (int c = 1; c <= k; c++) {
            Arrays.sort(submit[c]);
            Arrays.sort(start[c]);
            Arrays.sort(end[c]);
        }
        int[] ps = new int[k + 1];
        int[] pb = new int[k + 1];
        int[] pe = new int[k + 1];
        double previous = Double.NEGATIVE_INFINITY;
        for (int row = 0; row < ts.size(); row++) {
            double t = ts.timeSeconds(row);
            if (!(t > previous)) {
                throw new AssertionError("series row " + row + " at " + t + " does not come after " + previous);
            }
            previous = t;
            int busy = 0;
            int used = 0;
            int pools = 0;
            long poolGiB = 0;
            for (int c = 1; c <= k; c++) {
                ps[c] = advance(submit[c], ps[c], t);
                pb[c] = advance(start[c], pb[c], t);
                pe[c] = advance(end[c], pe[c], t);
                int running = pb[c] - pe[c];
                int waiting = ps[c] - pb[c];
                busy += running;
                used += running * classGiB[c];
                if (ts.queueLength(row, c) != waiting) {
                    throw new AssertionError("at " + t + " queue " + c + " holds " + ts.queueLength(row, c)
                            + " jobs in the series, " + waiting + " by the job records");
                }
                int pool = ts.poolSize(row, c);
                if (pool < running) {
                    throw new AssertionError("at " + t + " pool " + c + " has " + pool + " cores but " + running
                            + " class-" + c + " jobs run");
                }
                pools += pool;
                poolGiB += (long) pool * classGiB[c];
            }
            if (ts.busyCores(row) != busy || ts.usedMemoryGiB(row) != used) {
                throw new AssertionError("at " + t + " the series has " + ts.busyCores(row) + " busy cores and "
                        + ts.usedMemoryGiB(row) + " GiB used, the job records " + busy + " and " + used);
            }
            if (pools > machines * s || poolGiB > (long) machines * r) {
                throw new AssertionError("at " + t + " the pools hold " + pools + " cores and " + poolGiB
                        + " GiB, the cluster has " + machines * s + " cores and " + (long) machines * r + " GiB");
            }
        }
        if (!jobs.isEmpty() && (ts.size() == 0 || ts.timeSeconds(ts.size() - 1) != lastEnd)) {
            throw new AssertionError("the series ends at "
                    + (ts.size() == 0 ? "no row" : String.valueOf(ts.timeSeconds(ts.size() - 1)))
                    + ", the last job at " + lastEnd);
        }
    }

    /** Number of values {@code <= t} in sorted {@code v}, from {@code from} on. */
    private static int advance(double[] v, int from, double t) {
        int i = from;
        while (i < v.length && v[i] <= t) {
            i++;
        }
        return i;
    }

    static void designations(
            List<MemoryJobRecord> jobs, DesignationLog log, int machines, int s, int r, int[] classGiB) {
        int cores = machines * s;
        if (log.cores() != cores) {
            throw new AssertionError("the designation log has " + log.cores() + " cores, the cluster " + cores);
        }
        int[] d = new int[cores];
        int[] machineGiB = new int[machines];
        for (int c = 0; c < cores; c++) {
            d[c] = log.initialDesignation(c);
            machineGiB[c / s] += classGiB[d[c]];
        }
        for (int m = 0; m < machines; m++) {
            if (machineGiB[m] > r) {
                throw new AssertionError("machine " + m + " starts with " + machineGiB[m] + " GiB designated, more"
                        + " than its " + r + " GiB");
            }
        }
        // per-core change lists, in log (time) order
        int[] perCore = new int[cores + 1];
        for (int i = 0; i < log.size(); i++) {
            perCore[log.core(i) + 1]++;
        }
        for (int c = 0; c < cores; c++) {
            perCore[c + 1] += perCore[c];
        }
        int[] fill = Arrays.copyOf(perCore, cores);
        double[] changeTime = new double[log.size()];
        int[] changeTo = new int[log.size()];
        for (int i = 0; i < log.size(); i++) {
            int c = log.core(i);
            if (log.fromClass(i) != d[c]) {
                throw new AssertionError("designation change " + i + " of core " + c + " from class " + log.fromClass(i)
                        + ", but the core is designated to class " + d[c]);
            }
            int m = c / s;
            machineGiB[m] += classGiB[log.toClass(i)] - classGiB[d[c]];
            d[c] = log.toClass(i);
            if (machineGiB[m] > r) {
                throw new AssertionError("machine " + m + " has " + machineGiB[m] + " GiB designated at "
                        + log.timeSeconds(i) + ", more than its " + r + " GiB");
            }
            changeTime[fill[c]] = log.timeSeconds(i);
            changeTo[fill[c]] = log.toClass(i);
            fill[c]++;
        }
        for (MemoryJobRecord j : jobs) {
            int c = j.machine() * s + j.core();
            int lo = perCore[c];
            int hi = perCore[c + 1];
            int after = lo;
            while (after < hi && changeTime[after] <= j.startSeconds()) {
                after++;
            }
            int designation = after > lo ? changeTo[after - 1] : log.initialDesignation(c);
            if (j.endSeconds() == j.startSeconds()) {
                // a zero-length job may have run between changes made at its instant: any designation held then
                int first = after;
                while (first > lo && changeTime[first - 1] == j.startSeconds()) {
                    first--;
                }
                for (int i = first; i <= after && designation != j.memoryClass(); i++) {
                    int held = i > lo ? changeTo[i - 1] : log.initialDesignation(c);
                    designation = held == j.memoryClass() ? held : designation;
                }
            }
            if (designation != j.memoryClass() && designation != 0) {
                throw new AssertionError("job " + j.id() + " of class " + j.memoryClass() + " starts at "
                        + j.startSeconds() + " on core " + c + ", which is designated to class " + designation);
            }
            if (after < hi && changeTime[after] < j.endSeconds()) {
                throw new AssertionError("core " + c + " changes pool at " + changeTime[after] + " while job " + j.id()
                        + " runs on it [" + j.startSeconds() + ", " + j.endSeconds() + ")");
            }
        }
    }
}
