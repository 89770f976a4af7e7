package org.metasched.pipeline;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.metasched.metrics.MeanInterval;

/**
 * Small value conversions the pipelines and reports share: fixed decimals, lists to arrays, means over runs, trace
 * names.
 */
public final class Values {
    private Values() {}

    /** {@code v} with {@code decimals} decimals (Locale.ROOT), empty for NaN. */
    public static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** {@code "1 run"}, {@code "10 runs"}. */
    public static String runs(int n) {
        return counted("%d", n, "run");
    }

    /**
     * {@code n} formatted by {@code format} (Locale.ROOT), then {@code noun}, plural (an s) unless n is 1: "1 cell",
     * "0 cells", "3,000 jobs". Every count shown with its noun goes through here, so that none says "1 jobs".
     */
    public static String counted(String format, long n, String noun) {
        return counted(format, n, noun, noun + "s");
    }

    /**
     * {@link #counted(String, long, String)} for a noun whose plural is not an added s: "1 sub-batch", "2
     * sub-batches".
     */
    public static String counted(String format, long n, String noun, String plural) {
        return String.format(Locale.ROOT, format, n) + " " + (n == 1 ? noun : plural);
    }

    public static double[] array(List<Double> v) {
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }

    /**
     * {mean, 95 % half-width} of {@code metric} over the {@code runs} that have a value ({@link MeanInterval}); when
     * some have none (NaN: a run without jobs has no flowtime), a third element, how many have one, and the mean and
     * half-width are over those (both NaN when none has). A run without a value is not one of 0, and one run's
     * missing value does not take away the others'.
     */
    public static <T> double[] interval(List<T> runs, ToDoubleFunction<T> metric) {
        double[] v = new double[runs.size()];
        int n = 0;
        for (T run : runs) {
            double x = metric.applyAsDouble(run);
            if (!Double.isNaN(x)) {
                v[n++] = x;
            }
        }
        if (n == 0) {
            return new double[] {Double.NaN, Double.NaN, 0};
        }
        MeanInterval m = MeanInterval.of(n == v.length ? v : Arrays.copyOf(v, n));
        return n == v.length ? new double[] {m.mean(), m.halfWidth95()} : new double[] {m.mean(), m.halfWidth95(), n};
    }

    /**
     * The name a trace is shown under (the terminal summary, {@code summary.json}, the report): a regular file's
     * name ({@code KTH-SP2-1996-2.1-cln.swf.gz}, as the goldens have it); anything else, a pipe, {@code /dev/stdin}
     * or a shell's {@code <(zcat t.swf.gz)}, by the path as given ({@code /dev/fd/63}), whose last element alone
     * ({@code 63}) would name nothing a reader knows. A missing file counts as regular (reading it says it is
     * missing), as the reader counts it.
     */
    public static String workloadName(Path workload) {
        Path name = workload.getFileName();
        boolean regular = Files.isRegularFile(workload) || !Files.exists(workload);
        return regular && name != null ? name.toString() : workload.toString();
    }

    /**
     * A trace file's name without {@code .gz} and {@code .swf}, for the default output directories; {@code pipe} for a
     * trace read from a pipe ({@code <(zcat t.swf.gz)} is {@code /dev/fd/63}, whose {@code 63} names nothing).
     */
    public static String traceName(Path workload) {
        if (Files.exists(workload) && !Files.isRegularFile(workload) && !Files.isDirectory(workload)) {
            return "pipe";
        }
        String name = workload.getFileName().toString();
        for (String suffix : new String[] {".gz", ".swf"}) {
            if (name.endsWith(suffix)) {
                name = name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }
}
