package org.metasched.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The CPU time of one AEP search on {@link AepSearchBenchmark}'s instances, measured with the thread's CPU clock
 * rather than the wall clock, so that an A/B of two builds stays readable on a machine other builds keep busy (JMH's
 * wall-clock errors there exceed its scores). From the repository root: {@code java -cp
 * metasched-bench/target/benchmarks.jar org.metasched.bench.AepCpuTimeHarness STRATEGY NODES SEARCHES}; to time an
 * older build, put its {@code benchmarks.jar} first on the class path and {@code metasched-bench/target/classes}
 * after it (docs/performance.md, issue 20).
 */
public final class AepCpuTimeHarness {
    private AepCpuTimeHarness() {}

    /**
     * Runs the searches twice (the first round warms the JIT) and prints the second round's mean CPU time.
     *
     * @param args strategy name, number of nodes, number of searches per round
     */
    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: AepCpuTimeHarness STRATEGY NODES SEARCHES");
            System.exit(2);
        }
        AepSearchBenchmark bench = new AepSearchBenchmark();
        bench.strategy = args[0];
        bench.nodes = Integer.parseInt(args[1]);
        bench.interval = 600;
        int searches = Integer.parseInt(args[2]);
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream())); // the set-up's line is for JMH's log
        bench.setUp();
        System.setOut(out);
        Blackhole bh = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < searches; i++) {
            bench.search(bh);
        }
        long start = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < searches; i++) {
            bench.search(bh);
        }
        long cpu = threads.getCurrentThreadCpuTime() - start;
        System.out.printf(
                Locale.ROOT,
                "%s nodes=%d: %.1f us CPU per search (mean of %d)%n",
                bench.strategy,
                bench.nodes,
                cpu / 1e3 / searches,
                searches);
    }
}
