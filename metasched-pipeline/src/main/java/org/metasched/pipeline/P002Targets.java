package org.metasched.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.metasched.experiments.P002BatchExperiments;
import org.metasched.experiments.P002Environment;
import org.metasched.experiments.P002StrategyExperiments;
import org.metasched.experiments.P002Table;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * Paper P002's experiments (spec 3.10) as {@code reproduce} targets: Figure 5 ({@code p002-strategies}), Figure 6
 * ({@code p002-working-time}), Table 1 ({@code p002-user-criteria}), Figure 7 ({@code p002-slicing}), Table 2
 * ({@code p002-owner-price}), Figure 9 ({@code p002-bsf}) and Table 3 ({@code p002-real-runtimes}).
 */
final class P002Targets {
    /** The name of p002-slicing's budget parameter ({@code --budgets calibrated|spec}). */
    static final String BUDGETS = "budgets";

    static boolean specBudgets(ReproduceTarget.Settings s) {
        return "spec".equals(s.parameters().get(BUDGETS));
    }

    /** The name of the sub-batch parameter ({@code --sub-batches}). */
    static final String SUB_BATCHES = "sub-batches";

    private P002Targets() {}

    /** The allowed sub-batch counts for a 20-job batch, {@code first} first (the default). */
    static Map<String, List<String>> subBatches(int first) {
        List<String> values = new ArrayList<>();
        values.add(Integer.toString(first));
        for (int k = 1; k <= P002Environment.JOBS; k++) {
            if (k != first) {
                values.add(Integer.toString(k));
            }
        }
        return Map.of(SUB_BATCHES, values);
    }

    static int subBatches(ReproduceTarget.Settings s) {
        return Integer.parseInt(s.parameters().get(SUB_BATCHES));
    }

    static String medium() {
        return "24 nodes, interval [0, 600], 20 jobs, " + P002Environment.Load.MEDIUM.describe();
    }

    /** A bar chart of one column, ours beside the paper's where it gives values. */
    static Consumer<Report> bars(
            PaperTableTarget target, P002Table t, String id, String title, String column, String yTitle) {
        return rep -> {
            List<String> categories = new ArrayList<>();
            List<Double> ours = new ArrayList<>();
            List<Double> paper = new ArrayList<>();
            boolean anyPaper = false;
            boolean anyMissing = false;
            for (List<Object> row : t.rows()) {
                List<Object> labels = target.labels(row);
                categories.add(
                        String.join(" ", labels.stream().map(String::valueOf).toList()));
                ours.add(((Number) row.get(t.columns().indexOf(column))).doubleValue());
                double p = target.paper(labels, column);
                anyPaper |= !Double.isNaN(p);
                anyMissing |= Double.isNaN(p);
                paper.add(Double.isNaN(p) ? 0 : p);
            }
            List<Series> series = new ArrayList<>();
            series.add(Series.ofValues("ours", Values.array(ours)));
            if (anyPaper) {
                series.add(Series.ofValues(anyMissing ? "paper (0: not given)" : "paper", Values.array(paper)));
            }
            rep.barChart(id, title, "", yTitle, categories, series);
        };
    }

    // ------------------------------------------------------------------------------------------ Figure 5

    static final class Strategies extends PaperTableTarget {
        private static final Map<String, Double> PAPER_COST = Map.of(
                "amp", 1445.2,
                "min-finish", 1464.2,
                "min-cost", 1027.3,
                "min-runtime", 1464.9,
                "min-proc-time", 1342.1,
                "csa", 1352.0);

        Strategies() {
            super(
                    "p002-strategies",
                    "P002 Figure 5: co-allocation strategies on one job",
                    "paper P002, Figure 5: the AEP strategies on one job (5 nodes, V 300, budget 1 500) over 100"
                            + " nodes: start, runtime, finish, processor time and cost",
                    5000,
                    P002StrategyExperiments.STRATEGY_COLUMNS,
                    1,
                    Map.of());
        }

        @Override
        double paper(List<Object> labels, String column) {
            return column.equals("cost")
                    ? PAPER_COST.getOrDefault(String.valueOf(labels.get(0)), Double.NaN)
                    : Double.NaN;
        }

        @Override
        String setUp(Settings s) {
            return String.format(
                    Locale.ROOT,
                    "%d cycles, seed %d; 100 nodes p in [2, 10], local load 10-50 %% of [0, 600]; n = 5, V = 300,"
                            + " C = 1 500, ALP cap 6 per time unit, CSA per criterion",
                    s.runs(),
                    s.seed());
        }

        @Override
        Result compute(Settings s, IntConsumer progress) {
            P002Table t = P002StrategyExperiments.strategies(s.runs(), s.seed(), s.threads(), progress);
            List<Check> checks = new ArrayList<>();
            String[][] own = {
                {"amp", "start"},
                {"min-cost", "cost"},
                {"min-runtime", "runtime"},
                {"min-finish", "finish"},
                {"min-proc-time", "processorTime"}
            };
            for (String[] o : own) {
                checks.add(new Check(o[0] + " is best on its own criterion (" + o[1] + ")", best(t, o[0], o[1])));
            }
            boolean finishBest = true;
            for (String c : List.of("start", "finish", "runtime", "processorTime")) {
                finishBest &= best(t, "min-finish", c);
            }
            checks.add(
                    new Check("min-finish is best on start, finish, runtime and processor time at once", finishBest));
            double[] runtimes = List.of("amp", "min-cost", "min-runtime", "min-finish", "min-proc-time", "csa").stream()
                    .mapToDouble(n -> t.number(rowOf(t, n), "runtime"))
                    .sorted()
                    .toArray();
            checks.add(new Check(
                    "the runtime bars of the paper's six strategies: two at least twice as long as the other four"
                            + " (paper 114.7, 100.2 against 33-38)",
                    runtimes[4] >= 2 * runtimes[3]));
            double csaStart = t.number(rowOf(t, "csa"), "start");
            double ampStart = t.number(rowOf(t, "amp"), "start");
            checks.add(new Check(
                    "csa starts no later than amp (its first alternative is AMP's window)",
                    csaStart <= ampStart + 1e-9 * Math.max(1, Math.abs(ampStart))));
            double csaCpu = t.number(rowOf(t, "csa"), "processorTime");
            double mptCpu = t.number(rowOf(t, "min-proc-time"), "processorTime");
            checks.add(new Check(
                    "min-proc-time's processor time is within 10 % of csa's (the paper: about 2 % worse)",
                    Math.abs(mptCpu - csaCpu) <= 0.1 * csaCpu));
            List<Consumer<Report>> charts = new ArrayList<>();
            charts.add(bars(this, t, "p002-cost", "Figure 5 a: total cost (budget 1 500)", "cost", "cost"));
            charts.add(bars(this, t, "p002-start", "Figure 5: start time", "start", "time"));
            charts.add(bars(this, t, "p002-runtime", "Figure 5 b: runtime", "runtime", "time"));
            charts.add(bars(this, t, "p002-finish", "Figure 5 c: finish time", "finish", "time"));
            charts.add(bars(this, t, "p002-cpu", "Figure 5 d: processor time", "processorTime", "time"));
            return new Result(
                    t,
                    checks,
                    List.of(
                            String.format(
                                    Locale.ROOT,
                                    "csa is judged per criterion (spec 3.10 v2): each column is its best alternative on"
                                            + " that column; min-proc-time's processor time is %+.1f %% from csa's"
                                            + " (the paper: about 2 %% worse).",
                                    100 * (mptCpu - csaCpu) / csaCpu),
                            "The paper prints the costs and the runtime bars 114.7, 100.2, 38, 37.7, 34.4, 33"
                                    + " without saying which bar is whose (spec 3.10), and no other numbers.",
                            "min-proc-time is the paper's simplified version (one random subset per step); the exact"
                                    + " one is the strategy min-proc-time-exact of select."),
                    charts);
        }

        /** True if {@code strategy} has the least {@code column} of all rows (ties count as best). */
        static boolean best(P002Table t, String strategy, String column) {
            double mine = t.number(rowOf(t, strategy), column);
            for (int r = 0; r < t.rows().size(); r++) {
                if (t.number(r, column) < mine - 1e-9 * Math.max(1, Math.abs(mine))) {
                    return false;
                }
            }
            return true;
        }
    }

    // ------------------------------------------------------------------------------------------ Figure 6

    static final class WorkingTime extends PaperTableTarget {
        WorkingTime() {
            super(
                    "p002-working-time",
                    "P002 Figure 6: working time of the strategies (this machine)",
                    "paper P002, Figure 6: the working time of each strategy against the number of nodes and the"
                            + " interval length, measured on this machine",
                    1000,
                    P002StrategyExperiments.WORKING_TIME_COLUMNS,
                    3,
                    Map.of());
        }

        @Override
        public long steps(Settings s) {
            return (long) s.runs() * P002StrategyExperiments.workingTimePoints().size();
        }

        @Override
        double paper(List<Object> labels, String column) {
            if (!column.equals("meanMicros") || !labels.get(0).equals("csa")) {
                return Double.NaN;
            }
            int nodes = (Integer) labels.get(1);
            int interval = (Integer) labels.get(2);
            if (nodes == 400 && interval == 600) {
                return 3e6; // "about 3 s"
            }
            return nodes == 100 && interval == 3600 ? 2.5e6 : Double.NaN; // "about 2.5 s"
        }

        @Override
        String setUp(Settings s) {
            return String.format(
                    Locale.ROOT,
                    "%d domains per point, seed %d, %d threads; the job of Figure 5; wall-clock time of one search"
                            + " in this JVM (the paper: a 2.93 GHz Core i3, JRE 1.6)",
                    s.runs(),
                    s.seed(),
                    s.threads());
        }

        @Override
        Result compute(Settings s, IntConsumer progress) {
            P002Table t = P002StrategyExperiments.workingTime(s.runs(), s.seed(), s.threads(), progress);
            List<Series> byNodes = new ArrayList<>();
            List<Series> byInterval = new ArrayList<>();
            for (String st : P002StrategyExperiments.STRATEGIES) {
                List<Double> nx = new ArrayList<>();
                List<Double> ny = new ArrayList<>();
                List<Double> ix = new ArrayList<>();
                List<Double> iy = new ArrayList<>();
                for (int r = 0; r < t.rows().size(); r++) {
                    if (!t.get(r, "strategy").equals(st)) {
                        continue;
                    }
                    int nodes = (Integer) t.get(r, "nodes");
                    int interval = (Integer) t.get(r, "interval");
                    double ms = t.number(r, "meanMicros") / 1e3;
                    if (interval == 600) {
                        nx.add((double) nodes);
                        ny.add(ms);
                    }
                    if (nodes == 100) {
                        ix.add((double) interval);
                        iy.add(ms);
                    }
                }
                byNodes.add(Series.of(st, Values.array(nx), Values.array(ny)));
                byInterval.add(Series.of(st, Values.array(ix), Values.array(iy)));
            }
            // the rows come point by point, one per strategy in STRATEGIES order
            int perPoint = P002StrategyExperiments.STRATEGIES.size();
            int csa = P002StrategyExperiments.STRATEGIES.indexOf("csa");
            boolean csaSlowest = true;
            for (int r = 0; r < t.rows().size(); r++) {
                int csaRow = r - r % perPoint + csa;
                csaSlowest &= t.number(r, "meanMicros") <= t.number(csaRow, "meanMicros");
            }
            List<Consumer<Report>> charts = List.of(
                    rep -> rep.lineChart(
                            "p002-time-nodes",
                            "Figure 6 a: mean time of one search against the nodes (interval 600)",
                            "nodes",
                            "ms",
                            byNodes),
                    rep -> rep.lineChart(
                            "p002-time-interval",
                            "Figure 6 b: mean time of one search against the interval length (100 nodes)",
                            "interval length",
                            "ms",
                            byInterval));
            return new Result(
                    t,
                    List.of(new Check("CSA is the slowest strategy at every point", csaSlowest)),
                    List.of("meanMicros is wall-clock time on this machine: it varies between runs and machines, unlike"
                            + " every other column of the P002 tables. The paper gives CSA about 3 s at 400 nodes and"
                            + " 2.5 s at interval 3 600 on its machine."),
                    charts);
        }
    }

    // ------------------------------------------------------------------------------------------ Table 1

    static final class UserCriteria extends PaperTableTarget {
        private static final Map<String, double[]> PAPER = Map.of(
                "start", new double[] {12.8, 171.7, 56.1, 227.8, 1281.1},
                "runtime", new double[] {10.6, 214.5, 39.3, 253.9, 1278.5},
                "finish", new double[] {12.2, 169.6, 45.0, 205.5, 1283.2},
                "cost", new double[] {12.9, 262.6, 55.5, 318.0, 1098.3},
                "all", new double[] {12.1, 222.0, 50.3, 272.3, 1248.4});
        private static final List<String> FIGURES = List.of("alternatives", "start", "runtime", "finish", "cost");

        UserCriteria() {
            super(
                    "p002-user-criteria",
                    "P002 Table 1: users' criteria in the batch-slicer against CSS",
                    "paper P002, Table 1: the batch-slicer with each job's own criterion against CSS, per criterion"
                            + " group: alternatives, start, runtime, finish, cost",
                    5000,
                    P002BatchExperiments.USER_CRITERIA_COLUMNS,
                    2,
                    subBatches(1));
        }

        @Override
        double paper(List<Object> labels, String column) {
            double[] p = PAPER.get(String.valueOf(labels.get(1)));
            int c = FIGURES.indexOf(column);
            return p == null || c < 0 ? Double.NaN : p[c];
        }

        @Override
        String setUp(Settings s) {
            return String.format(
                    Locale.ROOT,
                    "%d cycles, seed %d, slicer with %d sub-batch(es), VO problem min-time; %s",
                    s.runs(),
                    s.seed(),
                    subBatches(s),
                    medium());
        }

        @Override
        Result compute(Settings s, IntConsumer progress) {
            P002Table t = P002BatchExperiments.userCriteria(s.runs(), s.seed(), subBatches(s), s.threads(), progress);
            List<Check> checks = new ArrayList<>();
            for (String c : List.of("start", "runtime", "finish", "cost")) {
                checks.add(new Check(
                        "the jobs with criterion " + c + " have the best " + c + " of the slicer's groups",
                        bestGroup(t, c, c)));
            }
            checks.add(new Check(
                    "the exception the paper notes: the finish group also has the least start",
                    bestGroup(t, "finish", "start")));
            int css = rowOf(t, "css");
            List<String> notes = new ArrayList<>();
            for (String c : List.of("start", "runtime", "finish", "cost")) {
                int group = -1;
                for (int r = 0; r < t.rows().size(); r++) {
                    if (t.get(r, "scheme").equals("slicer")
                            && t.get(r, "criterion").equals(c)) {
                        group = r;
                    }
                }
                double ours = t.number(group, c) / t.number(css, c) - 1;
                double paper = PAPER.get(c)[FIGURES.indexOf(c)] / PAPER.get("all")[FIGURES.indexOf(c)] - 1;
                checks.add(new Check("the jobs with criterion " + c + " beat CSS on " + c, ours < 0));
                notes.add(String.format(
                        Locale.ROOT,
                        "criterion %s against CSS on %s: %+.1f %% (paper %+.1f %%)",
                        c,
                        c,
                        100 * ours,
                        100 * paper));
            }
            List<Consumer<Report>> charts = new ArrayList<>();
            for (String c : FIGURES) {
                charts.add(bars(this, t, "p002-table1-" + c, "Table 1: " + c, c, c));
            }
            notes.add("Our jobs are smaller than the paper's (volume 25-75 against about 300 implied by its costs), so"
                    + " our times and costs are smaller; the volume is what makes about 12 alternatives per job fit in"
                    + " 24 nodes x 600 (docs/reproduction.md).");
            return new Result(t, checks, notes, charts);
        }

        /** True if slicer group {@code group} has the least {@code column} of the four slicer groups. */
        static boolean bestGroup(P002Table t, String group, String column) {
            double mine = Double.NaN;
            double others = Double.POSITIVE_INFINITY;
            for (int r = 0; r < t.rows().size(); r++) {
                if (!t.get(r, "scheme").equals("slicer")) {
                    continue;
                }
                if (t.get(r, "criterion").equals(group)) {
                    mine = t.number(r, column);
                } else {
                    others = Math.min(others, t.number(r, column));
                }
            }
            return mine <= others;
        }
    }

    // ------------------------------------------------------------------------------------------ Figure 7

    static final class Slicing extends PaperTableTarget {
        Slicing() {
            super(
                    "p002-slicing",
                    "P002 Figure 7: slicing the batch into sub-batches at three load levels",
                    "paper P002, Figure 7: the batch-slicer with 1-20 sub-batches at low, medium and high load:"
                            + " processor time, cost, alternatives, share of failed cycles",
                    500, // per load level; the paper does not give its count (500 keeps the P002 set under 15 min)
                    P002BatchExperiments.SLICING_COLUMNS,
                    2,
                    Map.of(BUDGETS, List.of("calibrated", "spec")));
        }

        @Override
        public long steps(Settings s) {
            return (long) s.runs() * P002Environment.Load.values().length;
        }

        @Override
        double paper(List<Object> labels, String column) {
            return Double.NaN; // Figure 7 gives curves, not numbers
        }

        @Override
        String setUp(Settings s) {
            List<String> levels = new ArrayList<>();
            for (P002Environment.Load l : P002Environment.Load.values()) {
                levels.add(l.describe());
            }
            return String.format(
                    Locale.ROOT,
                    "%d cycles per level, seed %d, VO problem min-time; 24 nodes, [0, 600], 20 jobs; %s%s",
                    s.runs(),
                    s.seed(),
                    String.join("; ", levels),
                    specBudgets(s) ? "; BUT budgets as the spec has them, -60 % to +60 % (--budgets spec)" : "");
        }

        @Override
        Result compute(Settings s, IntConsumer progress) {
            P002Table t = P002BatchExperiments.slicing(s.runs(), s.seed(), specBudgets(s), s.threads(), progress);
            List<Check> checks = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            Map<String, List<Series>> series = new java.util.LinkedHashMap<>();
            for (String c : List.of("processorTime", "cost", "alternatives", "failureShare")) {
                series.put(c, new ArrayList<>());
            }
            double[] k = P002BatchExperiments.SUB_BATCHES.stream()
                    .mapToDouble(i -> i)
                    .toArray();
            for (P002Environment.Load l : P002Environment.Load.values()) {
                String level = l.shortName();
                for (String c : series.keySet()) {
                    series.get(c).add(Series.of(level, k, column(t, c, "load", level)));
                }
                checks.add(new Check(
                        level + ": more sub-batches give more alternatives",
                        rises(column(t, "alternatives", "load", level), true)));
                checks.add(new Check(
                        level + ": more sub-batches give a lower cost",
                        rises(column(t, "cost", "load", level), false)));
                checks.add(new Check(
                        level + ": more sub-batches give a higher failure share Y",
                        rises(column(t, "failureShare", "load", level), true)));
                double[] y = column(t, "failureShare", "load", level);
                notes.add(String.format(
                        Locale.ROOT,
                        "%s load: Y from %.4f to %.4f over the sub-batch counts; the paper's level has Y %s",
                        level,
                        java.util.Arrays.stream(y).min().orElse(Double.NaN),
                        java.util.Arrays.stream(y).max().orElse(Double.NaN),
                        l == P002Environment.Load.LOW ? "< 0.0002" : Values.fixed(l.paperFailureShare(), 2)));
            }
            double[] medium = column(t, "processorTime", "load", "medium");
            int best = 0;
            for (int i = 1; i < medium.length; i++) {
                best = medium[i] < medium[best] ? i : best;
            }
            checks.add(new Check(
                    "at medium load the least processor time is at 5 sub-batches (here: "
                            + P002BatchExperiments.SUB_BATCHES.get(best) + ")",
                    P002BatchExperiments.SUB_BATCHES.get(best) == 5));
            List<Consumer<Report>> charts = new ArrayList<>();
            for (Map.Entry<String, List<Series>> e : series.entrySet()) {
                charts.add(rep -> rep.lineChart(
                        "p002-slicing-" + e.getKey(),
                        "Figure 7: " + e.getKey() + " against the number of sub-batches",
                        "sub-batches",
                        e.getKey(),
                        e.getValue()));
            }
            return new Result(t, checks, notes, charts);
        }
    }

    // ------------------------------------------------------------------------------------------ Table 2

    static final class OwnerPrice extends PaperTableTarget {
        private static final Map<Integer, double[]> PAPER = Map.of(
                2, new double[] {256.6, 0.44, 527.1, 0},
                4, new double[] {234.9, 0.39, 939.6, 0.001},
                6, new double[] {185.4, 0.31, 1112.3, 0.013},
                8, new double[] {109.8, 0.18, 878.7, 0.024},
                10, new double[] {71.0, 0.12, 710.3, 0.025});
        private static final List<String> FIGURES = List.of("busyTime", "utilization", "profit", "failureShare");

        OwnerPrice() {
            super(
                    "p002-owner-price",
                    "P002 Table 2: a resource owner's price, utilization and profit",
                    "paper P002, Table 2: one node of performance 6 priced 2 to 10: its busy time, utilization, the"
                            + " owner's profit and the share of failed cycles",
                    1000, // the paper does not give its count
                    P002BatchExperiments.OWNER_PRICE_COLUMNS,
                    1,
                    subBatches(5));
        }

        @Override
        double paper(List<Object> labels, String column) {
            double[] p = PAPER.get((Integer) labels.get(0));
            int c = FIGURES.indexOf(column);
            return p == null || c < 0 ? Double.NaN : p[c];
        }

        @Override
        String setUp(Settings s) {
            return String.format(
                    Locale.ROOT,
                    "%d cycles, seed %d, node 0 of each cycle at p = 6 (market price 6), batch-slicer with %d"
                            + " sub-batches, VO problem min-time; %s",
                    s.runs(),
                    s.seed(),
                    subBatches(s),
                    medium());
        }

        @Override
        Result compute(Settings s, IntConsumer progress) {
            P002Table t = P002BatchExperiments.ownerPrice(s.runs(), s.seed(), subBatches(s), s.threads(), progress);
            double[] profit = column(t, "profit", null, null);
            int peak = 0;
            for (int i = 1; i < profit.length; i++) {
                peak = profit[i] > profit[peak] ? i : peak;
            }
            List<Check> checks = List.of(
                    new Check(
                            "the profit peaks at a middle price (here at " + P002BatchExperiments.PRICES.get(peak)
                                    + ")",
                            peak > 0 && peak < profit.length - 1),
                    new Check(
                            "utilization falls as the price rises", rises(column(t, "utilization", null, null), false)),
                    new Check(
                            "the failure share does not fall as the price rises",
                            monotone(column(t, "failureShare", null, null), true)));
            double[] prices =
                    P002BatchExperiments.PRICES.stream().mapToDouble(i -> i).toArray();
            List<Consumer<Report>> charts = new ArrayList<>();
            for (String c : List.of("profit", "utilization")) {
                double[] paper = new double[prices.length];
                for (int i = 0; i < prices.length; i++) {
                    paper[i] = PAPER.get(P002BatchExperiments.PRICES.get(i))[FIGURES.indexOf(c)];
                }
                charts.add(rep -> rep.lineChart(
                        "p002-owner-" + c,
                        "Table 2 / Figure 8: " + c + " against the node's unit price",
                        "unit price c",
                        c,
                        List.of(
                                Series.of("ours", prices, column(t, c, null, null)),
                                Series.of("paper", prices, paper))));
            }
            return new Result(
                    t,
                    checks,
                    List.of("Our jobs are smaller than the paper's (docs/reproduction.md), so one node is busy for a"
                            + " smaller share of the interval; the shape (a profit peak inside the price range) is"
                            + " what compares."),
                    charts);
        }
    }

    // ------------------------------------------------------------------------------------------ Figure 9

    static final class Bsf extends PaperTableTarget {
        Bsf() {
            super(
                    "p002-bsf",
                    "P002 Figure 9: batch-slice-filling",
                    "paper P002, Figure 9: batch-slice-filling with a share 0 to 1 of the batch by the batch-slicer, the"
                            + " rest by backfilling: processor time and start",
                    5000,
                    P002BatchExperiments.BSF_COLUMNS,
                    1,
                    subBatches(1));
        }

        @Override
        double paper(List<Object> labels, String column) {
            return Double.NaN; // Figure 9 gives curves, not numbers
        }

        @Override
        String setUp(Settings s) {
            return String.format(
                    Locale.ROOT,
                    "%d cycles, seed %d, slicer part with %d sub-batch(es), VO problem min-time; %s",
                    s.runs(),
                    s.seed(),
                    subBatches(s),
                    medium());
        }

        @Override
        Result compute(Settings s, IntConsumer progress) {
            P002Table t = P002BatchExperiments.bsf(s.runs(), s.seed(), subBatches(s), s.threads(), progress);
            double[] share = column(t, "cssShare", null, null);
            double[] cpu = column(t, "processorTime", null, null);
            double[] start = column(t, "start", null, null);
            List<Check> checks = List.of(
                    new Check("the processor time falls as the slicer's share grows", rises(cpu, false)),
                    new Check("the start time rises as the slicer's share grows", rises(start, true)));
            List<Consumer<Report>> charts = List.of(rep -> rep.lineChart(
                    "p002-bsf",
                    "Figure 9: mean processor time and start against the share n_CSS / n",
                    "n_CSS / n",
                    "time",
                    List.of(Series.of("processor time", share, cpu), Series.of("start", share, start))));
            return new Result(t, checks, List.of(), charts);
        }
    }

    /** The paper's percentages in section 7.2: T_CPU (bf - sl) / bf, start (bf - sl) / sl. */
    static double advantage(double backfill, double slicer, String column) {
        return (backfill - slicer) / (column.startsWith("start") ? slicer : backfill);
    }

    // ------------------------------------------------------------------------------------------ Table 3

    static final class RealRuntimes extends PaperTableTarget {
        private static final Map<String, double[]> PAPER = Map.of(
                "backfill", new double[] {187.7, 115.1, 69, 37.3},
                "css", new double[] {150.1, 90.4, 281.2, 281.2},
                "slicer", new double[] {138.6, 83.5, 223.8, 223.8});

        RealRuntimes() {
            super(
                    "p002-real-runtimes",
                    "P002 Table 3: schedules executed with real runtimes",
                    "paper P002, Table 3: jobs really run 0.2-1 of their reservation; backfilling compresses, CSS and"
                            + " the batch-slicer keep their schedule: processor time and start, scheduled and real",
                    1000, // the paper does not give its count
                    P002BatchExperiments.REAL_RUNTIME_COLUMNS,
                    1,
                    subBatches(5));
        }

        @Override
        double paper(List<Object> labels, String column) {
            double[] p = PAPER.get(String.valueOf(labels.get(0)));
            int c = P002BatchExperiments.REAL_RUNTIME_COLUMNS.indexOf(column) - 1;
            return p == null || c < 0 || c >= p.length ? Double.NaN : p[c];
        }

        @Override
        String setUp(Settings s) {
            return String.format(
                    Locale.ROOT,
                    "%d cycles, seed %d, real runtime U[0.2, 1] x reserved, slicer with %d sub-batches, VO problem"
                            + " min-time; %s",
                    s.runs(),
                    s.seed(),
                    subBatches(s),
                    medium());
        }

        @Override
        Result compute(Settings s, IntConsumer progress) {
            P002Table t = P002BatchExperiments.realRuntimes(s.runs(), s.seed(), subBatches(s), s.threads(), progress);
            int bf = rowOf(t, "backfill");
            int sl = rowOf(t, "slicer");
            List<Check> checks = new ArrayList<>();
            for (String c : List.of("processorTimeScheduled", "processorTimeReal")) {
                checks.add(new Check("the slicer beats backfilling on " + c, t.number(sl, c) < t.number(bf, c)));
            }
            for (String c : List.of("startScheduled", "startReal")) {
                checks.add(new Check("the slicer loses to backfilling on " + c, t.number(sl, c) > t.number(bf, c)));
            }
            List<String> notes = new ArrayList<>();
            for (String c : P002BatchExperiments.REAL_RUNTIME_COLUMNS.subList(1, 5)) {
                int i = P002BatchExperiments.REAL_RUNTIME_COLUMNS.indexOf(c) - 1;
                notes.add(String.format(
                        Locale.ROOT,
                        "backfilling against the slicer on %s: %+.1f %% (paper %+.1f %%)",
                        c,
                        100 * advantage(t.number(bf, c), t.number(sl, c), c),
                        100 * advantage(PAPER.get("backfill")[i], PAPER.get("slicer")[i], c)));
            }
            notes.add("(as the paper computes them: processor time relative to backfilling's, start relative to the"
                    + " slicer's)");
            List<Consumer<Report>> charts = List.of(
                    bars(
                            this,
                            t,
                            "p002-real-cpu-s",
                            "Table 3: processor time, scheduled",
                            "processorTimeScheduled",
                            "time"),
                    bars(this, t, "p002-real-cpu-r", "Table 3: processor time, real", "processorTimeReal", "time"),
                    bars(this, t, "p002-real-start-s", "Table 3: start, scheduled", "startScheduled", "time"),
                    bars(this, t, "p002-real-start-r", "Table 3: start, real", "startReal", "time"));
            return new Result(t, checks, notes, charts);
        }
    }
}
