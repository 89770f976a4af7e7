package org.metasched.pipeline.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

/**
 * {@code select} and {@code batch} as sweep cells: each cell's metrics are what the command prints for the same
 * options (the numbers below are {@code metasched select} and {@code metasched batch} on the examples), names are
 * resolved case-insensitively into one cell, and the option rules refuse a sweep file before any cell runs, in the
 * file's terms.
 */
class SelectAndBatchSweepTest {
    private static final String SELECT = "../examples/select-small.json";
    private static final String AVAILABILITY = "../examples/select-availability.json";
    private static final String BATCH = "../examples/batch-small.json";

    @TempDir
    Path dir;

    private SweepSpec spec(String yaml) throws IOException {
        return SweepSpec.read(Files.writeString(dir.resolve("sweep.yaml"), yaml));
    }

    /** Each cell's metrics by a parameter's value (one replication, none failed). */
    private static Map<String, double[]> run(SweepSpec s, String by) {
        List<SweepRun.Result> results = SweepRun.run(s, SweepRun.Shard.ALL, 2, x -> {});
        Map<String, double[]> out = new TreeMap<>();
        for (SweepRun.Result r : results) {
            assertThat(r.error()).as(r.cell().parameters().toString()).isNull();
            out.put(r.cell().parameters().get(by), r.metrics());
        }
        return out;
    }

    @Test
    void selectCellsChooseTheWindowsTheCommandPrints() throws IOException {
        SweepSpec s = spec("command: Select\noptions: {input: " + SELECT
                + "}\ngrid:\n  strategy: [min-finish, Min-Cost,"
                + " CSA]\ncells:\n  - {input: " + AVAILABILITY + ", strategy: availability-knapsack}\n  - {input: "
                + AVAILABILITY + ", strategy: Availability-Max-P}\n");
        assertThat(s.command().metrics())
                .containsExactly(
                        "found",
                        "start",
                        "finish",
                        "runtime",
                        "cost",
                        "processorTime",
                        "nodes",
                        "availability",
                        "evaluations");
        Map<String, double[]> m = run(s, "strategy");
        assertThat(m).containsOnlyKeys("min-finish", "min-cost", "csa", "availability-knapsack", "availability-max-p");
        double nan = Double.NaN;
        // metasched select -i examples/select-small.json -s STRATEGY -f table
        assertThat(m.get("min-finish")).containsExactly(1, 12, 32, 20, 195, 45, 3, nan, nan);
        assertThat(m.get("min-cost")).containsExactly(1, 25, 45, 20, 152, 47, 3, nan, nan);
        assertThat(m.get("csa")).containsExactly(1, 25, 40, 15, 172, 37, 3, nan, nan);
        // metasched select -i examples/select-availability.json -s STRATEGY -f json
        assertThat(m.get("availability-knapsack")).containsExactly(1, 0, 1, 1, 11, 3, 3, 0.8293499991817734, 11);
        assertThat(m.get("availability-max-p")).containsExactly(0, nan, nan, nan, nan, nan, nan, 0, 11);
    }

    @Test
    void aNameInAnyCaseIsOneCellWithOneId() throws IOException {
        String upper = spec("command: SELECT\noptions: {input: " + SELECT + "}\ngrid:\n  strategy: [Min-Cost]\n")
                .cells()
                .get(0)
                .id();
        String lower = spec("command: select\noptions: {input: " + SELECT + "}\ngrid:\n  strategy: [min-cost]\n")
                .cells()
                .get(0)
                .id();
        assertThat(upper).isEqualTo(lower);
        assertThat(spec("command: select\noptions: {input: " + SELECT + "}\ngrid:\n  strategy: [CSA]\n  criterion:"
                                + " [Proc-Time, proc-time]\n")
                        .cells())
                .singleElement()
                .satisfies(c -> assertThat(c.parameters()).containsEntry("criterion", "proc-time"));
        assertThat(spec("command: Batch\noptions: {input: " + BATCH
                                + "}\ngrid:\n  scheme: [BSF]\n  problem: [Min-Cost]\n")
                        .cells()
                        .get(0)
                        .parameters())
                .containsEntry("scheme", "bsf")
                .containsEntry("problem", "min-cost");
    }

    @Test
    void selectsOptionRulesRefuseTheFileBeforeAnyCellRuns() {
        assertThatThrownBy(() -> spec("command: select\noptions: {input: " + SELECT
                        + "}\ngrid:\n  strategy: [min-cost]\n  step: [5]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("cell 1")
                .hasMessageContaining("step applies to the availability strategies")
                .hasMessageNotContaining("--");
        assertThatThrownBy(() -> spec("command: select\noptions: {input: " + SELECT
                        + "}\ngrid:\n  strategy: [min-finish]\n  criterion: [cost]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("criterion chooses among csa's alternatives; strategy min-finish has none");
        assertThatThrownBy(
                        () -> spec("command: select\noptions: {input: " + SELECT + "}\ngrid:\n  strategy: [fastest]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("grid.strategy[0]: unknown strategy 'fastest', expected one of ")
                .hasMessageContaining("min-cost")
                .hasMessageContaining("availability-knapsack");
        assertThatThrownBy(() -> spec("command: select\ngrid:\n  strategy: [min-cost]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("has no input");
    }

    @Test
    void batchCellsPlanWhatTheCommandPrints() throws IOException {
        SweepSpec s = spec("command: batch\noptions: {input: " + BATCH + "}\ngrid:\n  scheme: [css, slicer, bsf,"
                + " backfill]\n  problem: [min-time, min-cost]\nreplications: 2\n");
        assertThat(s.cells()).hasSize(8);
        List<SweepRun.Result> results = SweepRun.run(s, SweepRun.Shard.ALL, 2, x -> {});
        assertThat(results).hasSize(16);
        Map<String, double[]> byCell = new TreeMap<>();
        for (SweepRun.Result r : results) {
            assertThat(r.error()).isNull();
            String key = r.cell().parameters().get("scheme") + "/"
                    + r.cell().parameters().get("problem");
            double[] before = byCell.put(key, r.metrics());
            if (before != null) { // deterministic: the second replication repeats the first
                assertThat(r.metrics()).containsExactly(before);
            }
        }
        // metasched batch -i examples/batch-small.json --scheme S --problem P -f table: feasible, objective, limit,
        // exact (NaN for backfill, whose table has no exact line); then the two jobs' windows
        double nan = Double.NaN;
        assertThat(byCell.get("css/min-time")).containsExactly(1, 52, 247, 1, 2, 238, 52, 34);
        assertThat(byCell.get("slicer/min-time")).containsExactly(1, 57, 245, 1, 2, 243, 57, 40);
        assertThat(byCell.get("bsf/min-time")).containsExactly(1, 72, 112, 1, 2, 237, 72, 47);
        assertThat(byCell.get("backfill/min-time")).containsExactly(1, 75, nan, nan, 2, 255, 75, 35);
        assertThat(byCell.get("css/min-cost")).containsExactly(1, 238, 64, 1, 2, 238, 52, 34);
        assertThat(byCell.get("bsf/min-cost")).containsExactly(1, 233, 35, 1, 2, 233, 77, 40);
    }

    /**
     * memory's threshold is the adaptive policy's alone, as `metasched memory` says (found by the CLI tester: a sweep
     * ran static with it, ignored it, and its cell id, and so its random streams, changed with it).
     */
    @Test
    void aMemoryThresholdForAPolicyWithoutOneRefusesTheFile() throws IOException {
        assertThatThrownBy(() -> spec("command: memory\ngrid:\n  policy: [adaptive, static]\n  threshold: [0.1]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("cell 2 {policy=static, threshold=0.1}: threshold: only the adaptive policy has a"
                        + " threshold; policy static ignores it (leave threshold out)")
                .hasMessageNotContaining("--");
        assertThat(spec("command: memory\noptions: {threshold: 0.2}\ngrid:\n  policy: [adaptive]\n")
                        .cells())
                .hasSize(1);
    }

    @Test
    void batchRulesKnownWithoutTheFileRefuseItAndTheOthersFailTheCellInTheFilesTerms() throws IOException {
        assertThatThrownBy(() -> spec("command: batch\noptions: {input: " + BATCH
                        + "}\ngrid:\n  scheme: [css]\n  sub-batches: [2]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("sub-batches applies to the slicer and bsf; scheme css has none");
        assertThatThrownBy(() -> spec(
                        "command: batch\noptions: {input: " + BATCH + "}\ngrid:\n  scheme: [bsf]\n  quantum: [0]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("grid.quantum[0]: 0, expected a number above 0");
        assertThatThrownBy(() -> spec("command: batch\noptions: {input: " + BATCH
                        + "}\ngrid:\n  scheme: [backfill]\n  quantum: [0.5]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining(
                        "quantum is the combination DP's quantum (css, slicer, bsf); scheme backfill has none");
        assertThatThrownBy(() -> spec("command: batch\noptions: {input: " + BATCH
                        + ", scheme: bsf, sub-batches: 2}\ngrid:\n  css-jobs: [0, 1]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("sub-batches applies to bsf's CSS share; with css-jobs 0 there is none");
        // the batch has 2 jobs: known only once the file is read, so the cell fails and the other runs
        SweepSpec s =
                spec("command: batch\noptions: {input: " + BATCH + ", scheme: bsf}\ngrid:\n  css-jobs: [1, 99]\n");
        List<SweepRun.Result> results = SweepRun.run(s, SweepRun.Shard.ALL, 1, x -> {});
        assertThat(results).hasSize(2);
        for (SweepRun.Result r : results) {
            if (r.cell().parameters().get("css-jobs").equals("99")) {
                assertThat(r.error()).isEqualTo("css-jobs: 99 is beyond the batch of 2 jobs, expected 0 to 2");
            } else {
                assertThat(r.error()).isNull();
                assertThat(r.metrics()[0]).isEqualTo(1);
            }
        }
    }

    /**
     * A csa cell on a task too small for its horizon fails in the file's terms, as the command refuses it (it never
     * ended); min-finish's cell on the same file runs. The timeout, on a thread of its own, makes a hang a failure.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aCsaCellOnATinyTaskFailsAndTheOtherRuns() throws IOException {
        Path tiny = Files.writeString(
                dir.resolve("tiny.json"),
                "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1},"
                        + " {\"id\": \"b\", \"performance\": 2, \"price\": 1}],"
                        + " \"job\": {\"nodes\": 1, \"volume\": 1e-12}}");
        SweepSpec s = spec("command: select\noptions: {input: " + tiny + "}\ngrid:\n  strategy: [csa, min-finish]\n");
        List<SweepRun.Result> results = SweepRun.run(s, SweepRun.Shard.ALL, 1, x -> {});
        assertThat(results).hasSize(2);
        for (SweepRun.Result r : results) {
            if (r.cell().parameters().get("strategy").equals("csa")) {
                assertThat(r.error()).startsWith(tiny + ": job.volume 1.0E-12 is a task of");
            } else {
                assertThat(r.error()).isNull();
            }
        }
    }

    @Test
    void theSweepsWriteTheirDirectoryWithAReportThoughSomeMetricsAreBlank() throws IOException {
        SweepSpec s = spec("command: select\noptions: {input: " + AVAILABILITY + "}\ngrid:\n  strategy:"
                + " [availability-knapsack, availability-max-p, min-cost]\n");
        List<SweepRun.Result> results = SweepRun.run(s, SweepRun.Shard.ALL, 1, x -> {});
        Path out = dir.resolve("out");
        SweepRun.write(out, s, SweepRun.Shard.ALL, results, org.metasched.pipeline.Outputs.DEFAULT);
        assertThat(out.resolve("report.html")).exists();
        List<String> cells = Files.readAllLines(out.resolve("cells.csv"));
        assertThat(cells.get(0))
                .isEqualTo("cell,replication,input,strategy,found,start,finish,runtime,cost,processorTime,nodes,"
                        + "availability,evaluations,wallSeconds,error");
        assertThat(cells).hasSize(4);
    }
}
