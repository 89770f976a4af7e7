package org.metasched.bench;

import java.util.concurrent.TimeUnit;
import org.metasched.availability.AvailabilityDomain;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.AvailabilityRequest;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityTable;
import org.metasched.availability.AvailabilityWindow;
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

/**
 * Paper P003's problem (spec 4.6): 64 generated nodes (global load 0.05, job load 0.5), a job of 6 nodes for T = 200
 * within the median-price budget, start times 0 to 800. The scans include computing the availabilities of every
 * node at every start time, as {@code select} does; the static step is one knapsack over one precomputed row.
 * {@code maxBudgetUnits} is the knapsack's budget resolution: the quantum is {@code max(1, budget / units)}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AvailabilityBenchmark {
    @Param({"1000", "10000"})
    public long maxBudgetUnits;

    private AvailabilityDomain domain;
    private AvailabilityRequest request;
    private double[] row;
    private double[] costs;
    private int candidates;
    private int[] chosen;
    private KnapsackSelection knapsack;
    private AvailabilityWindowSearch fullKnapsack;
    private AvailabilityWindowSearch fullGreedy;
    private AvailabilityWindowSearch boundedKnapsack;
    private AvailabilityTable table;

    @Setup(Level.Trial)
    public void setUp() {
        domain = LoadGenerator.paper(0.5).withWarmUp(4000).generate(new RandomStreams(2021), 0);
        request = new AvailabilityRequest(6, 200, LoadGenerator.medianPriceBudget(domain, 6, 200), 0);
        table = AvailabilityTable.of(domain, request).computeAll();
        row = table.at(400);
        costs = table.costs();
        candidates = table.candidates();
        chosen = new int[6];
        AvailabilityOptions options =
                AvailabilityOptions.DEFAULTS.withQuantisation(KnapsackSelection.DEFAULT_QUANTUM, maxBudgetUnits);
        knapsack = new KnapsackSelection(KnapsackSelection.DEFAULT_QUANTUM, maxBudgetUnits);
        fullKnapsack = new AvailabilityWindowSearch(AvailabilityStrategy.KNAPSACK, options);
        fullGreedy = new AvailabilityWindowSearch(AvailabilityStrategy.GREEDY_JNT, options);
        boundedKnapsack = new AvailabilityWindowSearch(AvailabilityStrategy.KNAPSACK, options.withBounded(true));
    }

    /** The full knapsack scan: 801 start times, availabilities computed on the way. Target: under 200 ms. */
    @Benchmark
    public AvailabilityWindow fullKnapsackScan() {
        return fullKnapsack.find(domain, request);
    }

    /**
     * The full knapsack scan as {@code select} runs it: start times whose upper bound (the product of the n highest
     * availabilities) cannot beat the best window so far are skipped, which leaves the answer unchanged. Target:
     * under 200 ms.
     */
    @Benchmark
    public AvailabilityWindow fullKnapsackScanBounded() {
        return boundedKnapsack.find(domain, request);
    }

    /** One static knapsack over 64 candidates. Target: under 300 us. */
    @Benchmark
    public double staticKnapsackStep() {
        return knapsack.select(row, costs, candidates, 6, request.budget(), chosen);
    }

    /** The full knapsack scan over availabilities computed beforehand (the predictions as the scan's input). */
    @Benchmark
    public AvailabilityWindow fullKnapsackScanOnTable() {
        return fullKnapsack.find(table, request);
    }

    /** The full GreedyJnt scan over availabilities computed beforehand. */
    @Benchmark
    public AvailabilityWindow fullGreedyJntScanOnTable() {
        return fullGreedy.find(table, request);
    }

    /** The availabilities alone: every node at every start time (what both scans compute first). */
    @Benchmark
    public AvailabilityTable availabilityTable() {
        return AvailabilityTable.of(domain, request).computeAll();
    }

    /** The full GreedyJnt scan, availabilities computed on the way. Target: under 10 ms. */
    @Benchmark
    public AvailabilityWindow fullGreedyJntScan() {
        return fullGreedy.find(domain, request);
    }
}
