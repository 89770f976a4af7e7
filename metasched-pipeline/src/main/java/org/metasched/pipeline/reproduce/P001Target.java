package org.metasched.pipeline.reproduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import org.metasched.experiments.Finding;
import org.metasched.experiments.P001Experiment;
import org.metasched.experiments.P001Findings;
import org.metasched.experiments.P001Paper;
import org.metasched.gang.GangParameters;
import org.metasched.gang.GangRegistries;
import org.metasched.io.results.CsvColumns;
import org.metasched.io.swf.SwfTrace;
import org.metasched.model.InputFormatException;
import org.metasched.model.Workload;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.pipeline.gang.GangPipeline;
import org.metasched.registry.Registered;
import org.metasched.report.Chart;
import org.metasched.report.ChartKind;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * Paper P001, Tables 3 and 4 and its LoC figures (spec 5.8 v2): scenarios S1 (OLB) and S2 (JSEQ), six queue
 * policies with and without migration, on the first 3,000 jobs of a trace that fit the larger cluster (by default
 * the SDSC Blue Horizon log, read from the folder of system property {@code metasched.traces}, default {@code
 * ../shared/traces}; {@code --workload FILE} replays another) over clusters of 128 and 256 processors with
 * heterogeneous clocks, under the start rule of {@code --start-rule} (D13 v2 by default). It prints and reports the
 * paper's findings judged with the 95 % intervals ({@link P001Findings#judge}).
 */
final class P001Target implements ReproduceTarget {
    /** The default workload, in the traces folder. */
    static final String TRACE = "SDSC-BLUE-2000-4.2-cln.swf.gz";

    static final String WORKLOAD = "workload";

    static final String START_RULE = "start-rule";

    /** How the LXF columns read P001's Algorithm 7: as printed (smallest XF first) or as spec D14 (largest first). */
    static final String LXF = "lxf";

    static final List<String> LXF_READINGS = List.of("printed", "largest-first");

    static final CsvColumns<P001Experiment.Row> COLUMNS = CsvColumns.<P001Experiment.Row>of()
            .text("dispatch", P001Experiment.Row::dispatch)
            .text("policy", P001Experiment.Row::policy)
            .text("migration", P001Experiment.Row::migration)
            .integer("executedJobs", P001Experiment.Row::executedJobs)
            .decimal("art", P001Experiment.Row::art)
            .decimalOrBlank("artCi95", P001Experiment.Row::artCi95)
            .decimal("awt", P001Experiment.Row::awt)
            .decimal("loc", P001Experiment.Row::loc)
            .decimal("utilization", P001Experiment.Row::utilization)
            .integer("runs", P001Experiment.Row::runs);

    @Override
    public About about() {
        return new About(
                "p001",
                "paper P001, Tables 3 and 4: gang scheduling on two clusters, OLB and JSEQ, six policies with and"
                        + " without migration, on the first 3,000 jobs of the SDSC Blue Horizon log that fit, with the"
                        + " paper's findings judged",
                10, // the paper's
                2019,
                COLUMNS.names());
    }

    @Override
    public Map<String, List<String>> parameters() {
        return Map.of(START_RULE, startRules(), LXF, LXF_READINGS);
    }

    /** The start rules, gang's default first (the first is the target's default: as for gang). */
    static List<String> startRules() {
        String first = GangParameters.START_RULE.otherwise().name();
        List<String> out = new ArrayList<>(List.of(first));
        for (String name : GangRegistries.START_RULES.names()) {
            if (!name.equals(first)) {
                out.add(name);
            }
        }
        return out;
    }

    @Override
    public Map<String, String> fileParameters() {
        return Map.of(WORKLOAD, tracesFolder().resolve(TRACE).toString());
    }

    /**
     * The trace exists and holds enough jobs that fit, before the command prints its header. A file is read here and
     * again by {@link #run} (the header comes between them; SDSC-BLUE's read is about 0.3 s of a run of minutes); a
     * pipe can be read only once, so its jobs are counted by the run, after the header.
     */
    @Override
    public void check(Settings settings) {
        Path trace = trace(settings);
        if (Files.isRegularFile(trace)) {
            fitting(trace, config(settings));
        }
    }

    @Override
    public long steps(Settings settings) {
        return P001Experiment.instances(config(settings));
    }

    static P001Experiment.Config config(Settings s) {
        P001Experiment.Config paper = P001Experiment.Config.paper(s.seed()).withRuns(s.runs());
        String rule = s.parameters().get(START_RULE);
        if (rule != null) {
            paper = paper.withPlatform(paper.platform().withStartRule(GangRegistries.START_RULES.byName(rule)));
        }
        String lxf = s.parameters().get(LXF);
        return lxf == null ? paper : paper.withLxfAsPrinted(lxf.equalsIgnoreCase("printed")); // printed by default
    }

    static Path tracesFolder() {
        return Path.of(System.getProperty("metasched.traces", "../shared/traces"));
    }

    /** The workload to replay, or the bad-input error saying where it is expected and where it comes from. */
    static Path trace(Settings s) {
        String given = s.parameters().get(WORKLOAD);
        Path p = given == null ? tracesFolder().resolve(TRACE) : Path.of(given);
        if (!Files.exists(p)) {
            throw new InputFormatException(p + ": no such file; p001 replays a log of the Parallel Workloads Archive"
                    + " (by default " + TRACE + "; docs/simulate.md says where it comes from; --workload FILE or"
                    + " -Dmetasched.traces=DIR)");
        }
        if (Files.isDirectory(p)) { // a pipe (<(zcat ...), /dev/stdin) is read as simulate reads it
            throw new InputFormatException(p + ": is a folder; p001 replays one SWF trace file (--workload FILE)");
        }
        return p;
    }

    /** {@code trace} read, or the bad-input error when fewer of its jobs fit than p001 reports over. */
    private static SwfTrace fitting(Path trace, P001Experiment.Config c) {
        SwfTrace read = GangPipeline.read(trace);
        int needed = java.util.Collections.max(c.executedJobs());
        int fit = P001Experiment.jobs(read.workload(), c).size();
        if (fit < needed) {
            throw new InputFormatException(String.format(
                    Locale.ROOT,
                    "%s: %s the larger cluster of %d processors; p001 reports ART over up to the first %,d"
                            + " jobs to complete, so it needs at least that many (a longer trace, e.g. %s)",
                    trace,
                    Values.counted("%,d", fit, "job") + (fit == 1 ? " fits" : " fit"),
                    c.platform().largestCluster(),
                    needed,
                    TRACE));
        }
        return read;
    }

    @Override
    public Outcome run(Settings settings, IntConsumer progress) {
        Path trace = trace(settings);
        P001Experiment.Config c = config(settings);
        SwfTrace read = fitting(trace, c);
        Workload w = read.workload();
        // the log's start, so that a log on a late clock gives its own results (P001Experiment.jobs)
        double logStart = read.firstSubmitSeconds() < 0 ? Double.NaN : read.firstSubmitSeconds();
        long t0 = System.nanoTime();
        P001Experiment.Outcome o = P001Experiment.outcome(w, logStart, c, settings.threads(), progress);
        return new P001Outcome(c, o, Values.workloadName(trace), (System.nanoTime() - t0) / 1e9);
    }

    record P001Outcome(P001Experiment.Config config, P001Experiment.Outcome outcome, String workload, double seconds)
            implements Outcome {
        /** The workload and the start rule in one line. */
        String setUp() {
            return String.format(
                    Locale.ROOT,
                    "workload: first %s of %s that fit %d processors (%s; %s left out);" + " start rule %s; LXF %s",
                    Values.counted("%,d", outcome.jobs(), "job"),
                    workload,
                    config.platform().largestCluster(),
                    Values.counted("%,d", outcome.tasks(), "task"),
                    Values.counted("%d", outcome.skippedLarger(), "larger job"),
                    config.platform().startRule().name(),
                    config.lxfAsPrinted()
                            ? "as Algorithm 7 is printed (smallest XF first)"
                            : "largest XF first (spec D14)");
        }

        List<Finding> findings() {
            return P001Findings.judge(config, outcome);
        }

        @Override
        public List<String> summaryLines() {
            List<String> out = new ArrayList<>();
            out.add("");
            out.add(setUp());
            out.add("");
            out.add(String.format(
                    Locale.ROOT,
                    "%-5s %-8s %10s %8s %10s %8s %8s %8s",
                    "disp",
                    "policy",
                    "ART(3000)",
                    "+-95%",
                    "paper",
                    "LoC %",
                    "paper",
                    "util"));
            for (P001Experiment.Row r : outcome.rows()) {
                if (r.executedJobs()
                        != config.executedJobs().get(config.executedJobs().size() - 1)) {
                    continue;
                }
                out.add(String.format(
                        Locale.ROOT,
                        "%-5s %-8s %10.0f %8s %10.0f %8.2f %8s %8.3f",
                        r.dispatch(),
                        r.policy(),
                        r.art(),
                        Double.isNaN(r.artCi95()) ? "-" : String.format(Locale.ROOT, "%.0f", r.artCi95()),
                        P001Paper.art(r.dispatch(), r.policy(), r.executedJobs()),
                        r.loc(),
                        paperLoc(r.dispatch(), r.policy()),
                        r.utilization()));
            }
            out.add("(ART over the first 3,000 jobs to complete, seconds, mean of " + Values.runs(config.runs())
                    + "; LoC and utilization of the whole runs; every row in table.csv; docs/reproduction.md"
                    + " says why ours differ)");
            out.add("");
            out.add("The paper's findings (holds: 95 % intervals apart; in means: ordered means, overlapping"
                    + " intervals):");
            for (Finding f : findings()) {
                out.add(String.format(Locale.ROOT, "%-9s %s", f.verdict().label() + ":", f.statement()));
                out.add("          " + f.detail());
            }
            return out;
        }

        @Override
        public void writeInto(Path dir, Outputs outputs, String command) throws IOException {
            COLUMNS.write(dir.resolve("table.csv"), outcome.rows());
            if (outputs.report()) {
                outputs.configure(report(command)).writeTo(dir);
            }
        }

        private Report report(String command) {
            Report r = Report.create("P001 Tables 3 and 4: gang scheduling with migration on two clusters")
                    .subtitle(String.format(
                            Locale.ROOT,
                            "%s | %s per cell, seed %d, clusters 128 + 256, heterogeneous clocks | %s | %.1f s",
                            command,
                            Values.runs(config.runs()),
                            config.platform().seed(),
                            setUp(),
                            seconds));
            for (String d : Registered.names(config.dispatchers())) {
                List<List<Object>> rows = new ArrayList<>();
                List<Series> art = new ArrayList<>();
                for (String p : config.columns()) {
                    List<Double> k = new ArrayList<>();
                    List<Double> v = new ArrayList<>();
                    for (P001Experiment.Row x : outcome.rows()) {
                        if (x.dispatch().equals(d) && x.policy().equals(p)) {
                            rows.add(List.of(
                                    x.executedJobs(),
                                    p,
                                    Values.fixed(x.art(), 0) + " +- " + Values.fixed(x.artCi95(), 0),
                                    Values.fixed(P001Paper.art(d, p, x.executedJobs()), 0),
                                    Values.fixed(x.awt(), 0),
                                    Values.fixed(x.loc(), 2),
                                    paperLoc(d, p),
                                    Values.fixed(x.utilization(), 3)));
                            k.add((double) x.executedJobs());
                            v.add(x.art());
                        }
                    }
                    art.add(Series.of(p, Values.array(k), Values.array(v)));
                }
                String table = d.equals("olb") ? "Table 3 (S1, OLB)" : "Table 4 (S2, JSEQ)";
                r.table(
                        table + ": our ART beside the paper's",
                        List.of(
                                "executed jobs",
                                "policy",
                                "ART (s)",
                                "paper ART (s)",
                                "AWT (s)",
                                "LoC %",
                                "paper LoC %",
                                "utilization"),
                        rows);
                // LJFS's ART is a hundred times the others': on a linear axis it flattens them (issue 22)
                boolean log = spansOrdersOfMagnitude(art);
                r.chart(new Chart(
                        "p001-art-" + d,
                        table + ": ART against executed jobs",
                        ChartKind.LINE,
                        "executed jobs",
                        log ? "ART (s, log scale)" : "ART (s)",
                        List.of(),
                        art,
                        Chart.Scale.LINEAR,
                        log ? Chart.Scale.LOG : Chart.Scale.LINEAR));
            }
            List<List<Object>> checks = new ArrayList<>();
            for (Finding f : findings()) {
                checks.add(List.of(f.statement(), f.verdict().label(), f.detail()));
            }
            r.table(
                    "The paper's findings, judged with the 95 % intervals over the runs",
                    List.of("the paper finds", "here", "our numbers"), checks);
            List<String> names = new ArrayList<>();
            List<Double> ours = new ArrayList<>();
            List<Double> paper = new ArrayList<>();
            // the first checkpoint the runs reached: the configured one, or all a shorter trace has (--workload)
            int first = Integer.MAX_VALUE;
            for (P001Experiment.Row x : outcome.rows()) {
                first = Math.min(first, x.executedJobs());
            }
            for (P001Experiment.Row x : outcome.rows()) {
                if (x.executedJobs() == first) {
                    names.add(x.dispatch() + " " + x.policy());
                    ours.add(x.loc());
                    paper.add(P001Paper.loc(x.dispatch(), x.policy()));
                }
            }
            r.barChart(
                    "p001-loc",
                    "Loss of capacity, ours beside the paper's"
                            + " (the paper gives 'approximately 50 %' without migration)",
                    "scenario and policy",
                    "LoC (%)",
                    names,
                    List.of(
                            Series.ofValues("ours", Values.array(ours)),
                            Series.ofValues("paper", Values.array(paper))));
            return r;
        }
    }

    private static String paperLoc(String dispatch, String policy) {
        double v = P001Paper.loc(dispatch, policy);
        return policy.endsWith("-m") ? Values.fixed(v, 2) : "~" + Values.fixed(v, 0);
    }

    /** Whether every y is positive (or NaN) and the largest is more than 100 times the least. */
    static boolean spansOrdersOfMagnitude(List<Series> series) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Series s : series) {
            for (int i = 0; i < s.size(); i++) {
                double y = s.yAt(i);
                if (y <= 0) {
                    return false;
                }
                if (y > 0) {
                    lo = Math.min(lo, y);
                    hi = Math.max(hi, y);
                }
            }
        }
        return hi > 0 && hi / lo > 100;
    }
}
