package org.metasched.pipeline.reproduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import org.metasched.experiments.P000Experiment;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.report.Report;

/**
 * Paper P000's Table 2 (static queue) or Table 3 (arrivals): conservative backfilling on 32 heterogeneous nodes
 * with BFstart, BFfinish, BFshort, PAST and CoP, every criterion on the same generated instances (spec 2.7).
 *
 * @param arrivals false for Table 2, true for Table 3
 */
record P000TableTarget(boolean arrivals) implements ReproduceTarget {
    static final String PERFORMANCE = "performance";

    @Override
    public About about() {
        return new About(
                arrivals ? "p000-table3" : "p000-table2",
                arrivals
                        ? "paper P000, Table 3: jobs arriving over time, five placement criteria in conservative"
                                + " backfilling"
                        : "paper P000, Table 2: a static queue, five placement criteria in conservative backfilling",
                2000, // the paper's
                2020,
                P000Report.TABLE_COLUMNS.names());
    }

    /** Node performance U{2..16} (integer, the default) or U[2, 16] (real); see docs/reproduction.md. */
    @Override
    public Map<String, List<String>> parameters() {
        return Map.of(PERFORMANCE, List.of("integer", "real"));
    }

    private P000Experiment.Config config(Settings s) {
        P000Experiment.Config c = arrivals
                ? P000Experiment.Config.table3(s.runs(), s.seed())
                : P000Experiment.Config.table2(s.runs(), s.seed());
        return c.withIntegerPerformance(!"real".equals(s.parameters().get(PERFORMANCE)));
    }

    @Override
    public long steps(Settings settings) {
        return P000Experiment.instances(config(settings));
    }

    @Override
    public Outcome run(Settings settings, IntConsumer progress) {
        P000Experiment.Config config = config(settings);
        long t0 = System.nanoTime();
        List<P000Experiment.Row> rows = P000Experiment.run(config, settings.threads(), progress);
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new P000Outcome(config, rows, seconds);
    }

    /** The rows of one run, printed, written to {@code table.csv} and reported. */
    record P000Outcome(P000Experiment.Config config, List<P000Experiment.Row> rows, double seconds) implements Outcome {
        @Override
        public List<String> summaryLines() {
            return P000Report.tableLines(rows, config.arrivals());
        }

        @Override
        public void writeInto(Path dir, Outputs outputs, String command) throws IOException {
            P000Report.writeTable(dir.resolve("table.csv"), rows);
            if (outputs.report()) {
                String table = config.arrivals() ? "Table 3 (arrivals)" : "Table 2 (static queue)";
                Report r = Report.create("P000 " + table + ": conservative backfilling with placement criteria")
                        .subtitle(String.format(
                                Locale.ROOT,
                                "%s | %s per queue length, seed %d, %s performance, %d nodes | %.1f s",
                                command,
                                Values.counted("%d", config.runs(), "instance"),
                                config.seed(),
                                config.integerPerformance() ? "integer" : "real",
                                config.nodes(),
                                seconds));
                P000Report.add(r, config, rows);
                outputs.configure(r).writeTo(dir);
            }
        }
    }
}
