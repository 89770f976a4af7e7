package org.metasched.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metasched.batch.BatchGenerator;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.experiments.Replications;
import org.metasched.model.Geometry;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.PricingModel;
import org.metasched.timeline.ResourceDomain;

/**
 * Figure 7 of paper P002 in another environment than {@code reproduce p002-slicing}'s calibrated one
 * (docs/reproduction.md, "Figure 7 and Table 2 in the paper's regime"): NODES nodes with p ~ U[2, 10] and local load
 * LOAD_MIN-LOAD_MAX over [0, INTERVAL], 20 jobs of 2-6 nodes with volumes V_MIN-V_MAX and budgets from BETA_MIN to
 * +60 % of market value; per sub-batch count the batch-slicer's processor time, cost, start and runtime per scheduled
 * job, alternatives per job (N_A) and failure share Y, and CSS on the same cycles. From the repository root:
 * {@code java -cp metasched-bench/target/benchmarks.jar org.metasched.bench.P002SlicingHarness NODES INTERVAL LOAD_MIN
 * LOAD_MAX V_MIN V_MAX BETA_MIN RUNS [SEED]} (seed 2002 by default; {@code 24 600 0.1 0.5 25 75 -0.17 500} is the
 * target's medium level on streams of its own).
 */
public final class P002SlicingHarness {
    private static final int[] SUB_BATCHES = {1, 2, 3, 5, 6, 10, 20};

    private P002SlicingHarness() {}

    public static void main(String[] a) {
        int nodes = Integer.parseInt(a[0]);
        double interval = Double.parseDouble(a[1]);
        double minLoad = Double.parseDouble(a[2]);
        double maxLoad = Double.parseDouble(a[3]);
        double minVolume = Double.parseDouble(a[4]);
        double maxVolume = Double.parseDouble(a[5]);
        double minBeta = Double.parseDouble(a[6]);
        int runs = Integer.parseInt(a[7]);
        long seed = a.length > 8 ? Long.parseLong(a[8]) : 2002;
        DomainGenerator domains =
                new DomainGenerator(nodes, 2, 10, interval, minLoad, maxLoad, PricingModel.DEFAULT_SIGMA, false);
        BatchGenerator batches = new BatchGenerator(20, 2, 6, minVolume, maxVolume, minBeta, 0.6);
        long t0 = System.nanoTime();
        List<double[][]> results = Replications.run(
                runs, Runtime.getRuntime().availableProcessors(), r -> cycle(domains, batches, seed, r), x -> {});
        double[][] sum = new double[SUB_BATCHES.length + 1][7];
        for (double[][] r : results) {
            for (int i = 0; i < sum.length; i++) {
                for (int v = 0; v < 7; v++) {
                    sum[i][v] += r[i][v];
                }
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%d nodes, interval %.0f, local load %.0f-%.0f %%, volumes %.0f-%.0f, budgets %+.0f %% to +60 %%,"
                        + " %d cycles, seed %d, %.1f s%n",
                nodes,
                interval,
                100 * minLoad,
                100 * maxLoad,
                minVolume,
                maxVolume,
                100 * minBeta,
                runs,
                seed,
                (System.nanoTime() - t0) / 1e9);
        System.out.println("scheme  processorTime     cost   start  runtime  alternatives  failureShare");
        for (int i = 0; i < sum.length; i++) {
            double placed = sum[i][1];
            System.out.printf(
                    Locale.ROOT,
                    "%-6s  %13.2f  %7.1f  %6.1f  %7.2f  %12.2f  %12.4f%n",
                    i < SUB_BATCHES.length ? "k=" + SUB_BATCHES[i] : "css",
                    sum[i][0] / placed,
                    sum[i][2] / placed,
                    sum[i][5] / placed,
                    sum[i][6] / placed,
                    sum[i][3] / (runs * 20.0),
                    sum[i][4] / runs);
        }
    }

    /** Per scheme: total T_CPU, placed jobs, total cost, total alternatives, failed (0/1), total start, runtime. */
    private static double[][] cycle(DomainGenerator domains, BatchGenerator batches, long seed, int run) {
        RandomStreams streams = new RandomStreams(seed);
        ResourceDomain d = domains.generate(streams.stream("p002-harness-nodes", run));
        List<BatchJob> jobs = batches.generate(streams.stream("p002-harness-batch", run));
        List<BatchScheduler.Settings> schemes = new ArrayList<>();
        for (int k : SUB_BATCHES) {
            schemes.add(settings(BatchScheduler.Scheme.SLICER, k));
        }
        schemes.add(settings(BatchScheduler.Scheme.CSS, 1));
        double[][] out = new double[schemes.size()][7];
        for (int i = 0; i < schemes.size(); i++) {
            BatchScheduler.Result r = BatchScheduler.schedule(jobs, d.slots(), Geometry.ROUGH, schemes.get(i));
            for (BatchScheduler.JobResult j : r.jobs()) {
                out[i][3] += j.alternatives().size();
                Window w = j.window();
                if (w != null) {
                    out[i][0] += w.processorTime();
                    out[i][1]++;
                    out[i][2] += w.cost();
                    out[i][5] += w.start();
                    out[i][6] += w.runtime();
                }
            }
            out[i][4] = r.feasible() ? 0 : 1;
        }
        return out;
    }

    /** The VO problem of P002 sections 6.3 and 7: least processor time within the budget limit. */
    private static BatchScheduler.Settings settings(BatchScheduler.Scheme scheme, int subBatches) {
        return new BatchScheduler.Settings(
                scheme, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, subBatches, 0, 1);
    }
}
