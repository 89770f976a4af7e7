package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.metasched.experiments.P000Experiment;
import org.metasched.io.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Regenerates a table of the seed papers. */
@Command(
        name = "reproduce",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Regenerate a table of the seed papers and compare it with the published numbers.",
            "Targets: p000-table2 (static queue) and p000-table3 (arrivals) of paper P000: conservative"
                    + " backfilling on 32 heterogeneous nodes with BFstart, BFfinish, BFshort, PAST and CoP,"
                    + " every criterion on the same generated instances.",
            "Writes OUT/table.csv (queueLength,algorithm,meanFinish,meanCost,runs) and the report."
        },
        footer = {"", "Example: metasched reproduce p000-table2 --runs 200 --out results/t2"})
final class ReproduceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TARGET", description = "p000-table2 or p000-table3.")
    String target;

    @Option(
            names = "--runs",
            defaultValue = "2000",
            paramLabel = "R",
            description = "Independent instances per queue length (default: ${DEFAULT-VALUE}, the paper's).")
    int runs;

    @Option(
            names = "--seed",
            defaultValue = "2020",
            paramLabel = "S",
            description = "Master seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--threads",
            paramLabel = "T",
            description = "Worker threads (default: all cores). The numbers do not depend on it.")
    Integer threads;

    @Option(
            names = "--performance",
            defaultValue = "integer",
            paramLabel = "KIND",
            description = "Node performance: integer U{2..16} or real U[2,16] (default: ${DEFAULT-VALUE};"
                    + " see docs/reproduction.md for why).")
    String performance;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Output directory (default: results/TARGET).")
    Path out;

    @Override
    public Integer call() {
        boolean arrivals =
                switch (target) {
                    case "p000-table2" -> false;
                    case "p000-table3" -> true;
                    default -> throw new InputException(
                            "unknown target '" + target + "', expected p000-table2 or p000-table3");
                };
        if (runs < 1) {
            throw new InputException("--runs: must be >= 1, got " + runs);
        }
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1) {
            throw new InputException("--threads: must be >= 1, got " + t);
        }
        Path dir = out == null ? Path.of("results", target) : out;
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new InputException("--out: " + dir + " exists and is not a directory");
        }
        if (!performance.equals("integer") && !performance.equals("real")) {
            throw new InputException("--performance: unknown kind '" + performance + "', expected integer or real");
        }
        P000Experiment.Config config = (arrivals
                        ? P000Experiment.Config.table3(runs, seed)
                        : P000Experiment.Config.table2(runs, seed))
                .withIntegerPerformance(performance.equals("integer"));
        PrintWriter o = spec.commandLine().getOut();
        o.printf(
                "%s: %d runs x %d queue lengths x 5 criteria, %s performance, seed %d, %d threads%n",
                target, runs, config.queueLengths().size(), performance, seed, t);
        o.flush();
        long t0 = System.nanoTime();
        List<P000Experiment.Row> rows;
        try (Progress progress = new Progress(target, P000Experiment.instances(config))) {
            rows = P000Experiment.run(config, t, progress);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        printTable(o, rows, arrivals);
        AtomicFiles.writeDirectory(dir, d -> {
            ExperimentReports.writeP000Table(d.resolve("table.csv"), rows);
            ExperimentReports.p000(d, config, rows, seconds, commandLine());
        });
        o.printf(
                Locale.ROOT,
                "%ntook %.1f s; wrote %s and %s%n",
                seconds,
                dir.resolve("table.csv"),
                dir.resolve("report.html"));
        o.flush();
        return 0;
    }

    private String commandLine() {
        return String.format(
                Locale.ROOT,
                "metasched reproduce %s --runs %d --seed %d --performance %s",
                target,
                runs,
                seed,
                performance);
    }

    static void printTable(PrintWriter o, List<P000Experiment.Row> rows, boolean arrivals) {
        o.println();
        o.printf(
                "%-5s %-10s %12s %10s %14s %14s %12s%n",
                "N_Q", "algorithm", "meanFinish", "paper", "vs BFfinish", "paper vs BFf", "meanCost");
        for (P000Experiment.Row r : rows) {
            double ours = r.meanFinish();
            double base = rows.stream()
                    .filter(x ->
                            x.queueLength() == r.queueLength() && x.algorithm().equals("bf-finish"))
                    .findFirst()
                    .orElseThrow()
                    .meanFinish();
            double paper = P000Experiment.paper(arrivals, r.queueLength(), r.algorithm());
            double paperBase = P000Experiment.paper(arrivals, r.queueLength(), "bf-finish");
            o.printf(
                    Locale.ROOT,
                    "%-5d %-10s %12.1f %10.1f %13.2f%% %13.2f%% %12.1f%n",
                    r.queueLength(),
                    r.algorithm(),
                    ours,
                    paper,
                    100 * (base - ours) / base,
                    100 * (paperBase - paper) / paperBase,
                    r.meanCost());
        }
        o.println("(vs BFfinish: relative advantage (F_BFfinish - F) / F_BFfinish; positive is better)");
    }
}
