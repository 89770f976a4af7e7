package org.metasched.pipeline.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryStreams;
import org.metasched.memory.MemorySummary;
import org.metasched.memory.MemoryTimeSeries;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * {@code run}'s P004 section: the peak stream on the paper's cluster under the adaptive and the static policy
 * (the same generated jobs), with queue lengths and pool sizes over time.
 */
final class MemoryRunSection implements RunSection {
    static final List<String> POLICIES = List.of("adaptive", "static");

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public String title() {
        return "Memory pools under a peak (paper P004): adaptive against static pools";
    }

    @Override
    public Part run(long seed) {
        List<MemoryCluster> runs = new ArrayList<>();
        for (String p : POLICIES) {
            MemoryConfig c = MemoryConfig.defaults().withPolicy(p).withRuns(1, seed);
            runs.add(MemoryCluster.of(c, MemoryStreams.generate(c, 0)).run());
        }
        return new MemoryPart(runs);
    }

    record MemoryPart(List<MemoryCluster> runs) implements Part {
        @Override
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            String header = String.format(
                    Locale.ROOT,
                    "%-10s %6s %9s %14s %20s %8s",
                    "policy",
                    "jobs",
                    "coreUtil",
                    "mean flowtime",
                    "3 GiB mean flowtime",
                    "reprov");
            out.add(header);
            out.add("-".repeat(header.length()));
            for (MemoryCluster run : runs) {
                MemorySummary s = MemorySummary.of(run, 0, MemoryConfig.DEFAULT_DURATION_SECONDS);
                out.add(String.format(
                        Locale.ROOT,
                        "%-10s %6d %9.3f %14.3f %20.3f %8d",
                        run.policyName(),
                        s.jobs(),
                        s.coreUtilization(),
                        s.meanFlowtimeSeconds(),
                        s.classes().get(s.classes().size() - 1).meanFlowtimeSeconds(),
                        s.reprovisionings()));
            }
            out.add("(5 machines x 2 cores sharing 4 GiB, classes 1, 2, 3 GiB, the peak stream of spec 6.6 over 20 s;"
                    + " metasched memory runs more)");
            return out;
        }

        @Override
        public void addTo(Report report) {
            List<Series> queues = new ArrayList<>();
            List<Series> pools = new ArrayList<>();
            for (MemoryCluster run : runs) {
                MemoryTimeSeries ts = run.timeSeries();
                int n = ts.size();
                double[] t = new double[n];
                for (int i = 0; i < n; i++) {
                    t[i] = ts.timeSeconds(i);
                }
                for (int k = 1; k <= ts.classes(); k++) {
                    double[] q = new double[n];
                    double[] p = new double[n];
                    for (int i = 0; i < n; i++) {
                        q[i] = ts.queueLength(i, k);
                        p[i] = ts.poolSize(i, k);
                    }
                    String name = run.policyName() + ", " + run.classGiB(k) + " GiB";
                    queues.add(Series.of(name, t, q));
                    pools.add(Series.of(name, t, p));
                }
            }
            report.stepChart(
                    "run-memory-queues",
                    "P004, peak stream: queue length per class, adaptive and static",
                    "time (s)",
                    "waiting jobs",
                    queues);
            report.stepChart(
                    "run-memory-pools",
                    "P004, peak stream: pool size per class (the adaptive policy moves cores to the 3 GiB class)",
                    "time (s)",
                    "cores",
                    pools);
        }
    }
}
