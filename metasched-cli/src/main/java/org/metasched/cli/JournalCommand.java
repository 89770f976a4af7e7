package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.service.Journal;
import org.metasched.service.JournalReplay;
import org.metasched.service.JournalReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code metasched journal}: the cycles a {@code metasched serve} database keeps, offline ({@link Journal}, {@link
 * JournalReplay}): {@code export} writes each cycle's inputs as a batch file, {@code replay} plans every cycle again
 * and prints the stored objective beside the re-planned one.
 */
@Command(
        name = "journal",
        mixinStandardHelpOptions = true,
        description = {
            "The plan journal of a 'metasched serve' database, offline: every cycle's inputs (the slots at its time,"
                    + " the waiting jobs with their budgets, its settings) and its plan. 'export' writes them as"
                    + " batch files, 'replay' plans every cycle again with the batch code and compares (a what-if"
                    + " with --scheme or --problem). The database is only read."
        },
        subcommands = {JournalCommand.Export.class, JournalCommand.Replay.class},
        footer = {"", "Example: metasched journal replay --db results/service.db --scheme slicer -o results/what-if"})
final class JournalCommand implements Runnable, Main.HelpDefaults {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The help defaults of both sub-commands (picocli hands the journal command's resource bundle down to them). */
    @Override
    public Map<String, String> helpDefaults() {
        return Map.of("DEFAULT-OUT", "export: results/journal; replay: none, only the table is printed");
    }

    /** {@code --db}, {@code --from}, {@code --to}: the cycles to read. */
    static final class Range {
        @Option(
                names = "--db",
                required = true,
                paramLabel = "FILE|URL",
                order = HelpLayout.INPUTS,
                description = "The service's database: its SQLite file (e.g. results/service.db) or a"
                        + " jdbc:postgresql: URL (METASCHED_DB_USER, METASCHED_DB_PASSWORD as for serve). Opened"
                        + " read-only.")
        String db;

        @Option(
                names = "--from",
                paramLabel = "N",
                order = HelpLayout.INPUTS + 1,
                converter = Options.WholeNumber.class,
                description =
                        "The first cycle (default: the first stored); a cycle before the first stored or after the"
                                + " last is refused, not clamped.")
        Long from;

        @Option(
                names = "--to",
                paramLabel = "M",
                order = HelpLayout.INPUTS + 2,
                converter = Options.WholeNumber.class,
                description = "The last cycle (default: the last stored); a cycle after the last stored or before the"
                        + " first is refused, not clamped.")
        Long to;

        List<Journal.Cycle> read() {
            try (Journal j = Journal.open(db, System.getenv())) {
                return j.cycles(from, to);
            }
        }
    }

    @Command(
            name = "export",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "Write every cycle's inputs as a file for 'metasched batch', cycle-000042.json (with the cycle's"
                        + " scheme, problem, time, sub-batches, CSS jobs and quantum as the file's settings: 'metasched"
                        + " batch -i FILE' plans it as the cycle did) and the index cycles.csv (docs/service.md)."
            },
            footer = {
                "",
                "Example: metasched journal export --db results/service.db --from 1 --to 20 -o results/journal"
            })
    static final class Export implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Range range;

        @Mixin
        Options.Output output;

        @Override
        public Integer call() {
            Path dir = output.checked(Path.of("results", "journal"));
            List<Journal.Cycle> cycles = range.read();
            Journal.export(dir, cycles);
            PrintWriter out = spec.commandLine().getOut();
            out.printf(
                    "%d cycles (%d to %d) written to %s%n",
                    cycles.size(),
                    cycles.get(0).n(),
                    cycles.get(cycles.size() - 1).n(),
                    dir);
            long empty = cycles.stream().filter(Journal.Cycle::empty).count();
            if (empty > 0) {
                out.printf(
                        "%d of them planned no job (every waiting job was left out: too-few-nodes or too-small):"
                                + " rows in cycles.csv without a batch file, as metasched batch refuses a file with"
                                + " no jobs%n",
                        empty);
            }
            out.flush();
            return 0;
        }
    }

    @Command(
            name = "replay",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "Plan every stored cycle again from its stored inputs, with the code of 'metasched batch', and print"
                        + " per cycle and in total the stored objective beside the re-planned one, the jobs given a"
                        + " window and their cost and time. With the stored settings every plan is the same"
                        + " (difference 0; exit 1 naming a cycle that is not). --scheme, --problem, --sub-batches,"
                        + " --css-jobs make it a what-if; -o writes replay.csv and report.html."
            },
            footer = {
                "",
                "Example: metasched journal replay --db results/service.db",
                "         metasched journal replay --db results/service.db --scheme backfill -o what-if"
            })
    static final class Replay implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Range range;

        @Option(
                names = "--scheme",
                paramLabel = "NAME",
                order = HelpLayout.POLICY,
                converter = BatchCommand.SchemeName.class,
                completionCandidates = BatchCommand.SchemeName.class,
                description = "Re-plan with this scheme: ${COMPLETION-CANDIDATES} (default: each cycle's own).")
        BatchScheduler.Scheme scheme;

        @Option(
                names = "--problem",
                paramLabel = "NAME",
                order = HelpLayout.POLICY + 1,
                converter = BatchCommand.ProblemName.class,
                completionCandidates = BatchCommand.ProblemName.class,
                description = "Re-plan for this VO problem: ${COMPLETION-CANDIDATES} (default: each cycle's own)."
                        + " Objectives of different problems are not comparable: compare cost and time.")
        CssProblem problem;

        @Option(
                names = "--sub-batches",
                paramLabel = "K",
                order = HelpLayout.POLICY + 2,
                converter = Options.PositiveInt.class,
                description = "slicer and bsf: contiguous sub-batches, capped at each batch's size as the service does"
                        + " (default: each cycle's own).")
        Integer subBatches;

        @Option(
                names = "--css-jobs",
                paramLabel = "N",
                order = HelpLayout.POLICY + 3,
                converter = Options.WholeInt.class,
                description = "bsf: the first N jobs by the slicer, capped at each batch's size (default: each"
                        + " cycle's own).")
        Integer cssJobs;

        @Mixin
        Options.Output output;

        @Override
        public Integer call() {
            JournalReplay.WhatIf whatIf = new JournalReplay.WhatIf(scheme, problem, subBatches, cssJobs);
            if (cssJobs != null && cssJobs < 0) {
                throw new org.metasched.model.InputFormatException("--css-jobs: " + cssJobs + ", expected 0 or more");
            }
            Path dir = output.out == null ? null : output.checked(null);
            List<Journal.Cycle> cycles = range.read();
            JournalReplay.check(whatIf, cycles);
            JournalReplay.Result result = JournalReplay.run(cycles, whatIf);
            PrintWriter out = spec.commandLine().getOut();
            print(out, result);
            if (dir != null) {
                JournalReport.write(
                        dir,
                        result,
                        "metasched "
                                + String.join(
                                        " ", spec.commandLine().getParseResult().originalArgs()));
                out.printf("replay.csv and report.html written to %s%n", dir);
            }
            out.flush();
            if (result.reproduction() && !result.differing().isEmpty()) {
                JournalReplay.Row r = result.differing().get(0);
                spec.commandLine()
                        .getErr()
                        .printf(
                                "metasched: %d of %d cycles are not reproduced (the first: cycle %d, stored objective"
                                        + " %s, re-planned %s): a bug, please report it with the database%n",
                                result.differing().size(),
                                result.rows().size(),
                                r.n(),
                                JournalReport.num(r.stored().objective()),
                                JournalReport.num(r.replanned().objective()));
                return 1;
            }
            return 0;
        }

        static void print(PrintWriter o, JournalReplay.Result result) {
            // the columns widen to a wider cell (a tiny number's digits, a long scheme name) and the headings over
            // them with them; with cells that fit, the rows are this format's
            Table table = new Table("%6s %9s %5s  %-8s %10s %7s %10s %10s  %-8s %10s %7s %10s %10s  %10s %4s%n");
            boolean comparable = result.comparable();
            if (!comparable) {
                JournalReplay.Row r = result.rows().get(0);
                o.printf(
                        "note: the stored plans are for %s, the re-planned ones for %s: their objectives measure"
                                + " different things and are not compared; compare windows, cost and time%n%n",
                        r.stored().problem(), r.replanned().problem());
            }
            table.row(
                    "cycle",
                    "time",
                    "jobs",
                    "scheme",
                    "objective",
                    "windows",
                    "cost",
                    "time",
                    "scheme",
                    "objective",
                    "windows",
                    "cost",
                    "time",
                    "difference",
                    "same");
            for (JournalReplay.Row r : result.rows()) {
                table.row(
                        r.n(),
                        Numbers.shown(r.time()),
                        r.jobs(),
                        r.stored().scheme(),
                        objective(r.stored()),
                        r.stored().windows(),
                        Numbers.shown(r.stored().cost()),
                        Numbers.shown(r.stored().time()),
                        r.replanned().scheme(),
                        objective(r.replanned()),
                        r.replanned().windows(),
                        Numbers.shown(r.replanned().cost()),
                        Numbers.shown(r.replanned().time()),
                        comparable ? difference(r.difference()) : "n/a",
                        r.identical() ? "yes" : "no");
            }
            JournalReport.Totals t = JournalReport.totals(result);
            table.row(
                    "total",
                    "",
                    t.jobs(),
                    "",
                    Numbers.shown(t.storedObjective()),
                    t.storedWindows(),
                    Numbers.shown(t.storedCost()),
                    Numbers.shown(t.storedTime()),
                    "",
                    Numbers.shown(t.replannedObjective()),
                    t.replannedWindows(),
                    Numbers.shown(t.replannedCost()),
                    Numbers.shown(t.replannedTime()),
                    comparable ? difference(t.replannedObjective() - t.storedObjective()) : "n/a",
                    "");
            o.printf(
                    Locale.ROOT,
                    "%s  %s  %s%n",
                    " ".repeat(table.span(0, 2)),
                    heading("stored", table.span(3, 7)),
                    heading("re-planned", table.span(8, 12)));
            table.print(o);
            int n = result.rows().size();
            o.println();
            if (comparable) {
                JournalReplay.Row r = result.rows().get(0);
                o.printf(
                        "difference: re-planned minus stored objective (%s: %s is better)%n",
                        r.stored().problem(), r.stored().problem().startsWith("min") ? "lower" : "higher");
            }
            o.printf(
                    "cycles %d; feasible: stored %d, re-planned %d (an infeasible cycle has no objective: '-';"
                            + " totals add the feasible ones)%n",
                    n, t.storedFeasible(), t.replannedFeasible());
            o.printf(
                    "windows: jobs given a window; the service reserved %d of the stored %d%s%n",
                    t.reserved(),
                    t.storedWindows(),
                    t.reserved() < t.storedWindows()
                            ? " (the rest were past a deadline or beyond an account's balance)"
                            : "");
            o.printf(
                    "same plan (objective and every job's window): %d of %d cycles%n",
                    n - result.differing().size(), n);
        }

        private static String objective(JournalReplay.Plan p) {
            return Double.isNaN(p.objective()) ? "-" : Numbers.shown(p.objective());
        }

        private static String difference(double d) {
            if (Double.isNaN(d)) {
                return "-";
            }
            if (d == 0) {
                return "0";
            }
            return (d > 0 ? "+" : "") + Numbers.shown(d); // as the other columns: +0.000003, never +0
        }

        /** {@code label} and dashes to {@code width}: the heading over a plan's columns. */
        private static String heading(String label, int width) {
            return label + " " + "-".repeat(Math.max(0, width - label.length() - 1));
        }
    }
}
