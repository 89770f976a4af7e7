package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.metasched.experiments.P000Experiment;
import org.metasched.io.AtomicFiles;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.report.Report;
import org.metasched.report.Series;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearches;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The default scenario: a small version of paper P000's comparison of placement criteria, and every window
 * search on one generated domain, in one report.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the bundled default scenario and write its report.",
            "1. A small version of paper P000's Table 2: conservative backfilling of 50 and 100 queued jobs on 32"
                    + " heterogeneous nodes with BFstart, BFfinish, BFshort, PAST and CoP (full version:"
                    + " metasched reproduce p000-table2).",
            "2. Every window search choosing a window for the same job (5 nodes, volume 300, budget 1500) on a"
                    + " generated 32-node domain with 10-50 %% local load.",
            "Writes OUT/report.html (open it in a browser), table.csv and strategies.csv."
        })
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "S",
            description = "Master seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--runs",
            defaultValue = "40",
            paramLabel = "R",
            description = "Instances per queue length in the P000 comparison (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--threads",
            paramLabel = "T",
            description = "Worker threads (default: all cores). The numbers do not depend on it.")
    Integer threads;

    @Option(
            names = {"-o", "--out"},
            defaultValue = "results/run",
            paramLabel = "DIR",
            description = "Where to write the results (default: ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() {
        if (runs < 1) {
            throw new InputException("--runs: must be >= 1, got " + runs);
        }
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1) {
            throw new InputException("--threads: must be >= 1, got " + t);
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new InputException("--out: " + out + " exists and is not a directory");
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("report: %s%n%n", out.resolve(Report.HTML_FILE));
        o.printf("metasched default scenario, seed %d%n%n", seed);
        o.printf(
                "1. Placement criteria in conservative backfilling (paper P000, Table 2, %d instances per size)%n",
                runs);
        o.flush();

        P000Experiment.Config config = new P000Experiment.Config(false, runs, seed, List.of(50, 100), 32, 10_000, true);
        long t0 = System.nanoTime();
        List<P000Experiment.Row> rows;
        try (Progress progress = new Progress("P000", P000Experiment.instances(config))) {
            rows = P000Experiment.run(config, t, progress);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        ReproduceCommand.printTable(o, rows, false);

        o.printf("%n2. Window searches for one job on a generated 32-node domain%n%n");
        List<StrategyResult> strategies = strategies(o);

        Report report = Report.create("metasched default scenario")
                .subtitle(String.format(
                        Locale.ROOT,
                        "metasched run --seed %d --runs %d | P000 comparison took %.1f s",
                        seed,
                        runs,
                        seconds));
        ExperimentReports.addP000(report, config, rows);
        addStrategies(report, strategies);
        AtomicFiles.writeDirectory(out, d -> {
            ExperimentReports.writeP000Table(d.resolve("table.csv"), rows);
            List<String> csv = new ArrayList<>();
            csv.add("strategy,found,start,finish,runtime,cost,processorTime");
            for (StrategyResult s : strategies) {
                csv.add(s.window()
                        .map(x -> String.format(
                                Locale.ROOT,
                                "%s,true,%s,%s,%s,%s,%s",
                                s.name(),
                                x.start(),
                                x.finish(),
                                x.runtime(),
                                x.cost(),
                                x.processorTime()))
                        .orElse(s.name() + ",false,,,,,"));
            }
            Files.write(d.resolve("strategies.csv"), csv);
            report.writeTo(d);
        });
        o.printf(
                "%nwrote %s, %s and %s%n",
                out.resolve(Report.HTML_FILE), out.resolve("table.csv"), out.resolve("strategies.csv"));
        o.flush();
        return 0;
    }

    private record StrategyResult(String name, Optional<Window> window) {}

    private List<StrategyResult> strategies(PrintWriter o) {
        SlotList slots = DomainGenerator.p002(32, 600)
                .generate(new RandomStreams(seed).stream("nodes"))
                .slots();
        ResourceRequest job = new ResourceRequest(5, 300, 0, 1500, 0);
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
        o.println(header);
        o.println("-".repeat(header.length()));
        List<StrategyResult> out = new ArrayList<>();
        for (String name : WindowSearches.names()) {
            Optional<Window> w = WindowSearches.create(name, WindowSearches.DEFAULTS.withSeed(seed))
                    .find(slots, job, Geometry.ROUGH);
            out.add(new StrategyResult(name, w));
            if (w.isEmpty()) {
                o.printf(Locale.ROOT, "%-20s %-6s %9s %9s %9s %9s %9s%n", name, "no", "-", "-", "-", "-", "-");
            } else {
                Window x = w.get();
                o.printf(
                        Locale.ROOT,
                        "%-20s %-6s %9.2f %9.2f %9.2f %9.2f %9.2f%n",
                        name,
                        "yes",
                        x.start(),
                        x.finish(),
                        x.runtime(),
                        x.cost(),
                        x.processorTime());
            }
        }
        o.printf("(%d idle slots over [0, 600], ROUGH geometry)%n", slots.size());
        return out;
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
        report.barChart(
                "strategy-finish",
                "Finish time of each strategy's window",
                "strategy",
                "finish time",
                names,
                List.of(Series.ofValues(
                        "finish",
                        finish.stream().mapToDouble(Double::doubleValue).toArray())));
        report.barChart(
                "strategy-cost",
                "Cost of each strategy's window (budget 1500)",
                "strategy",
                "cost",
                names,
                List.of(Series.ofValues(
                        "cost", cost.stream().mapToDouble(Double::doubleValue).toArray())));
    }

    private static double r2(double v) {
        return ExperimentReports.round(v, 2);
    }
}
