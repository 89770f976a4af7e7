package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangSimulation;
import org.metasched.metrics.MeanInterval;
import org.metasched.metrics.Verdict;
import org.metasched.model.Workload;
import org.metasched.random.RandomStreams;

/** The P001 experiment definition on a small synthetic workload (the real trace: {@link P001TraceTest}). */
class P001ExperimentTest {
    static Workload synthetic(int n) {
        UniformRandomProvider rng = new RandomStreams(99).stream("p001-test");
        Workload.Builder b = Workload.builder(128);
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += rng.nextInt(400);
            int s = rng.nextInt(4) == 0 ? 1 : 1 << rng.nextInt(8);
            long run = 1L + rng.nextInt(20_000);
            b.add(i + 1, t, run, run, s);
        }
        return b.build();
    }

    private static final P001Experiment.Config SMALL = new P001Experiment.Config(
            P001Experiment.DISPATCHERS,
            P001Experiment.POLICIES,
            3,
            400,
            List.of(100, 200, 400),
            GangConfig.DEFAULTS.withSeed(5),
            false,
            false);

    /** One run has no interval: the findings show "-" where it would be, never NaN (docs/outputs.md). */
    @Test
    void oneRunsFindingsShowNoNaN() {
        P001Experiment.Config one = new P001Experiment.Config(
                SMALL.dispatchers(),
                SMALL.policies(),
                1,
                SMALL.jobs(),
                SMALL.executedJobs(),
                SMALL.platform(),
                false,
                false);
        List<Finding> findings = P001Findings.judge(one, P001Experiment.outcome(synthetic(500), one, 2, x -> {}));
        assertThat(findings).isNotEmpty();
        assertThat(findings).allSatisfy(f -> assertThat(f.detail()).doesNotContain("NaN"));
        assertThat(findings).anySatisfy(f -> assertThat(f.detail()).contains("+- -"));
    }

    @Test
    void aRowPerDispatcherPolicyAndExecutedJobsInTheTableOrder() {
        List<P001Experiment.Row> rows = P001Experiment.run(synthetic(500), SMALL, 2, x -> {});
        assertThat(rows).hasSize(2 * 6 * 3);
        assertThat(rows.get(0).dispatch()).isEqualTo("olb");
        assertThat(rows.get(0).policy()).isEqualTo("afcfs");
        assertThat(rows.get(0).executedJobs()).isEqualTo(100);
        assertThat(rows.get(3).policy()).isEqualTo("afcfs-m");
        assertThat(rows.get(3).migration()).isTrue();
        assertThat(rows.get(rows.size() - 1).dispatch()).isEqualTo("jseq");
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.runs()).isEqualTo(3);
            assertThat(r.art()).isGreaterThanOrEqualTo(r.awt());
            assertThat(r.artCi95()).isNotNegative();
        });
        // LoC and utilization are of the whole run: the same on every row of a dispatcher and policy
        assertThat(rows.get(0).loc()).isEqualTo(rows.get(2).loc());
        assertThat(rows.get(0).utilization()).isEqualTo(rows.get(2).utilization());
    }

    @Test
    void theNumbersDoNotDependOnTheThreadCount() {
        Workload w = synthetic(450);
        P001Experiment.Config c = SMALL.withRuns(2);
        assertThat(P001Experiment.run(w, c, 2, x -> {})).isEqualTo(P001Experiment.run(w, c, 1, x -> {}));
        assertThat(P001Experiment.run(w, c, 3, x -> {})).isEqualTo(P001Experiment.run(w, c, 1, x -> {}));
    }

    @Test
    void artAndItsConfidenceIntervalComeFromTheRuns() {
        Workload w = synthetic(450);
        P001Experiment.Row row = P001Experiment.run(w, SMALL, 1, x -> {}).stream()
                .filter(r -> r.dispatch().equals("jseq") && r.policy().equals("lxf") && r.executedJobs() == 200)
                .findFirst()
                .orElseThrow();
        double[] art = new double[3];
        GangJobs jobs = GangJobs.of(w, 400);
        for (int r = 0; r < 3; r++) {
            art[r] = GangSimulation.run(
                            jobs,
                            SMALL.platform()
                                    .withDispatch(GangRegistries.DISPATCHERS.byName("jseq"))
                                    .withPolicy(GangRegistries.POLICIES.byName("lxf")),
                            r)
                    .artSeconds(200);
        }
        double mean = (art[0] + art[1] + art[2]) / 3;
        double sd = Math.sqrt(((art[0] - mean) * (art[0] - mean)
                        + (art[1] - mean) * (art[1] - mean)
                        + (art[2] - mean) * (art[2] - mean))
                / 2);
        assertThat(row.art()).isCloseTo(mean, within(1e-6));
        // t(0.975, 2 degrees of freedom) = 4.302653
        assertThat(row.artCi95()).isCloseTo(4.302653 * sd / Math.sqrt(3), within(1e-4 * (1 + sd)));
    }

    @Test
    void tenRunsUseTheSpecsStudentQuantile() {
        // spec 5.6: t(0.975, 9) = 2.262
        double t =
                org.apache.commons.statistics.distribution.TDistribution.of(9).inverseCumulativeProbability(0.975);
        assertThat(t).isCloseTo(2.262, within(0.0005));
    }

    @Test
    void thePapersNumbersWithTheGarbledCellsFixed() {
        assertThat(P001Paper.art("olb", "afcfs", 500)).isEqualTo(40_133.44);
        assertThat(P001Paper.art("olb", "afcfs-m", 1500)).isEqualTo(29_175.47);
        assertThat(P001Paper.art("olb", "lxf", 3000)).isEqualTo(301_549.44);
        assertThat(P001Paper.art("olb", "lxf-m", 3000)).isEqualTo(165_735.51);
        assertThat(P001Paper.art("jseq", "ljfs-m", 3000)).isEqualTo(340_029.61);
        assertThat(P001Paper.art("jseq", "ljfs", 750)).isNaN();
        assertThat(P001Paper.loc("olb", "afcfs-m")).isEqualTo(3.48);
        assertThat(P001Paper.loc("jseq", "ljfs-m")).isEqualTo(6.89);
        assertThat(P001Paper.loc("jseq", "lxf")).isEqualTo(50.0);
    }

    @Test
    void paperSizesFollowTheHistogramExactly() {
        Workload w = P001Paper.withJobSizes(synthetic(3200), 1);
        assertThat(w.size()).isEqualTo(3000);
        Map<Integer, Integer> counts = new HashMap<>();
        long tasks = 0;
        for (int j = 0; j < w.size(); j++) {
            counts.merge(w.processors(j), 1, Integer::sum);
            tasks += w.processors(j);
        }
        assertThat(counts)
                .containsOnly(
                        Map.entry(1, 30),
                        Map.entry(2, 90),
                        Map.entry(4, 60),
                        Map.entry(8, 60),
                        Map.entry(32, 1860),
                        Map.entry(64, 570),
                        Map.entry(128, 330));
        assertThat(tasks).isEqualTo(139_170);
        Workload original = synthetic(3200);
        assertThat(w.submitSeconds(2999)).isEqualTo(original.submitSeconds(2999));
        assertThat(w.runtimeSeconds(17)).isEqualTo(original.runtimeSeconds(17));
    }

    @Test
    void onlyJobsThatFitTheLargestClusterAreSimulated() {
        Workload.Builder b = Workload.builder(512);
        b.add(1, 0, 100, 100, 300); // larger than 256: left out
        b.add(2, 10, 100, 100, 256);
        b.add(3, 20, 100, 100, 512); // left out
        b.add(4, 30, 100, 100, 8);
        b.add(5, 40, 100, 100, 300); // after the last simulated job: not counted
        Workload w = b.build();
        P001Experiment.Config c = SMALL.withRuns(1);
        GangJobs jobs = P001Experiment.jobs(
                w,
                new P001Experiment.Config(
                        List.of(P001Experiment.DISPATCHERS.get(0)),
                        List.of(P001Experiment.POLICIES.get(0)),
                        1,
                        2,
                        List.of(2),
                        SMALL.platform(),
                        false,
                        false));
        assertThat(jobs.size()).isEqualTo(2);
        assertThat(jobs.id(0)).isEqualTo(2);
        assertThat(jobs.id(1)).isEqualTo(4);
        P001Experiment.Outcome o = P001Experiment.outcome(
                w,
                new P001Experiment.Config(
                        List.of(P001Experiment.DISPATCHERS.get(0)),
                        List.of(P001Experiment.POLICIES.get(0)),
                        1,
                        2,
                        List.of(2),
                        c.platform(),
                        false,
                        false),
                1,
                x -> {});
        assertThat(o.jobs()).isEqualTo(2);
        assertThat(o.tasks()).isEqualTo(264);
        assertThat(o.skippedLarger()).isEqualTo(2);
        assertThat(o.curves().get(0).rejectedJobs()).isZero();
    }

    /** An outcome with the given ART (mean, half-width) at 100 jobs and LoC (mean, half-width) per OLB policy. */
    private static P001Experiment.Outcome outcome(double[][] art, double[][] loc) {
        List<P001Experiment.Row> rows = new java.util.ArrayList<>();
        List<P001Experiment.Curve> curves = new java.util.ArrayList<>();
        for (int p = 0; p < P001Experiment.POLICIES.size(); p++) {
            String policy = P001Experiment.POLICIES.get(p).name();
            rows.add(new P001Experiment.Row(
                    "olb", policy, policy.endsWith("-m"), 100, art[p][0], art[p][1], 0, loc[p][0], 0.5, 10));
            curves.add(new P001Experiment.Curve(
                    "olb", policy, new double[0], 0, 0, 0, new MeanInterval(loc[p][0], loc[p][1], 10)));
        }
        return new P001Experiment.Outcome(rows, curves, 100, 1000, 0);
    }

    private static Map<String, Verdict> verdicts(P001Experiment.Outcome o) {
        P001Experiment.Config c = new P001Experiment.Config(
                List.of(P001Experiment.DISPATCHERS.get(0)),
                P001Experiment.POLICIES,
                10,
                100,
                List.of(100),
                SMALL.platform(),
                false,
                false);
        Map<String, Verdict> out = new java.util.LinkedHashMap<>();
        for (Finding f : P001Findings.judge(c, o)) {
            out.put(f.statement(), f.verdict());
        }
        return out;
    }

    @Test
    void thePapersFindingsAreJudgedWithTheIntervals() {
        // columns afcfs, afcfs-m, lxf, lxf-m, ljfs, ljfs-m
        double[][] art = {{100, 5}, {40, 2}, {160, 5}, {120, 5}, {250, 10}, {200, 10}};
        double[][] loc = {{50, 1}, {3, 0.5}, {52, 1}, {16, 1}, {48, 1}, {9, 1}};
        Map<String, Verdict> v = verdicts(outcome(art, loc));
        assertThat(v)
                .containsExactly(
                        Map.entry("olb: ART AFCFS < LXF < LJFS without migration (100 executed jobs)", Verdict.HOLDS),
                        Map.entry("olb: migration lowers ART for every policy (100 executed jobs)", Verdict.HOLDS),
                        Map.entry("olb: migration lowers LoC for every policy", Verdict.HOLDS),
                        Map.entry("olb: LoC about 50 % without migration (each within 35-65 %)", Verdict.HOLDS),
                        Map.entry("olb: migrating LoCs in the paper's order AFCFSm < LJFSm < LXFm", Verdict.HOLDS),
                        Map.entry("olb: AFCFSm has the least ART (100 executed jobs)", Verdict.HOLDS));

        art[2] = new double[] {104, 5}; // LXF above AFCFS in the mean only
        loc[4] = new double[] {64, 2}; // LJFS's LoC inside 35-65 % only in the mean
        art[5] = new double[] {260, 10}; // LJFSm above LJFS: migration does not lower it
        v = verdicts(outcome(art, loc));
        assertThat(v.get("olb: ART AFCFS < LXF < LJFS without migration (100 executed jobs)"))
                .isEqualTo(Verdict.HOLDS_IN_MEANS);
        assertThat(v.get("olb: LoC about 50 % without migration (each within 35-65 %)"))
                .isEqualTo(Verdict.HOLDS_IN_MEANS);
        assertThat(v.get("olb: migration lowers ART for every policy (100 executed jobs)"))
                .isEqualTo(Verdict.FAILS);
        assertThat(v.get("olb: migration lowers LoC for every policy")).isEqualTo(Verdict.HOLDS);

        art[2] = new double[] {90, 1}; // LXF below AFCFS
        assertThat(verdicts(outcome(art, loc)).get("olb: ART AFCFS < LXF < LJFS without migration (100 executed jobs)"))
                .isEqualTo(Verdict.FAILS);
    }

    /**
     * A log on a late clock (Unix microseconds) whose first record is a job too large for the grid, left out: with
     * the log's start given, the table is that of the same log on its own origin to the last bit, as gang's is
     * (GangJobs.withLogStart). Rebased to the first kept job instead, the model's clock is another one and the
     * results differed in their last bits.
     */
    @Test
    void aLogOnALateClockGivesItsOwnTableFromTheLogsStart() {
        Workload own = synthetic(500);
        long shift = 1_700_000_000_000_000L;
        Workload.Builder early = Workload.builder(own.machineProcessors() * 8);
        Workload.Builder late = Workload.builder(own.machineProcessors() * 8);
        early.add(0, 0, 100, 100, 1000); // larger than the largest cluster: left out, but the log starts with it
        late.add(0, shift, 100, 100, 1000);
        for (int j = 0; j < own.size(); j++) {
            long submit = own.submitSeconds(j) + 7_919; // the first kept job well after the log's start
            early.add(own.id(j), submit, own.runtimeSeconds(j), own.estimateSeconds(j), own.processors(j));
            late.add(own.id(j), shift + submit, own.runtimeSeconds(j), own.estimateSeconds(j), own.processors(j));
        }
        P001Experiment.Config one = new P001Experiment.Config(
                SMALL.dispatchers(), SMALL.policies(), 1, 400, List.of(400), SMALL.platform(), false, false);
        List<P001Experiment.Row> expected =
                P001Experiment.outcome(early.build(), 0, one, 2, x -> {}).rows();
        List<P001Experiment.Row> shifted =
                P001Experiment.outcome(late.build(), shift, one, 2, x -> {}).rows();
        assertThat(shifted).isEqualTo(expected);
        assertThat(expected).allSatisfy(r -> assertThat(r.art()).isPositive());
    }
}
