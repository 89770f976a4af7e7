package org.metasched.bench;

import java.util.concurrent.TimeUnit;
import org.metasched.availability.AvailabilityDomain;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.AvailabilityRequest;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityTable;
import org.metasched.availability.AvailabilityWindowSearch;
import org.metasched.availability.KnapsackSelection;
import org.metasched.availability.LoadGenerator;
import org.metasched.random.RandomStreams;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Paper P003's problem (spec 4.6): 64 nodes (performance U[2, 10], market prices, global load 0.05), a job of 6
 * nodes for T = 200 over the horizon [0, 800] (801 start times), budget {@code n T median(price)}, local jobs of
 * job load {@code jobLoad} (the experiments' warm-up 4 000). Each invocation works on the next of 16 generated
 * domains whose availability tables (the predictions, 64 x 801) were computed in set-up, except {@link
 * #availabilityTable}, which measures computing one.
 *
 * <ul>
 *   <li>{@link #knapsackFullScan}: the knapsack at every start time (801 static problems);
 *   <li>{@link #knapsackStep}: one static knapsack problem (the next start time of the next domain);
 *   <li>{@link #greedyJntFullScan}: GreedyJnt at every start time;
 *   <li>{@link #knapsackBoundedScan}: the bounded full scan (same window, fewer static problems);
 *   <li>{@link #availabilityTable}: the 64 x 801 availabilities of one domain.
 * </ul>
 *
 * {@code budgetUnits} sets the knapsack's cost quantum {@code q = max(1, C / budgetUnits)}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AvailabilityScanBenchmark {
    private static final int INSTANCES = 16;

    @Param({"0.5"})
    public double jobLoad;

    @Param({"1000"})
    public long budgetUnits;

    private AvailabilityDomain[] domains;
    private AvailabilityTable[] tables;
    private AvailabilityRequest[] requests;
    private AvailabilityWindowSearch knapsack;
    private AvailabilityWindowSearch bounded;
    private AvailabilityWindowSearch greedyJnt;
    private KnapsackSelection step;
    private int[] chosen;
    private int next;
    private int nextStart;

    @Setup(Level.Trial)
    public void setUp() {
        RandomStreams streams = new RandomStreams(2021);
        LoadGenerator generator = LoadGenerator.paper(jobLoad).withWarmUp(4000);
        domains = new AvailabilityDomain[INSTANCES];
        tables = new AvailabilityTable[INSTANCES];
        requests = new AvailabilityRequest[INSTANCES];
        for (int i = 0; i < INSTANCES; i++) {
            domains[i] = generator.generate(streams, i);
            double budget = LoadGenerator.medianPriceBudget(domains[i], 6, 200);
            requests[i] = new AvailabilityRequest(6, 200, budget, 0);
            tables[i] = AvailabilityTable.of(domains[i], requests[i]).computeAll();
        }
        AvailabilityOptions options = AvailabilityOptions.DEFAULTS.withQuantisation(1, budgetUnits);
        knapsack = new AvailabilityWindowSearch(AvailabilityStrategy.KNAPSACK, options);
        bounded = new AvailabilityWindowSearch(AvailabilityStrategy.KNAPSACK, options.withBounded(true));
        greedyJnt = new AvailabilityWindowSearch(AvailabilityStrategy.GREEDY_JNT, options);
        step = new KnapsackSelection(1, budgetUnits);
        chosen = new int[6];
    }

    private int nextInstance() {
        int i = next;
        next = (next + 1) % INSTANCES;
        return i;
    }

    @Benchmark
    public void knapsackFullScan(Blackhole bh) {
        int i = nextInstance();
        bh.consume(knapsack.find(tables[i], requests[i]));
    }

    @Benchmark
    public void knapsackBoundedScan(Blackhole bh) {
        int i = nextInstance();
        bh.consume(bounded.find(tables[i], requests[i]));
    }

    @Benchmark
    public void greedyJntFullScan(Blackhole bh) {
        int i = nextInstance();
        bh.consume(greedyJnt.find(tables[i], requests[i]));
    }

    @Benchmark
    public double knapsackStep() {
        int i = nextInstance();
        // 7 is coprime to 801: the start times cycle through the whole horizon
        nextStart = (nextStart + 7) % 801;
        AvailabilityTable t = tables[i];
        return step.select(t.at(nextStart), t.costs(), t.candidates(), 6, requests[i].budget(), chosen);
    }

    @Benchmark
    public void availabilityTable(Blackhole bh) {
        int i = nextInstance();
        bh.consume(AvailabilityTable.of(domains[i], requests[i]).computeAll());
    }
}
