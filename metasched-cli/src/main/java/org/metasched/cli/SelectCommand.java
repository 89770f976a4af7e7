package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.metasched.io.problem.Problem;
import org.metasched.io.problem.ProblemReader;
import org.metasched.model.Allocation;
import org.metasched.model.Window;
import org.metasched.window.CsaCriterion;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Chooses one window for one co-allocation problem read from a JSON or YAML file. */
@Command(
        name = "select",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Choose a window of simultaneously free slots for one job.",
            "Reads the problem (horizon, geometry, nodes with busy intervals, job) from a JSON or YAML file"
                    + " (format: docs/select.md) and prints the window the strategy picks.",
            "No window found is not an error: found is false and the exit code is 0."
        },
        footer = {
            "",
            "Strategies: SSA criteria bf-start, bf-finish, bf-short, past, cop, l-sum, l-min-sum;"
                    + " AEP strategies amp, alp, min-cost, min-runtime, min-finish, min-proc-time,"
                    + " min-proc-time-exact, csa.",
            "Example: metasched select --input examples/select-small.json --strategy min-cost --format table",
            "Exit codes: 0 done (found or not), 2 bad input."
        })
final class SelectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = {"-i", "--input"},
            required = true,
            paramLabel = "FILE",
            description = "The problem file (.json, .yaml or .yml).")
    Path input;

    @Option(
            names = {"-s", "--strategy"},
            defaultValue = "min-finish",
            paramLabel = "NAME",
            description = "A registered strategy or criterion (default: ${DEFAULT-VALUE}).")
    String strategy;

    @Option(
            names = "--criterion",
            defaultValue = "cost",
            paramLabel = "CRIT",
            description = "With csa: which alternative to return, start|finish|cost|runtime|proc-time"
                    + " (default: ${DEFAULT-VALUE}).")
    String criterion;

    @Option(
            names = "--seed",
            defaultValue = "0",
            paramLabel = "S",
            description = "Seed of min-proc-time's random subsets (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = {"-f", "--format"},
            defaultValue = "json",
            paramLabel = "FMT",
            description = "json or table (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() {
        if (!format.equals("json") && !format.equals("table")) {
            throw new InputException("--format: unknown format '" + format + "', expected json or table");
        }
        CsaCriterion csa;
        try {
            csa = CsaCriterion.parse(criterion);
        } catch (IllegalArgumentException e) {
            throw new InputException("--criterion: " + e.getMessage());
        }
        if (!WindowSearches.isRegistered(strategy)) {
            throw new InputException("--strategy: unknown strategy '" + strategy + "', expected one of "
                    + String.join(", ", WindowSearches.names()));
        }
        WindowSearch search = WindowSearches.create(strategy, new WindowSearches.Options(seed, csa));
        Problem problem = ProblemReader.read(input);
        Optional<Window> w = search.find(problem.domain().slots(), problem.request(), problem.geometry());
        PrintWriter out = spec.commandLine().getOut();
        if (format.equals("json")) {
            out.println(WindowJson.pretty(WindowJson.of(strategy, w)));
        } else {
            printTable(out, w);
        }
        out.flush();
        return 0;
    }

    private void printTable(PrintWriter out, Optional<Window> window) {
        out.printf("strategy       %s%n", strategy);
        if (window.isEmpty()) {
            out.println("found          no: no window satisfies the request");
            return;
        }
        Window w = window.get();
        out.println("found          yes");
        out.printf(Locale.ROOT, "start          %s%n", Numbers.format(w.start()));
        out.printf(Locale.ROOT, "finish         %s%n", Numbers.format(w.finish()));
        out.printf(Locale.ROOT, "runtime        %s%n", Numbers.format(w.runtime()));
        out.printf(Locale.ROOT, "cost           %s%n", Numbers.format(w.cost()));
        out.printf(Locale.ROOT, "processorTime  %s%n", Numbers.format(w.processorTime()));
        out.println();
        out.printf("%-12s %12s %12s %12s%n", "node", "start", "end", "length");
        for (Allocation a : w.allocations()) {
            out.printf(
                    Locale.ROOT,
                    "%-12s %12s %12s %12s%n",
                    a.node().id(),
                    Numbers.format(a.start()),
                    Numbers.format(a.end()),
                    Numbers.format(a.length()));
        }
    }
}
