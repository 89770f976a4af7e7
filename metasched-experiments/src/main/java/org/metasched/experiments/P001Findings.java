package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metasched.experiments.P001Experiment.Config;
import org.metasched.experiments.P001Experiment.Curve;
import org.metasched.experiments.P001Experiment.Outcome;
import org.metasched.experiments.P001Experiment.Row;
import org.metasched.metrics.MeanInterval;
import org.metasched.metrics.Verdict;
import org.metasched.registry.Registered;

/**
 * Paper P001's findings (section 8, spec 5.8) judged on an {@link P001Experiment.Outcome} with the 95 % intervals
 * over the runs.
 */
public final class P001Findings {
    /** The band within which a LoC counts as the paper's "approximately 50 %" (an interpretation, not the paper's). */
    public static final double LOC_ABOUT_50_LOW = 35;

    public static final double LOC_ABOUT_50_HIGH = 65;

    private P001Findings() {}

    /**
     * The paper's findings (P001 section 8, spec 5.8), each judged on {@code o} with the 95 % intervals over the runs:
     * per dispatcher, ART AFCFS < LXF < LJFS without migration at the largest number of executed jobs every cell
     * reached; migration lowering ART and LoC for every policy; LoC about 50 % without migration ({@link
     * #LOC_ABOUT_50_LOW}-{@link #LOC_ABOUT_50_HIGH} %); the migrating LoCs in the paper's order AFCFSm < LJFSm <
     * LXFm; AFCFSm the least ART; and JSEQ below OLB without migration for every policy. A finding needs its cells:
     * one whose policies or dispatchers the configuration leaves out is not judged.
     */
    public static List<Finding> judge(Config c, Outcome o) {
        Cells cells = new Cells(o);
        int k = cells.largestCommonExecuted(c);
        List<Finding> out = new ArrayList<>();
        List<String> plain = List.of("afcfs", "lxf", "ljfs");
        for (String d : Registered.names(c.dispatchers())) {
            if (cells.has(d, List.of("afcfs", "lxf", "ljfs"), k)) {
                out.add(new Finding(
                        d + ": ART AFCFS < LXF < LJFS without migration (" + k + " executed jobs)",
                        Verdict.below(cells.art(d, "afcfs", k), cells.art(d, "lxf", k))
                                .and(Verdict.below(cells.art(d, "lxf", k), cells.art(d, "ljfs", k))),
                        cells.arts(d, plain, k)));
            }
            List<String> paired = plain.stream()
                    .filter(p -> cells.has(d, List.of(p, p + "-m"), k))
                    .toList();
            if (!paired.isEmpty()) {
                Verdict art = Verdict.HOLDS;
                Verdict loc = Verdict.HOLDS;
                StringBuilder artDetail = new StringBuilder();
                StringBuilder locDetail = new StringBuilder();
                for (String p : paired) {
                    art = art.and(Verdict.below(cells.art(d, p + "-m", k), cells.art(d, p, k)));
                    loc = loc.and(Verdict.below(cells.loc(d, p + "-m"), cells.loc(d, p)));
                    artDetail
                            .append(artDetail.length() == 0 ? "" : "; ")
                            .append(p)
                            .append(' ')
                            .append(seconds(cells.art(d, p, k)))
                            .append(" -> ")
                            .append(seconds(cells.art(d, p + "-m", k)));
                    locDetail
                            .append(locDetail.length() == 0 ? "" : "; ")
                            .append(p)
                            .append(' ')
                            .append(percent(cells.loc(d, p)))
                            .append(" -> ")
                            .append(percent(cells.loc(d, p + "-m")));
                }
                out.add(new Finding(
                        d + ": migration lowers ART for every policy (" + k + " executed jobs)",
                        art,
                        artDetail.toString()));
                out.add(new Finding(d + ": migration lowers LoC for every policy", loc, locDetail.toString()));
            }
            List<String> without = plain.stream().filter(p -> cells.has(d, p)).toList();
            if (!without.isEmpty()) {
                Verdict v = Verdict.HOLDS;
                StringBuilder detail = new StringBuilder();
                for (String p : without) {
                    v = v.and(Verdict.within(cells.loc(d, p), LOC_ABOUT_50_LOW, LOC_ABOUT_50_HIGH));
                    detail.append(detail.length() == 0 ? "" : " / ").append(percent(cells.loc(d, p)));
                }
                out.add(new Finding(
                        String.format(
                                Locale.ROOT,
                                "%s: LoC about 50 %% without migration (each within %.0f-%.0f %%)",
                                d,
                                LOC_ABOUT_50_LOW,
                                LOC_ABOUT_50_HIGH),
                        v,
                        detail + " (" + String.join(", ", without) + ")"));
            }
            if (cells.has(d, List.of("afcfs-m", "ljfs-m", "lxf-m"))) {
                out.add(new Finding(
                        d + ": migrating LoCs in the paper's order AFCFSm < LJFSm < LXFm",
                        Verdict.below(cells.loc(d, "afcfs-m"), cells.loc(d, "ljfs-m"))
                                .and(Verdict.below(cells.loc(d, "ljfs-m"), cells.loc(d, "lxf-m"))),
                        String.format(
                                Locale.ROOT,
                                "%s / %s / %s (paper %.2f / %.2f / %.2f %%)",
                                percent(cells.loc(d, "afcfs-m")),
                                percent(cells.loc(d, "ljfs-m")),
                                percent(cells.loc(d, "lxf-m")),
                                P001Paper.loc(d, "afcfs-m"),
                                P001Paper.loc(d, "ljfs-m"),
                                P001Paper.loc(d, "lxf-m"))));
            }
            if (cells.has(d, List.of("afcfs-m"), k) && c.policies().size() > 1) {
                Verdict v = Verdict.HOLDS;
                String runnerUp = null;
                for (String p : c.columns()) {
                    if (!p.equals("afcfs-m") && cells.has(d, List.of(p), k)) {
                        v = v.and(Verdict.below(cells.art(d, "afcfs-m", k), cells.art(d, p, k)));
                        if (runnerUp == null
                                || cells.art(d, p, k).mean()
                                        < cells.art(d, runnerUp, k).mean()) {
                            runnerUp = p;
                        }
                    }
                }
                out.add(new Finding(
                        d + ": AFCFSm has the least ART (" + k + " executed jobs)",
                        v,
                        cells.arts(d, List.of("afcfs-m"), k) + "; least of the others: "
                                + cells.arts(d, List.of(runnerUp), k)));
            }
        }
        List<String> both = plain.stream()
                .filter(p -> cells.has("olb", List.of(p), k) && cells.has("jseq", List.of(p), k))
                .toList();
        if (!both.isEmpty()) {
            Verdict v = Verdict.HOLDS;
            StringBuilder detail = new StringBuilder();
            for (String p : both) {
                v = v.and(Verdict.below(cells.art("jseq", p, k), cells.art("olb", p, k)));
                detail.append(detail.length() == 0 ? "" : "; ")
                        .append(p)
                        .append(' ')
                        .append(seconds(cells.art("jseq", p, k)))
                        .append(" vs ")
                        .append(seconds(cells.art("olb", p, k)));
            }
            out.add(new Finding(
                    "JSEQ below OLB in ART without migration for every policy (" + k + " executed jobs)",
                    v,
                    detail.toString()));
        }
        return out;
    }

    // one run has no interval: "-" where it would be (docs/outputs.md), not NaN
    private static String seconds(MeanInterval m) {
        return String.format(Locale.ROOT, "%,.0f +- ", m.mean()) + interval(m.halfWidth95(), "%,.0f");
    }

    private static String percent(MeanInterval m) {
        return String.format(Locale.ROOT, "%.2f +- ", m.mean()) + interval(m.halfWidth95(), "%.2f") + " %";
    }

    private static String interval(double halfWidth, String format) {
        return Double.isNaN(halfWidth) ? "-" : String.format(Locale.ROOT, format, halfWidth);
    }

    /** The outcome's cells by dispatcher, policy and executed jobs. */
    private static final class Cells {
        private final Outcome o;

        Cells(Outcome o) {
            this.o = o;
        }

        Row row(String d, String p, int k) {
            for (Row r : o.rows()) {
                if (r.dispatch().equals(d) && r.policy().equals(p) && r.executedJobs() == k) {
                    return r;
                }
            }
            return null;
        }

        Curve curve(String d, String p) {
            for (Curve cu : o.curves()) {
                if (cu.dispatch().equals(d) && cu.policy().equals(p)) {
                    return cu;
                }
            }
            return null;
        }

        boolean has(String d, String p) {
            return curve(d, p) != null;
        }

        boolean has(String d, List<String> policies) {
            return policies.stream().allMatch(p -> has(d, p));
        }

        boolean has(String d, List<String> policies, int k) {
            return policies.stream().allMatch(p -> row(d, p, k) != null);
        }

        /** The largest row count every cell of the configuration reached (0 if none). */
        int largestCommonExecuted(Config c) {
            int best = 0;
            for (int k : c.executedJobs()) {
                boolean all = true;
                for (String d : Registered.names(c.dispatchers())) {
                    all &= has(d, c.columns(), k);
                }
                if (all) {
                    best = Math.max(best, k);
                }
            }
            return best;
        }

        MeanInterval art(String d, String p, int k) {
            Row r = row(d, p, k);
            return new MeanInterval(r.art(), r.artCi95(), r.runs());
        }

        MeanInterval loc(String d, String p) {
            return curve(d, p).loc();
        }

        String arts(String d, List<String> policies, int k) {
            StringBuilder b = new StringBuilder();
            for (String p : policies) {
                if (row(d, p, k) != null) {
                    b.append(b.length() == 0 ? "" : "; ")
                            .append(p)
                            .append(' ')
                            .append(seconds(art(d, p, k)))
                            .append(" s");
                    double paper = P001Paper.art(d, p, k);
                    if (!Double.isNaN(paper)) {
                        b.append(String.format(Locale.ROOT, " (paper %,.0f)", paper));
                    }
                }
            }
            return b.toString();
        }
    }
}
