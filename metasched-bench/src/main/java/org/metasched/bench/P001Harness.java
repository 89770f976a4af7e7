package org.metasched.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.metasched.experiments.P001Experiment;
import org.metasched.experiments.P001Paper;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.StartRule;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfTrace;
import org.metasched.model.Workload;
import org.metasched.registry.Registered;

/**
 * Runs the P001 experiment at full size until {@code metasched reproduce p001} exists, and prints the table
 * ({@code table.csv} columns), our ART beside the paper's, LoC and utilization, migrations and the wall time. From
 * the repository root: {@code java -cp metasched-bench/target/benchmarks.jar org.metasched.bench.P001Harness
 * [TRACE [SEED [RUNS [THREADS [OPTION...]]]]]}. Options: {@code
 * paper-sizes} replaces the job sizes by P001's histogram ({@link P001Paper#withJobSizes}); {@code
 * adapted} uses {@link StartRule#ADAPTED} (D13 v1) instead of the default D13 v2.
 */
public final class P001Harness {
    private P001Harness() {}

    public static void main(String[] args) {
        Path trace = Path.of(args.length > 0 ? args[0] : "../shared/traces/SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz");
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 2019;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        int threads = args.length > 3
                ? Integer.parseInt(args[3])
                : Runtime.getRuntime().availableProcessors();
        List<String> options = args.length > 4 ? List.of(args).subList(4, args.length) : List.of();
        boolean paperSizes = options.contains("paper-sizes");
        String rule = options.contains("adapted") ? "adapted" : "queue-heads";
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(SwfReadBenchmark.existing(trace.toString()));
        Workload w = paperSizes ? P001Paper.withJobSizes(t.workload(), seed) : t.workload();
        P001Experiment.Config paper = P001Experiment.Config.paper(seed).withRuns(runs);
        P001Experiment.Config c =
                paper.withPlatform(paper.platform().withStartRule(GangRegistries.START_RULES.byName(rule)));
        long t0 = System.nanoTime();
        P001Experiment.Outcome o = P001Experiment.outcome(w, c, threads, x -> {});
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.println("dispatch,policy,migration,executedJobs,art,artCi95,awt,loc,utilization,runs");
        for (P001Experiment.Row r : o.rows()) {
            System.out.println(String.format(
                    Locale.ROOT,
                    "%s,%s,%b,%d,%.2f,%.2f,%.2f,%.3f,%.4f,%d",
                    r.dispatch(),
                    r.policy(),
                    r.migration(),
                    r.executedJobs(),
                    r.art(),
                    r.artCi95(),
                    r.awt(),
                    r.loc(),
                    r.utilization(),
                    r.runs()));
        }
        System.out.println();
        for (String d : Registered.names(c.dispatchers())) {
            System.out.println("| " + d + " jobs | " + String.join(" | ", Registered.names(c.policies())) + " |");
            for (int k : c.executedJobs()) {
                StringBuilder sb = new StringBuilder("| " + k);
                for (String p : Registered.names(c.policies())) {
                    P001Experiment.Row r = find(o.rows(), d, p, k);
                    sb.append(String.format(
                            Locale.ROOT, " | %.0f ± %.0f (%.0f)", r.art(), r.artCi95(), P001Paper.art(d, p, k)));
                }
                System.out.println(sb.append(" |"));
            }
        }
        System.out.println();
        System.out.println(
                "| dispatch | policy | LoC % | paper LoC % | utilization | busy 1000-4900 | busy after 5000 | AWT(3000)"
                        + " | local mig. | external mig. |");
        for (P001Experiment.Curve cu : o.curves()) {
            P001Experiment.Row r = find(o.rows(), cu.dispatch(), cu.policy(), 3000);
            System.out.println(String.format(
                    Locale.ROOT,
                    "| %s | %s | %.2f | %.2f | %.3f | %.3f | %.3f | %.0f | %.1f | %.1f |",
                    cu.dispatch(),
                    cu.policy(),
                    r.loc(),
                    P001Paper.loc(cu.dispatch(), cu.policy()),
                    r.utilization(),
                    meanBusy(cu.utilizationByInteraction(), 1000, 4900),
                    meanBusy(cu.utilizationByInteraction(), 5000, Integer.MAX_VALUE),
                    r.awt(),
                    cu.localMigrations(),
                    cu.externalMigrations()));
        }
        System.out.printf(
                Locale.ROOT,
                "%n%d simulations on %d threads in %.1f s%n",
                P001Experiment.instances(c),
                threads,
                seconds);
    }

    /** Mean busy fraction over interactions {@code from..to} (1-based, inclusive, clipped to the curve). */
    private static double meanBusy(double[] curve, int from, int to) {
        double sum = 0;
        int n = 0;
        for (int i = from - 1; i < Math.min(to, curve.length); i++) {
            sum += curve[i];
            n++;
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static P001Experiment.Row find(List<P001Experiment.Row> rows, String d, String p, int k) {
        for (P001Experiment.Row r : rows) {
            if (r.dispatch().equals(d) && r.policy().equals(p) && r.executedJobs() == k) {
                return r;
            }
        }
        throw new IllegalStateException("no row " + d + " " + p + " " + k);
    }
}
