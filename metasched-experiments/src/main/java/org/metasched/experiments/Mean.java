package org.metasched.experiments;

import java.util.List;

/**
 * A mean that ignores NaN, for P002's tables: each run fills its own, and the runs' are merged in run order, so a
 * table does not depend on the thread count.
 */
final class Mean {
    private double sum;
    private long count;

    void add(double v) {
        if (!Double.isNaN(v)) {
            sum += v;
            count++;
        }
    }

    void addAll(Mean other) {
        sum += other.sum;
        count += other.count;
    }

    double value() {
        return count == 0 ? Double.NaN : sum / count;
    }

    long count() {
        return count;
    }

    /** {@code n} empty means. */
    static Mean[] array(int n) {
        Mean[] m = new Mean[n];
        for (int i = 0; i < n; i++) {
            m[i] = new Mean();
        }
        return m;
    }

    /** Row {@code row} of every run's means, merged column by column in run order. */
    static Mean[] merged(List<Mean[][]> runs, int row) {
        Mean[] m = array(runs.get(0)[row].length);
        for (Mean[][] r : runs) {
            for (int v = 0; v < m.length; v++) {
                m[v].addAll(r[row][v]);
            }
        }
        return m;
    }
}
