package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangPolicy;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangScheduleCheck;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.LocalDispatcher;
import org.metasched.gang.StartRule;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.model.Workload;
import org.metasched.registry.Registered;
import org.metasched.registry.Registration;

/**
 * P001 on the SDSC-SP2 log, the workload of spec 5.8 v1 (first 3 000 jobs, folder from system property {@code
 * metasched.traces}; skipped visibly when absent), under D13 v1 ({@link StartRule#ADAPTED}) as documented before
 * the spec's v2, with 3 runs instead of 10 to stay quick: the findings that hold at full size
 * (docs/design/p001-notes.md) and the schedule invariants of every policy and dispatcher. The default workload and
 * rule: {@link P001BlueTraceTest}.
 */
class P001TraceTest {
    private static Workload workload;
    private static List<P001Experiment.Row> rows;

    @BeforeAll
    static void run() {
        String dir = System.getProperty("metasched.traces");
        assumeTrue(dir != null, "system property metasched.traces is not set: real-trace test skipped");
        Path p = Path.of(dir, "SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz");
        assumeTrue(Files.isRegularFile(p), p + " is absent: real-trace test skipped");
        workload = new SwfReader(SwfOptions.DEFAULTS).read(p).workload();
        P001Experiment.Config paper = P001Experiment.Config.paper(2019).withRuns(3);
        rows = P001Experiment.run(
                workload,
                paper.withPlatform(paper.platform().withStartRule(GangRegistries.START_RULES.byName("adapted"))),
                2,
                x -> {});
    }

    private static P001Experiment.Row row(String dispatch, String policy, int executed) {
        return rows.stream()
                .filter(r -> r.dispatch().equals(dispatch) && r.policy().equals(policy) && r.executedJobs() == executed)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void everyRowOfTheTablesIsThere() {
        assertThat(rows).hasSize(2 * 6 * 6);
        assertThat(rows).allSatisfy(r -> assertThat(r.runs()).isEqualTo(3));
    }

    @Test
    void migrationReducesArtAndLossOfCapacityForEveryPolicy() {
        for (String d : Registered.names(P001Experiment.DISPATCHERS)) {
            for (String p : List.of("afcfs", "lxf", "ljfs")) {
                P001Experiment.Row without = row(d, p, 3000);
                P001Experiment.Row with = row(d, p + "-m", 3000);
                assertThat(with.art()).as("%s %s", d, p).isLessThan(without.art());
                assertThat(with.loc()).as("%s %s", d, p).isLessThan(without.loc() / 10);
            }
        }
    }

    @Test
    void jseqIsAtOrBelowOlbWithoutMigration() {
        for (String p : List.of("afcfs", "lxf", "ljfs")) {
            for (int k : P001Experiment.EXECUTED_JOBS) {
                assertThat(row("jseq", p, k).art())
                        .as("%s %d", p, k)
                        .isLessThan(row("olb", p, k).art());
            }
        }
    }

    @Test
    void everySchedulePassesTheChecks() {
        GangJobs jobs = GangJobs.of(workload, 3000);
        for (Registration<LocalDispatcher, Void> d : P001Experiment.DISPATCHERS) {
            for (Registration<GangPolicy, Void> p : P001Experiment.POLICIES) {
                GangResult r = GangSimulation.run(
                        jobs, GangConfig.DEFAULTS.withDispatch(d).withPolicy(p), 0);
                GangScheduleCheck.result(r);
                assertThat(r.summary().executedJobs()).isEqualTo(3000);
            }
        }
    }
}
