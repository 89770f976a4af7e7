package org.metasched.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangScheduleCheck;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;

/**
 * One gang run from the command line until {@code metasched gang} exists: reads the trace, runs the model, prints
 * the summary (optionally checks the schedule). What {@code metasched gang} will cost, less the output files and
 * the report. From the repository root: {@code java -cp metasched-bench/target/benchmarks.jar
 * org.metasched.bench.GangHarness TRACE CLUSTERS DISPATCH POLICY [JOBS [check]]}, CLUSTERS like {@code 50,50}.
 */
public final class GangHarness {
    private GangHarness() {}

    public static void main(String[] args) {
        if (args.length < 4) {
            System.err.println("usage: GangHarness TRACE CLUSTERS DISPATCH POLICY [JOBS [check]]");
            System.exit(2);
        }
        List<Integer> clusters = new ArrayList<>();
        for (String c : args[1].split(",", -1)) {
            clusters.add(Integer.parseInt(c.trim()));
        }
        int maxJobs = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        GangJobs jobs = GangJobs.of(
                new SwfReader(SwfOptions.DEFAULTS)
                        .read(SwfReadBenchmark.existing(Path.of(args[0]).toString()))
                        .workload(),
                maxJobs);
        GangConfig config = GangConfig.DEFAULTS
                .withClusters(clusters)
                .withDispatch(GangRegistries.DISPATCHERS.byName(args[2]))
                .withPolicy(GangRegistries.POLICIES.byName(args[3]));
        GangResult r = GangSimulation.run(jobs, config, 0);
        if (args.length > 5 && args[5].equals("check")) {
            GangScheduleCheck.result(r);
        }
        GangSummary s = r.summary();
        System.out.println(String.format(
                Locale.ROOT,
                "%s on %s: %d jobs, %d executed, %d rejected; AWT %.1f s, ART %.1f s, LoC %.2f %%, utilization %.3f,"
                        + " migrations %d local / %d external",
                s.run(),
                clusters,
                s.jobs(),
                s.executedJobs(),
                s.rejectedJobs(),
                s.awtSeconds(),
                s.artSeconds(),
                s.lossOfCapacityPercent(),
                s.utilization(),
                s.localMigrations(),
                s.externalMigrations()));
    }
}
