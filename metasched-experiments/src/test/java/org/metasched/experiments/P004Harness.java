package org.metasched.experiments;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryStreams;
import org.metasched.memory.MemoryTimeSeries;

/**
 * Runs the full P004 experiment and prints the table and the flowtime profiles (docs/design/p004-notes.md). Skipped
 * unless {@code -Dp004.harness=true}; {@code -Dp004.runs} and {@code -Dp004.seed} override 30 runs and seed 2025.
 */
class P004Harness {
    @Test
    void printTheTable() {
        assumeTrue(Boolean.getBoolean("p004.harness"), "run with -Dp004.harness=true");
        int runs = Integer.getInteger("p004.runs", 30);
        long seed = Long.getLong("p004.seed", 2025L);
        P004Experiment.Config c = P004Experiment.Config.paper(runs, seed);
        long t0 = System.nanoTime();
        P004Experiment.Result r = P004Experiment.run(c, Runtime.getRuntime().availableProcessors(), x -> {});
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.println("workload,policy,threshold,coreUtilization,memoryUtilization,meanFlowtime,"
                + "meanFlowtimeCi95,meanWait,reprovisionings,runs");
        for (P004Experiment.Row x : r.rows()) {
            System.out.printf(
                    Locale.ROOT,
                    "%s,%s,%s,%.4f,%.4f,%.4f,%.4f,%.4f,%.2f,%d%n",
                    x.workload(),
                    x.policy(),
                    Double.isNaN(x.threshold()) ? "" : String.format(Locale.ROOT, "%.2f", x.threshold()),
                    x.coreUtilization(),
                    x.memoryUtilization(),
                    x.meanFlowtime(),
                    x.meanFlowtimeCi95(),
                    x.meanWait(),
                    x.reprovisionings(),
                    x.runs());
        }
        System.out.println();
        System.out.println("row, core utilization over the whole run [0, last completion]");
        for (int i = 0; i < r.rows().size(); i++) {
            P004Experiment.Row x = r.rows().get(i);
            System.out.printf(
                    Locale.ROOT,
                    "%s %s %s %.4f%n",
                    x.workload(),
                    x.policy(),
                    Double.isNaN(x.threshold()) ? "" : String.valueOf(x.threshold()),
                    r.wholeRunCoreUtilization()[i]);
        }
        System.out.println();
        System.out.println("paired differences of the mean flowtime, same jobs in every run (mean +- 95 % CI)");
        int policies = c.policies().size();
        for (int w = 0; w < 2; w++) {
            for (int p = 1; p < policies; p++) {
                double[] d = P004Experiment.pairedFlowtimeDifference(r, w * policies + p, w * policies);
                System.out.printf(
                        Locale.ROOT,
                        "%s: %s - adaptive = %.4f +- %.4f%n",
                        r.rows().get(w * policies).workload(),
                        c.policies().get(p),
                        d[0],
                        d[1]);
            }
        }
        int peakAdaptive = policies; // the peak stream's adaptive row at the default TR
        for (int i = 2 * policies; i < r.rows().size(); i++) {
            double[] d = P004Experiment.pairedFlowtimeDifference(r, i, peakAdaptive);
            System.out.printf(
                    Locale.ROOT,
                    "peak: adaptive TR %.2f - adaptive TR 0.10 = %.4f +- %.4f%n",
                    r.rows().get(i).threshold(),
                    d[0],
                    d[1]);
        }
        System.out.println();
        System.out.println("mean flowtime of the largest class by arrival window (pooled over the runs)");
        for (P004Experiment.Profile p : r.profiles()) {
            if (!Double.isNaN(p.threshold()) && p.threshold() != 0.10) {
                continue;
            }
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "%-6s %-16s", p.workload(), p.policy()));
            for (double m : p.meanFlowtime()) {
                sb.append(String.format(Locale.ROOT, " %5.2f", m));
            }
            System.out.println(sb);
        }
        System.out.printf(Locale.ROOT, "%ntook %.1f s (seed %d, %d runs)%n", seconds, seed, runs);
        System.out.println();
        System.out.println("peak stream, 2-s windows, means over the runs: core utilization / queue 3 / pool 3");
        for (String policy : c.policies()) {
            MemoryConfig config = c.base().withWorkload("peak").withPolicy(policy);
            double[][] sums = new double[3][10];
            for (int run = 0; run < runs; run++) {
                MemoryTimeSeries ts = MemoryCluster.of(config, MemoryStreams.generate(config, run))
                        .run()
                        .timeSeries();
                for (int b = 0; b < 10; b++) {
                    sums[0][b] += ts.rows().mean(MemoryTimeSeries.BUSY, 2 * b, 2 * b + 2) / config.totalCores() / runs;
                    sums[1][b] += ts.rows().mean(MemoryTimeSeries.queue(3), 2 * b, 2 * b + 2) / runs;
                    sums[2][b] += ts.rows().mean(ts.pool(3), 2 * b, 2 * b + 2) / runs;
                }
            }
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-16s", policy));
            for (int b = 0; b < 10; b++) {
                sb.append(String.format(Locale.ROOT, " %.2f/%.1f/%.1f", sums[0][b], sums[1][b], sums[2][b]));
            }
            System.out.println(sb);
        }
    }
}
