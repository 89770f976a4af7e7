package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityWindow;
import org.metasched.model.Allocation;
import org.metasched.model.Window;
import org.metasched.pipeline.select.SelectPipeline;
import org.metasched.window.CsaCriterion;
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
                    "A registered window search, case-insensitive (default: min-finish): ${COMPLETION-CANDIDATES}."
                            + " The last five choose by availability (paper P003; docs/select.md).")
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

    @Option(
            names = "--start-points",
            paramLabel = "K",
            order = HelpLayout.POLICY + 2,
            description = "Availability strategies only: scan every whole start time ('full', the default) or climb"
                    + " from K starting points.")
    String startPoints;

    @Option(
            names = "--placement",
            paramLabel = "HOW",
            order = HelpLayout.POLICY + 3,
            description = "Availability strategies with --start-points K only: where the K points lie, uniform"
                    + " (the default), random or mixed.")
    String placement;

    @Option(
            names = "--step",
            paramLabel = "D",
            order = HelpLayout.POLICY + 4,
            converter = Options.PositiveInt.class,
            description = "Availability strategies with --start-points K only: the gradient step in time units, at"
                    + " least 1 (default: 10).")
    Integer step;

    @Option(
            names = "--budget-units",
            paramLabel = "U",
            order = HelpLayout.POLICY + 5,
            converter = Options.PositiveInt.class,
            description = "availability-knapsack only: the most units the budget may count, at least 1 (default:"
                    + " 10000). Costs are counted in the data's own unit (0.01 for prices with cents) when the budget"
                    + " is at most U of them: exact; else in units of budget / U, and the output says exact: no"
                    + " (docs/select.md).")
    Integer budgetUnits;

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
        SelectPipeline.Result r = SelectPipeline.select(
                input,
                new SelectPipeline.Settings(
                        strategy, criterion, startPoints, placement, step, budgetUnits, seed.or(0)));
        String name = r.strategy();
        PrintWriter out = spec.commandLine().getOut();
        if (!r.byAvailability()) {
            if (format.get() == Options.PrintFormat.Format.TABLE) {
                printTable(out, name, r.window());
            } else {
                out.println(WindowJson.of(name, r.window()));
            }
        } else if (format.get() == Options.PrintFormat.Format.TABLE) {
            AvailabilityWindow w = r.availability();
            printTable(out, name, r.window());
            out.printf(Locale.ROOT, "%navailability   %s%n", Numbers.format(w.availability(), 6));
            out.printf(Locale.ROOT, "evaluations    %d%n", w.evaluations());
            if (name.equals("availability-knapsack")) {
                out.println("exact          " + (w.exact() ? "yes" : EXACT_NO));
            }
        } else {
            out.println(WindowJson.of(name, r.availability(), r.window()));
        }
        out.flush();
        return 0;
    }

    /** What the knapsack's table says when a size cap coarsened its cost quantum. */
    static final String EXACT_NO = "no: costs were rounded up to units of budget / --budget-units, so a set that"
            + " fits may have been passed over (docs/select.md)";

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
            if (!WindowSearches.isRegistered(n) && AvailabilityStrategy.byName(n) == null) {
                throw new TypeConversionException(
                        "unknown strategy '" + Text.cut(value) + "', expected one of " + String.join(", ", names()));
            }
            return n;
        }

        /** The registered window searches, for the help text and shell completion. */
        static final class Candidates implements Iterable<String> {
            @Override
            public Iterator<String> iterator() {
                return names().iterator();
            }
        }

        /** The registered window searches, then the availability strategies. */
        static java.util.List<String> names() {
            java.util.List<String> all = new java.util.ArrayList<>(WindowSearches.names());
            all.addAll(AvailabilityStrategy.names());
            return all;
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
