package org.metasched.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import org.metasched.model.Geometry;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;

/**
 * The CPU time of one SSA search on a budget, on prices with cents (docs/select.md, where we depart from the spec's
 * D4): 20 random domains over [0, 1000] with performances 1, 2, 4 or 5, prices 0.01 to 0.99 and busy intervals of
 * 5-64 time units with gaps of 5-64, a job of volume 60 asking for n nodes at time 0; with {@code late}, the nodes
 * priced below 0.50 are busy until 500. It uses only what older builds have, so an A/B of two builds runs it
 * against each: from the repository root, {@code java -cp
 * metasched-bench/target/classes:metasched-cli/target/metasched.jar org.metasched.bench.SsaBudgetHarness CRITERION
 * GEOMETRY NODES N BUDGET [late]} (an older build's {@code metasched.jar} in place of this one's). Prints the mean CPU
 * time per search of the last five of eight rounds, how many windows were found and their mean cost.
 */
public final class SsaBudgetHarness {
    private static final int INSTANCES = 20;

    private SsaBudgetHarness() {}

    public static void main(String[] args) {
        if (args.length < 5 || args.length > 6) {
            System.err.println("usage: SsaBudgetHarness CRITERION GEOMETRY NODES N BUDGET [late]");
            System.exit(2);
        }
        String criterion = args[0];
        Geometry geometry = Geometry.valueOf(args[1].toUpperCase(Locale.ROOT));
        int nodes = Integer.parseInt(args[2]);
        int n = Integer.parseInt(args[3]);
        double budget = Double.parseDouble(args[4]);
        boolean late = args.length == 6 && args[5].equals("late");
        List<SlotList> domains = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(7);
        int[] perfs = {1, 2, 4, 5};
        for (int k = 0; k < INSTANCES; k++) {
            List<Node> list = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                list.add(Node.of(i, perfs[rnd.nextInt(perfs.length)], (1 + rnd.nextInt(99)) / 100.0));
            }
            ResourceDomain d = new ResourceDomain(list, 0, 1000);
            for (int i = 0; i < nodes; i++) {
                double t = 0;
                if (late && list.get(i).unitPrice() < 0.5) {
                    d.addBusy(i, Interval.of(0, 500));
                    t = 500;
                }
                while (true) {
                    t += 5 + rnd.nextInt(60);
                    if (t >= 1000) {
                        break;
                    }
                    double end = Math.min(1000, t + 5 + rnd.nextInt(60));
                    d.addBusy(i, Interval.of(t, end));
                    t = end;
                }
            }
            domains.add(d.slots());
        }
        ResourceRequest job = new ResourceRequest(n, 60, 0, budget, 0, Double.POSITIVE_INFINITY);
        WindowSearch search = WindowSearches.create(criterion);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        int rounds = 8;
        int measured = 5;
        long start = 0;
        int found = 0;
        double cost = 0;
        for (int round = 0; round < rounds; round++) {
            if (round == rounds - measured) {
                start = cpu.getCurrentThreadCpuTime();
            }
            for (SlotList d : domains) {
                Optional<Window> w = search.find(d, job, geometry);
                if (round == 0 && w.isPresent()) {
                    found++;
                    cost += w.get().cost();
                }
            }
        }
        double ms = (cpu.getCurrentThreadCpuTime() - start) / 1e6 / (measured * INSTANCES);
        System.out.printf(
                Locale.ROOT,
                "%s %s %d nodes n=%d budget %s%s: %.3f ms CPU per search, found %d of %d, mean cost %.2f%n",
                criterion,
                geometry,
                nodes,
                n,
                args[4],
                late ? " late" : "",
                ms,
                found,
                INSTANCES,
                found > 0 ? cost / found : 0);
    }
}
