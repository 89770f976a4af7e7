package org.metasched.pipeline.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntConsumer;
import org.metasched.experiments.P000Experiment;
import org.metasched.io.OutputDirectory;
import org.metasched.io.results.CsvColumns;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.pipeline.reproduce.P000Report;
import org.metasched.random.RandomStreams;
import org.metasched.report.Report;
import org.metasched.report.Series;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearches;

/**
 * The default scenario, exactly as {@code metasched run} runs it: a small version of paper P000's comparison of
 * placement criteria (Table 2 at queue lengths 50 and 100), every registered window search choosing a window for
 * the same job on one generated 32-node domain, then every registered {@link RunSection}; one report.
 */
public final class DefaultScenario {
    /** The job every window search places: 5 nodes, volume 300, budget 1500 (paper P002's set-up). */
    static final ResourceRequest JOB = new ResourceRequest(5, 300, 0, 1500, 0);

    /** The columns of {@code strategies.csv}: a strategy that found no window has its window's cells empty. */
    static final CsvColumns<StrategyResult> STRATEGY_COLUMNS = CsvColumns.<StrategyResult>of()
            .text("strategy", StrategyResult::name)
            .text("found", s -> s.window().isPresent())
            .text("start", s -> s.window().map(Window::start).orElse(null))
            .text("finish", s -> s.window().map(Window::finish).orElse(null))
            .text("runtime", s -> s.window().map(Window::runtime).orElse(null))
            .text("cost", s -> s.window().map(Window::cost).orElse(null))
            .text("processorTime", s -> s.window().map(Window::processorTime).orElse(null));

    private DefaultScenario() {}

    /**
     * The scenario's parameters.
     *
     * @param seed master seed
     * @param runs instances per queue length in the P000 comparison, at least 1
     * @param threads worker threads, at least 1 (the numbers never depend on it)
     */
    public record Config(long seed, int runs, int threads) {
        public Config {
            if (runs < 1 || threads < 1) {
                throw new IllegalArgumentException("runs and threads must be >= 1, got " + runs + ", " + threads);
            }
        }

        public P000Experiment.Config p000() {
            return new P000Experiment.Config(false, runs, seed, List.of(50, 100), 32, 10_000, true);
        }
    }

    /** One window search's choice; empty when it found none. */
    public record StrategyResult(String name, Optional<Window> window) {}

    /**
     * What the scenario produced.
     *
     * @param p000Seconds wall time of the P000 comparison
     * @param slots idle slots of the generated domain
     */
    public record Result(
            Config config,
            List<P000Experiment.Row> rows,
            double p000Seconds,
            List<StrategyResult> strategies,
            int slots,
            List<SectionResult> sections) {}

    /** One registered {@link RunSection}'s heading and what it produced. */
    public record SectionResult(String title, RunSection.Part part) {}

    /** Steps {@link #run} reports to its progress listener. */
    public static long steps(Config c) {
        return P000Experiment.instances(c.p000());
    }

    /** Runs the scenario; {@code progress} receives 1 per finished P000 instance, from worker threads. */
    public static Result run(Config c, IntConsumer progress) {
        long t0 = System.nanoTime();
        List<P000Experiment.Row> rows = P000Experiment.run(c.p000(), c.threads(), progress);
        double seconds = (System.nanoTime() - t0) / 1e9;
        SlotList slots = DomainGenerator.p002(32, 600)
                .generate(new RandomStreams(c.seed()).stream("nodes"))
                .slots();
        List<StrategyResult> strategies = new ArrayList<>();
        for (String name : WindowSearches.names()) {
            Optional<Window> w = WindowSearches.create(name, WindowSearches.DEFAULTS.withSeed(c.seed()))
                    .find(slots, JOB, Geometry.ROUGH);
            strategies.add(new StrategyResult(name, w));
        }
        List<SectionResult> sections = new ArrayList<>();
        for (RunSection section : RunSections.REGISTRY.entries()) {
            sections.add(new SectionResult(section.title(), section.run(c.seed())));
        }
        return new Result(c, rows, seconds, strategies, slots.size(), sections);
    }

    /** The P000 table as printed on the terminal. */
    public static List<String> p000Lines(Result r) {
        return P000Report.tableLines(r.rows(), false);
    }

    /** The window searches' choices as printed on the terminal. */
    public static List<String> strategyLines(Result r) {
        List<String> out = new ArrayList<>();
        String header = String.format(
                Locale.ROOT,
                "%-20s %-6s %9s %9s %9s %9s %9s",
                "strategy",
                "found",
                "start",
                "finish",
                "runtime",
                "cost",
                "procTime");
        out.add(header);
        out.add("-".repeat(header.length()));
        for (StrategyResult s : r.strategies()) {
            if (s.window().isEmpty()) {
                out.add(String.format(
                        Locale.ROOT, "%-20s %-6s %9s %9s %9s %9s %9s", s.name(), "no", "-", "-", "-", "-", "-"));
            } else {
                Window x = s.window().get();
                out.add(String.format(
                        Locale.ROOT,
                        "%-20s %-6s %9.2f %9.2f %9.2f %9.2f %9.2f",
                        s.name(),
                        "yes",
                        x.start(),
                        x.finish(),
                        x.runtime(),
                        x.cost(),
                        x.processorTime()));
            }
        }
        out.add(String.format(Locale.ROOT, "(%d idle slots over [0, 600], ROUGH geometry)", r.slots()));
        return out;
    }

    /**
     * Writes {@code table.csv}, {@code strategies.csv} and, as {@code outputs} asks, the report into {@code dir},
     * all or nothing ({@link OutputDirectory}).
     *
     * @param command the command line shown under the report's title
     */
    public static void write(Path dir, Result r, Outputs outputs, String command) {
        OutputDirectory.write(dir, d -> writeInto(d, r, outputs, command));
    }

    static void writeInto(Path d, Result r, Outputs outputs, String command) throws IOException {
        P000Report.writeTable(d.resolve("table.csv"), r.rows());
        STRATEGY_COLUMNS.write(d.resolve("strategies.csv"), r.strategies());
        if (outputs.report()) {
            Report report = Report.create("metasched default scenario")
                    .subtitle(String.format(Locale.ROOT, "%s | P000 comparison took %.1f s", command, r.p000Seconds()));
            P000Report.add(report, r.config().p000(), r.rows());
            addStrategies(report, r.strategies());
            for (SectionResult section : r.sections()) {
                section.part().addTo(report);
            }
            outputs.configure(report).writeTo(d);
        }
    }

    private static void addStrategies(Report report, List<StrategyResult> strategies) {
        List<List<?>> rows = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Double> finish = new ArrayList<>();
        List<Double> cost = new ArrayList<>();
        for (StrategyResult s : strategies) {
            if (s.window().isEmpty()) {
                rows.add(List.of(s.name(), "no", "-", "-", "-", "-", "-"));
                continue;
            }
            Window w = s.window().get();
            rows.add(List.of(
                    s.name(),
                    "yes",
                    r2(w.start()),
                    r2(w.finish()),
                    r2(w.runtime()),
                    r2(w.cost()),
                    r2(w.processorTime())));
            names.add(s.name());
            finish.add(w.finish());
            cost.add(w.cost());
        }
        report.table(
                "Window searches for one job (5 nodes, volume 300, budget 1500) on a 32-node domain with local load",
                List.of("strategy", "found", "start", "finish", "runtime", "cost", "processor time"),
                rows);
        if (names.isEmpty()) {
            return;
        }
        report.barChart(
                "strategy-finish",
                "Finish time of each strategy's window",
                "strategy",
                "finish time",
                names,
                List.of(Series.ofValues("finish", Values.array(finish))));
        report.barChart(
                "strategy-cost",
                "Cost of each strategy's window (budget 1500)",
                "strategy",
                "cost",
                names,
                List.of(Series.ofValues("cost", Values.array(cost))));
    }

    private static double r2(double v) {
        return P000Report.round(v, 2);
    }
}
