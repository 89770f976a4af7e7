package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The paper targets write table.csv with exactly the issues' columns (checked on the tables that {@link
 * GoldenOutputsTest} compares each target's run with) and take their options end to end at small counts.
 */
class PaperTargetsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "p004;workload,policy,threshold,coreUtilization,memoryUtilization,meanFlowtime,meanFlowtimeCi95,"
                        + "meanWait,reprovisionings,runs;18",
                "p003-job-load;jobLoad,algorithm,availability,found,runs;22",
                "p003-time-scan;algorithm,startPoints,accuracy,speedup,evaluations,runs;9",
                "p001;dispatch,policy,migration,executedJobs,art,artCi95,awt,loc,utilization,runs;72",
                "p002-strategies;strategy,start,runtime,finish,processorTime,cost,runs;7",
                "p002-working-time;strategy,nodes,interval,meanMicros,runs;70",
                "p002-user-criteria;scheme,criterion,alternatives,start,runtime,finish,cost,runs;5",
                "p002-slicing;load,subBatches,processorTime,cost,alternatives,failureShare,runs;21",
                "p002-owner-price;price,busyTime,utilization,profit,failureShare,runs;5",
                "p002-bsf;cssShare,processorTime,start,runs;11",
                "p002-real-runtimes;algorithm,processorTimeScheduled,processorTimeReal,startScheduled,startReal,runs;3"
            })
    void aTargetWritesItsTable(String target, String columns, int rows) throws IOException {
        // GoldenOutputsTest runs every target with these arguments in-process and compares the table.csv it writes
        // byte for byte with the recorded one (p001 when the shared traces are there), so the columns
        // and rows are checked on that file instead of by a second run of each target (p001 on SDSC-BLUE alone took
        // 6-14 s of this class)
        List<String> args = List.of("reproduce", target, "--runs", "2", "--seed", "5");
        assertThat(GoldenOutputsTest.cases().filter(c -> c.args().equals(args)).toList())
                .as("GoldenOutputsTest's case %s", args)
                .singleElement()
                .satisfies(c -> assertThat(c.writesDirectory()).isTrue())
                .satisfies(c -> assertThat(c.needsTraces()).isEqualTo(target.equals("p001")));
        List<String> lines = Files.readAllLines(
                GoldenOutputsTest.GOLDEN.resolve("reproduce-" + target).resolve("table.csv"));
        assertThat(lines.get(0)).isEqualTo(columns);
        assertThat(lines).hasSize(1 + rows);
        assertThat(lines.get(1).split(",", -1)).hasSize(columns.split(",").length);
    }

    /**
     * p001's earlier default, one option each away: SDSC-SP2 with D13 v1 gives the table it gave before them; the
     * terminal names the workload and rule and judges every finding.
     */
    @Test
    void p001TakesAWorkloadAndAStartRuleAndJudgesTheFindings() throws IOException {
        Path sp2 = Path.of(System.getProperty("metasched.traces", "../shared/traces"))
                .resolve("SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz");
        assumeTrue(Files.isRegularFile(sp2), "no " + sp2 + ": skipped");
        Path out = dir.resolve("sp2");
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p001",
                "--workload",
                sp2.toString(),
                "--start-rule",
                "ADAPTED",
                "--runs",
                "2",
                "--no-progress",
                "--no-report",
                "-o",
                out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("start-rule adapted, workload " + sp2)
                .contains("workload: first 3,000 jobs of SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz that fit 256"
                        + " processors (43,052 tasks; 0 larger jobs left out); start rule adapted")
                .contains("The paper's findings (holds: 95 % intervals apart;")
                .containsPattern("(?m)^(holds|in means|fails): +olb: ART AFCFS < LXF < LJFS without migration")
                .containsPattern("(?m)^(holds|in means|fails): +JSEQ below OLB in ART");
        List<String> lines = Files.readAllLines(out.resolve("table.csv"));
        assertThat(lines).hasSize(73);

        CliRunner.Result missing = CliRunner.run(
                "reproduce",
                "p001",
                "--workload",
                dir.resolve("none.swf").toString(),
                "--no-progress",
                "-o",
                dir.resolve("x").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err().strip())
                .contains("none.swf")
                .contains("no such file")
                .doesNotContain("\n");
        CliRunner.Result rule = CliRunner.run(
                "reproduce",
                "p001",
                "--start-rule",
                "strict",
                "--no-progress",
                "-o",
                dir.resolve("x").toString());
        assertThat(rule.exitCode()).isEqualTo(2);
        assertThat(rule.err()).contains("--start-rule").contains("strict").contains("queue-heads, adapted");
        CliRunner.Result other = CliRunner.run(
                "reproduce",
                "p002-bsf",
                "--workload",
                sp2.toString(),
                "--no-progress",
                "-o",
                dir.resolve("x").toString());
        assertThat(other.exitCode()).isEqualTo(2);
        assertThat(other.err()).contains("workload").contains("p002-bsf");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    @Test
    void theSlicerTargetsTakeSubBatchesAndTheOthersRefuseIt() throws IOException {
        Path out = dir.resolve("bsf");
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p002-bsf",
                "--runs",
                "2",
                "--sub-batches",
                "4",
                "--no-progress",
                "--no-report",
                "-o",
                out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readAllLines(out.resolve("table.csv"))).hasSize(12);

        CliRunner.Result bad = CliRunner.run(
                "reproduce",
                "p002-bsf",
                "--runs",
                "2",
                "--sub-batches",
                "21",
                "--no-progress",
                "-o",
                dir.resolve("x").toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err().strip()).contains("sub-batches").contains("21").doesNotContain("\n");
        assertThat(dir.resolve("x")).doesNotExist();

        CliRunner.Result notHere = CliRunner.run(
                "reproduce",
                "p002-strategies",
                "--runs",
                "2",
                "--sub-batches",
                "2",
                "--no-progress",
                "-o",
                dir.resolve("y").toString());
        assertThat(notHere.exitCode()).isEqualTo(2);
        assertThat(notHere.err()).contains("sub-batches").contains("p002-strategies");
    }
}
