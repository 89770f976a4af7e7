package org.metasched.experiments;

import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.model.Workload;
import org.metasched.random.RandomStreams;
import org.metasched.registry.Registered;

/**
 * What paper P001 publishes for its Tables 3 and 4 and its LoC figures (spec 5.8), to stand beside ours, and its
 * job-size histogram ({@link #withJobSizes}, spec 5.8's synthetic alternative to the trace's own sizes). The
 * experiment itself is {@link P001Experiment}.
 */
public final class P001Paper {
    /**
     * Table 3 (S1, OLB): ART in seconds, rows {@link P001Experiment#EXECUTED_JOBS}, columns
     * {@link P001Experiment#POLICIES}.
     */
    private static final double[][] PAPER_TABLE3 = {
        {40_133.44, 10_719.64, 57_826.43, 26_209.00, 82_580.55, 46_161.78},
        {85_287.65, 19_498.69, 118_982.20, 59_897.42, 197_405.05, 113_076.48},
        {116_247.61, 29_175.47, 171_619.96, 90_376.76, 307_561.28, 200_460.79},
        {164_252.48, 35_410.80, 240_306.39, 116_669.94, 397_360.80, 277_986.15},
        {190_661.94, 42_315.17, 298_628.58, 147_463.46, 492_325.32, 337_005.26},
        {185_395.03, 40_170.85, 301_549.44, 165_735.51, 465_193.56, 333_426.95}
    };

    /** Table 4 (S2, JSEQ). */
    private static final double[][] PAPER_TABLE4 = {
        {22_432.98, 11_940.57, 43_339.01, 27_840.66, 76_982.39, 50_044.96},
        {61_298.36, 20_463.54, 92_728.93, 62_541.50, 170_497.66, 119_391.59},
        {87_077.07, 29_937.91, 138_066.91, 93_214.22, 265_064.16, 215_580.81},
        {120_630.94, 36_003.33, 193_861.07, 117_629.26, 355_929.28, 284_934.41},
        {149_538.01, 41_998.61, 242_923.46, 147_423.36, 445_306.99, 349_568.18},
        {143_846.61, 40_030.39, 245_386.95, 162_278.49, 429_514.51, 340_029.61}
    };

    /**
     * LoC in percent (section 8.3), rows S1, S2, columns {@link P001Experiment#POLICIES}. Without migration the paper
     * gives only "approximately 50 %" for every policy, recorded as 50.
     */
    private static final double[][] PAPER_LOC = {
        {50, 3.48, 50, 16.63, 50, 9.63},
        {50, 3.39, 50, 16.2, 50, 6.89}
    };

    /** P001 section 8.1: job sizes of its 3 000 SDSC jobs, {size, count}; they add up to 139 170 tasks. */
    private static final int[][] PAPER_SIZES = {{1, 30}, {2, 90}, {4, 60}, {8, 60}, {32, 1860}, {64, 570}, {128, 330}};

    private P001Paper() {}

    /**
     * The workload with P001's job-size histogram instead of its own sizes (spec 5.8's synthetic alternative):
     * the first {@code min(n, 3000)} jobs keep their submit times, run times and estimates, and take their sizes
     * from a seeded random permutation of the paper's 3 000 sizes (30 x 1, 90 x 2, 60 x 4, 60 x 8, 1 860 x 32, 570
     * x 64, 330 x 128; 139 170 tasks). Stream {@code paper-sizes} of the seed.
     */
    public static Workload withJobSizes(Workload workload, long seed) {
        int[] sizes = new int[3000];
        int k = 0;
        for (int[] sc : PAPER_SIZES) {
            for (int i = 0; i < sc[1]; i++) {
                sizes[k++] = sc[0];
            }
        }
        UniformRandomProvider rng = new RandomStreams(seed).stream("paper-sizes");
        for (int i = sizes.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = sizes[i];
            sizes[i] = sizes[j];
            sizes[j] = t;
        }
        int n = Math.min(workload.size(), sizes.length);
        Workload.Builder b = Workload.builder(Math.max(128, workload.machineProcessors()));
        for (int j = 0; j < n; j++) {
            b.add(
                    workload.id(j),
                    workload.submitSeconds(j),
                    workload.runtimeSeconds(j),
                    workload.estimateSeconds(j),
                    sizes[j],
                    workload.killed(j));
        }
        return b.build();
    }

    /** The paper's ART for a scenario, policy and number of executed jobs, or NaN when it has none. */
    public static double art(String dispatch, String policy, int executedJobs) {
        int d = Registered.names(P001Experiment.DISPATCHERS).indexOf(dispatch);
        int p = Registered.names(P001Experiment.POLICIES).indexOf(policy);
        int k = P001Experiment.EXECUTED_JOBS.indexOf(executedJobs);
        if (d < 0 || p < 0 || k < 0) {
            return Double.NaN;
        }
        return (d == 0 ? PAPER_TABLE3 : PAPER_TABLE4)[k][p];
    }

    /** The paper's LoC (percent) for a scenario and policy, or NaN; 50 stands for "approximately 50 %". */
    public static double loc(String dispatch, String policy) {
        int d = Registered.names(P001Experiment.DISPATCHERS).indexOf(dispatch);
        int p = Registered.names(P001Experiment.POLICIES).indexOf(policy);
        return d < 0 || p < 0 ? Double.NaN : PAPER_LOC[d][p];
    }
}
