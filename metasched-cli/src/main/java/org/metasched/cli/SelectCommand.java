package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.metasched.io.problem.Problem;
import org.metasched.io.problem.ProblemReader;
import org.metasched.model.Allocation;
import org.metasched.model.InputFormatException;
import org.metasched.model.Window;
import org.metasched.window.CsaCriterion;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

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
        footer = {"", "Example: metasched select -i examples/select-small.json -s min-cost -f table"})
final class SelectCommand implements Callable<Integer>, Main.HelpDefaults {
    @Spec
    CommandSpec spec;

    @Option(
            names = {"-i", "--input"},
            required = true,
            paramLabel = "FILE",
            order = HelpLayout.INPUTS,
            description = "The problem file (.json, .yaml or .yml).")
    Path input;

    @Option(
            names = {"-s", "--strategy"},
            paramLabel = "NAME",
            order = HelpLayout.POLICY,
            converter = StrategyName.class,
            completionCandidates = StrategyName.Candidates.class,
            description =
                    "A registered window search, case-insensitive (default: min-finish): ${COMPLETION-CANDIDATES}.")
    String strategy;

    @Option(
            names = "--criterion",
            paramLabel = "CRIT",
            order = HelpLayout.POLICY + 1,
            converter = CriterionName.class,
            completionCandidates = CriterionName.Candidates.class,
            description = "Only with csa: which of its alternatives to return, ${COMPLETION-CANDIDATES}"
                    + " (default: cost).")
    CsaCriterion criterion;

    @Mixin
    Options.Seed seed;

    @Mixin
    Options.PrintFormat format;

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of("DEFAULT-SEED", "0; only min-proc-time draws random numbers");
    }

    @Override
    public Integer call() {
        String name = strategy == null ? "min-finish" : strategy;
        if (criterion != null && !name.equals("csa")) {
            throw new InputFormatException("--criterion chooses among csa's alternatives; strategy " + name
                    + " has none (give --strategy csa, or leave --criterion out)");
        }
        CsaCriterion csa = criterion == null ? CsaCriterion.COST : criterion;
        WindowSearch search = WindowSearches.create(name, new WindowSearches.Options(seed.or(0), csa));
        Problem problem = ProblemReader.read(input);
        Optional<Window> w = search.find(problem.domain().slots(), problem.request(), problem.geometry());
        PrintWriter out = spec.commandLine().getOut();
        if (format.get() == Options.PrintFormat.Format.TABLE) {
            printTable(out, name, w);
        } else {
            out.println(WindowJson.of(name, w));
        }
        out.flush();
        return 0;
    }

    private static void printTable(PrintWriter out, String strategy, Optional<Window> window) {
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

    /** A registered window search, case-insensitively; the canonical (lower-case) name. */
    static final class StrategyName implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String n = Options.name(value);
            if (!WindowSearches.isRegistered(n)) {
                throw new TypeConversionException("unknown strategy '" + Text.cut(value) + "', expected one of "
                        + String.join(", ", WindowSearches.names()));
            }
            return n;
        }

        /** The registered window searches, for the help text and shell completion. */
        static final class Candidates implements Iterable<String> {
            @Override
            public Iterator<String> iterator() {
                return WindowSearches.names().iterator();
            }
        }
    }

    /** A CSA criterion, case-insensitively. */
    static final class CriterionName implements ITypeConverter<CsaCriterion> {
        @Override
        public CsaCriterion convert(String value) {
            for (CsaCriterion c : CsaCriterion.values()) {
                if (c.shortName().equals(Options.name(value))) {
                    return c;
                }
            }
            throw new TypeConversionException("unknown criterion '" + Text.cut(value) + "', expected one of "
                    + String.join(", ", new Candidates()));
        }

        static final class Candidates implements Iterable<String> {
            @Override
            public Iterator<String> iterator() {
                return java.util.Arrays.stream(CsaCriterion.values())
                        .map(CsaCriterion::shortName)
                        .iterator();
            }
        }
    }
}
