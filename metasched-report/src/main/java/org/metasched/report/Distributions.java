package org.metasched.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds plottable series from raw values: histograms with bins shared by all samples, so that
 * algorithms can be compared bar by bar, and empirical CDFs.
 */
public final class Distributions {

    private Distributions() {}

    /** Histogram of one sample; see {@link #histograms(List, int)}. */
    public static Series histogram(Sample sample, int bins) {
        return histograms(List.of(sample), bins).get(0);
    }

    /**
     * Histograms of several samples over the same equal-width bins with round edges: the width is the smallest
     * of 1, 2, 2.5 or 5 times a power of ten that covers the smallest to the largest value of all samples in at
     * most {@code bins} bins, and the edges are multiples of it (so a bin reads "1000 to 2000", not "937.4 to
     * 1874.8"). Each series has one point per bin: x is the bin centre, y the number of values in the bin (bins
     * are half-open {@code [lo, hi)}, the last one closed). When all values are equal there is one bin around
     * them.
     */
    public static List<Series> histograms(List<Sample> samples, int bins) {
        if (bins < 1) {
            throw new IllegalArgumentException("bins = " + bins + "; a histogram needs at least 1 bin");
        }
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples given for the histogram");
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        // comparisons, not Math.min and Math.max: this runs interpreted (a report's loops run once), where each is a
        // call; the values are finite (Sample), and where min or max is a zero its sign changes nothing below
        for (Sample s : samples) {
            double[] v = s.values();
            for (double x : v) {
                if (x < min) {
                    min = x;
                }
                if (x > max) {
                    max = x;
                }
            }
        }
        if (min == Double.POSITIVE_INFINITY) {
            min = 0;
            max = 1;
        }
        int n;
        double lo;
        double width;
        if (max > min) {
            width = roundWidth((max - min) / bins);
            lo = Math.floor(min / width) * width;
            n = (int) Math.max(1, Math.ceil((max - lo) / width - 1e-9));
            while (n > bins && width < Double.MAX_VALUE / 2) { // flooring lo can cost one bin: widen once more
                width = roundWidth(width * 1.0000001);
                lo = Math.floor(min / width) * width;
                n = (int) Math.max(1, Math.ceil((max - lo) / width - 1e-9));
            }
        } else {
            n = 1;
            width = min == 0 ? 1 : roundWidth(Math.abs(min) / 10);
            lo = Math.floor(min / width) * width;
            if (lo == min) {
                lo -= width / 2;
            }
        }
        double[] centres = new double[n];
        for (int b = 0; b < n; b++) {
            centres[b] = lo + (b + 0.5) * width;
        }
        List<Series> out = new ArrayList<>(samples.size());
        for (Sample s : samples) {
            double[] counts = new double[n];
            for (double x : s.values()) {
                // truncation, not Math.floor: the same bin once clamped (a quotient in (-1, 0) is bin 0 either way)
                int b = (int) ((x - lo) / width);
                counts[b < 0 ? 0 : b >= n ? n - 1 : b]++;
            }
            out.add(new Series(s.name(), centres, counts));
        }
        return out;
    }

    /** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least {@code raw} (> 0). */
    static double roundWidth(double raw) {
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * power >= raw * (1 - 1e-12)) {
                return m * power;
            }
        }
        return 10 * power;
    }

    /**
     * Empirical CDF of a sample as a line that steps: for every distinct value v, the fraction of
     * values {@code <= v}, drawn as a vertical rise at v and flat until the next value. An empty
     * sample gives an empty series.
     */
    public static Series cdf(Sample sample) {
        double[] v = sample.sortedValues();
        int n = v.length;
        double[] x = new double[2 * n];
        double[] y = new double[2 * n];
        int k = 0;
        double previous = 0;
        for (int i = 0; i < n; i++) {
            if (i + 1 < n && v[i + 1] == v[i]) {
                continue; // only the last of equal values reaches the full step height
            }
            double f = (double) (i + 1) / n;
            x[k] = v[i];
            y[k++] = previous;
            x[k] = v[i];
            y[k++] = f;
            previous = f;
        }
        return new Series(sample.name(), java.util.Arrays.copyOf(x, k), java.util.Arrays.copyOf(y, k));
    }

    /**
     * A step function as a line: each value holds from its x until the next x. Returns points
     * (x0, y0), (x1, y0), (x1, y1), (x2, y1) ... so any line renderer draws the steps.
     */
    public static Series steps(Series s) {
        int n = s.size();
        if (n < 2) {
            return s;
        }
        double[] x = new double[2 * n - 1];
        double[] y = new double[2 * n - 1];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                x[k] = s.xAt(i);
                y[k++] = s.yAt(i - 1);
            }
            x[k] = s.xAt(i);
            y[k++] = s.yAt(i);
        }
        return new Series(s.name(), x, y);
    }
}
