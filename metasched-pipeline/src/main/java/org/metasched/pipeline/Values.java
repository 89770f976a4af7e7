package org.metasched.pipeline;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.metasched.metrics.MeanInterval;

/** Small value conversions the pipelines and reports share: fixed decimals, lists to arrays, means over runs. */
final class Values {
    private Values() {}

    /** {@code v} with {@code decimals} decimals (Locale.ROOT), empty for NaN. */
    static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    static double[] array(List<Double> v) {
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }

    /** {mean, 95 % half-width} of {@code metric} over {@code runs} ({@link MeanInterval}). */
    static <T> double[] interval(List<T> runs, ToDoubleFunction<T> metric) {
        double[] v = new double[runs.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = metric.applyAsDouble(runs.get(i));
        }
        MeanInterval m = MeanInterval.of(v);
        return new double[] {m.mean(), m.halfWidth95()};
    }
}
