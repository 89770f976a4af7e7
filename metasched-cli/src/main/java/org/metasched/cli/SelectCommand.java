package org.metasched.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.metasched.availability.AvailabilityWindow;
import org.metasched.model.Allocation;
import org.metasched.model.InputFormatException;
import org.metasched.model.Parameter;
import org.metasched.model.Parameters;
import org.metasched.model.Window;
import org.metasched.pipeline.select.SelectParameters;
import org.metasched.pipeline.select.SelectPipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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
        footer = {"", "Example: metasched select -i examples/select-small.json -s min-cost -f table"})
final class SelectCommand implements Callable<Integer>, Main.HelpDefaults, SchemaOptions.Declared {
    @Spec
    CommandSpec spec;

    @Mixin
    Options.Seed seed;

    @Mixin
    Options.PrintFormat format;

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of(
                "DEFAULT-SEED",
                "0; only min-proc-time and the availability strategies' --placement random or mixed draw random"
                        + " numbers, for any other strategy --seed is refused");
    }

    @Override
    public Parameters schema() {
        return SelectParameters.ALL;
    }

    @Override
    public String[] names(Parameter<?> p) {
        return p == SelectParameters.INPUT
                ? new String[] {"-i", "--input"}
                : p == SelectParameters.STRATEGY
                        ? new String[] {"-s", "--strategy"}
                        : SchemaOptions.Declared.super.names(p);
    }

    @Override
    public Integer call() {
        Parameters.Values values = SchemaOptions.values(spec, schema());
        SelectPipeline.Search search = SelectPipeline.prepare(values, seed.or(0));
        if (seed.seed != null && !search.drawsRandomNumbers()) { // the same window under every seed
            throw new InputFormatException("--seed " + seed.seed + ": strategy " + search.strategy()
                    + " draws no random numbers; --seed is for min-proc-time and the availability strategies'"
                    + " --placement random or mixed (leave it out)");
        }
        SelectPipeline.Result r = search.find(values.get(SelectParameters.INPUT));
        String name = r.strategy();
        PrintWriter out = spec.commandLine().getOut();
        if (!r.byAvailability()) {
            if (format.get() == Options.PrintFormat.Format.TABLE) {
                printTable(out, name, r.window());
                if (r.ssaExact() != null) {
                    out.println((r.window().isPresent() ? "\n" : "") + "exact          "
                            + (r.ssaExact() ? "yes" : SSA_EXACT_NO));
                }
            } else {
                out.println(WindowJson.of(name, r.window(), r.ssaExact()));
            }
        } else if (format.get() == Options.PrintFormat.Format.TABLE) {
            AvailabilityWindow w = r.availability();
            printTable(out, name, r.window());
            out.printf(Locale.ROOT, "%navailability   %s%n", Numbers.shown(w.availability(), 6));
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

    /** What an SSA criterion's table says when it counted costs in the spec's D4 quantum and the budget bound. */
    static final String SSA_EXACT_NO = "no: costs were rounded up to whole units of the spec's D4 quantum, so a"
            + " window that fits may have been passed over (docs/select.md)";

    private static void printTable(PrintWriter out, String strategy, Optional<Window> window) {
        out.printf("strategy       %s%n", strategy);
        if (window.isEmpty()) {
            out.println("found          no: no window satisfies the request");
            return;
        }
        Window w = window.get();
        out.println("found          yes");
        out.printf(Locale.ROOT, "start          %s%n", Numbers.shown(w.start()));
        out.printf(Locale.ROOT, "finish         %s%n", Numbers.shown(w.finish()));
        out.printf(Locale.ROOT, "runtime        %s%n", Numbers.shown(w.runtime()));
        out.printf(Locale.ROOT, "cost           %s%n", Numbers.shown(w.cost()));
        out.printf(Locale.ROOT, "processorTime  %s%n", Numbers.shown(w.processorTime()));
        out.println();
        Table t = new Table("%-12s %12s %12s %12s%n"); // widening to a wider cell, a tiny length's digits
        t.row("node", "start", "end", "length");
        for (Allocation a : w.allocations()) {
            t.row(a.node().id(), Numbers.shown(a.start()), Numbers.shown(a.end()), Numbers.shown(a.length()));
        }
        t.print(out);
    }
}
