package org.metasched.pipeline.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.experiments.P002Environment;
import org.metasched.pipeline.Values;

/**
 * What paper P002's {@code reproduce} targets (spec 3.10) share: their parameters ({@code --sub-batches}, {@code
 * --budgets}) and the medium-load set-up line. The targets are Figure 5 ({@link P002StrategiesTarget}), Figure 6
 * ({@link P002WorkingTimeTarget}), Table 1 ({@link P002UserCriteriaTarget}), Figure 7 ({@link P002SlicingTarget}),
 * Table 2 ({@link P002OwnerPriceTarget}), Figure 9 ({@link P002BsfTarget}) and Table 3 ({@link
 * P002RealRuntimesTarget}).
 */
final class P002Targets {
    /** The name of p002-slicing's budget parameter ({@code --budgets calibrated|spec}). */
    static final String BUDGETS = "budgets";

    static boolean specBudgets(ReproduceTarget.Settings s) {
        return "spec".equals(s.parameters().get(BUDGETS));
    }

    /** The name of the sub-batch parameter ({@code --sub-batches}). */
    static final String SUB_BATCHES = "sub-batches";

    private P002Targets() {}

    /** The allowed sub-batch counts for a 20-job batch, {@code first} first (the default). */
    static Map<String, List<String>> subBatches(int first) {
        List<String> values = new ArrayList<>();
        values.add(Integer.toString(first));
        for (int k = 1; k <= P002Environment.JOBS; k++) {
            if (k != first) {
                values.add(Integer.toString(k));
            }
        }
        return Map.of(SUB_BATCHES, values);
    }

    static int subBatches(ReproduceTarget.Settings s) {
        return Integer.parseInt(s.parameters().get(SUB_BATCHES));
    }

    /**
     * The set-up line of a target on medium-load cycles: the runs, the seed, {@code scheduler} (a format of the
     * sub-batch count: {@code %1$d} the number, {@code %2$s} the number with its noun), the VO problem and the domain.
     */
    static String mediumSetUp(ReproduceTarget.Settings s, String scheduler) {
        return String.format(
                Locale.ROOT,
                "%s, seed %d, %s, VO problem min-time; %s",
                Values.counted("%d", s.runs(), "cycle"),
                s.seed(),
                String.format(
                        Locale.ROOT,
                        scheduler,
                        subBatches(s),
                        Values.counted("%d", subBatches(s), "sub-batch", "sub-batches")),
                medium());
    }

    static String medium() {
        return "24 nodes, interval [0, 600], 20 jobs, " + P002Environment.Load.MEDIUM.describe();
    }
}
