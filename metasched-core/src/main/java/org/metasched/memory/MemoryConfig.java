package org.metasched.memory;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import org.metasched.model.Sizes;

/**
 * One run of the memory cluster (spec 6.1, 6.6): the cluster, the policy, its threshold and the workload. Every
 * field has a documented default ({@link #defaults()}: the paper's cluster and the peak stream). The constructor
 * validates and fails with a one-line {@link ParameterException} naming the parameter (in the vocabulary of the
 * surface that prints it: {@code --cores} on the command line, {@code cores} in a sweep file), the bad value and what
 * is expected.
 *
 * @param policy the policy, resolved from its name by {@link MemoryPolicy#byName}; default {@code adaptive}
 * @param machines N, machines in the cluster; default 5
 * @param coresPerMachine S, cores per machine sharing its memory; default 2
 * @param memoryGiB R, memory of one machine in GiB; default 4
 * @param classesGiB the memory classes in GiB, strictly increasing; class {@code k} (1-based) is the k-th; default
 *     1, 2, 3
 * @param threshold TR in [0, 1] (D19: provision when a queue's occupancy share exceeds its core share by more);
 *     default 0.10 (spec 6.2 FLAG); only the adaptive policy reads it
 * @param workload {@code stable}, {@code peak} (spec 6.6, {@link MemoryStreams}) or the name of an SWF trace
 *     ({@code .swf} or {@code .swf.gz}, read by the command line); default {@code peak}
 * @param load target fraction of cores busy on average (Poisson streams); default 0.8
 * @param durationSeconds arrivals happen in [0, duration); default 20 s (the peak is its second quarter)
 * @param meanServiceSeconds E[S] of the exponential service times; default 1 s (spec 6.6 FLAG)
 * @param runs independent replications; default 1
 * @param seed master seed of the random streams; default 2025
 */
public record MemoryConfig(
        MemoryPolicy policy,
        int machines,
        int coresPerMachine,
        int memoryGiB,
        List<Integer> classesGiB,
        double threshold,
        String workload,
        double load,
        double durationSeconds,
        double meanServiceSeconds,
        int runs,
        long seed) {

    public static final MemoryPolicy DEFAULT_POLICY = MemoryPolicy.ADAPTIVE;
    public static final int DEFAULT_MACHINES = 5;
    public static final int DEFAULT_CORES_PER_MACHINE = 2;
    public static final int DEFAULT_MEMORY_GIB = 4;
    public static final List<Integer> DEFAULT_CLASSES_GIB = List.of(1, 2, 3);
    public static final double DEFAULT_THRESHOLD = 0.10;
    public static final String DEFAULT_WORKLOAD = MemoryStreams.PEAK;
    public static final double DEFAULT_LOAD = 0.8;
    public static final double DEFAULT_DURATION_SECONDS = 20;
    public static final double DEFAULT_MEAN_SERVICE_SECONDS = 1;
    public static final long DEFAULT_SEED = 2025;

    public MemoryConfig {
        MemoryParameters.POLICY.require(policy);
        MemoryParameters.MACHINES.require(machines);
        MemoryParameters.CORES.require(coresPerMachine);
        MemoryParameters.MEMORY.require(memoryGiB);
        classesGiB = List.copyOf(MemoryParameters.CLASSES.require(classesGiB));
        for (int gib : classesGiB) {
            if (gib > memoryGiB) {
                int r = memoryGiB;
                throw new ParameterException(n -> n.apply("classes") + ": class of " + gib
                        + " GiB is larger than a machine's memory (" + n.apply("memory") + " " + r + " GiB)");
            }
        }
        MemoryParameters.THRESHOLD.require(threshold);
        MemoryParameters.WORKLOAD.require(workload);
        MemoryParameters.LOAD.require(load);
        MemoryParameters.DURATION.require(durationSeconds);
        MemoryParameters.MEAN_SERVICE.require(meanServiceSeconds);
        positive("runs", runs);
        checkSizes(
                machines,
                coresPerMachine,
                classesGiB.size(),
                workload,
                load,
                durationSeconds,
                meanServiceSeconds,
                runs);
        if (policy.usesPools()) {
            MachineConfigurations shape = MachineConfigurations.of(coresPerMachine, memoryGiB, classesGiB);
            int missing = shape.classWithoutCore(machines);
            if (missing > 0) {
                int m = machines;
                int s = coresPerMachine;
                int r = memoryGiB;
                int gib = classesGiB.get(missing - 1);
                MemoryPolicy p = policy;
                throw new ParameterException(n -> n.apply("machines") + " " + m + " " + n.apply("cores") + " " + s + " "
                        + n.apply("memory") + " " + r + ": the initial pools give class " + gib
                        + " GiB no core; policy "
                        + p + " needs at least one core per class");
            }
        }
    }

    /** The paper's cluster (5 machines of 2 cores sharing 4 GiB, classes 1, 2, 3 GiB) under the peak stream. */
    public static MemoryConfig defaults() {
        return new MemoryConfig(
                DEFAULT_POLICY,
                DEFAULT_MACHINES,
                DEFAULT_CORES_PER_MACHINE,
                DEFAULT_MEMORY_GIB,
                DEFAULT_CLASSES_GIB,
                DEFAULT_THRESHOLD,
                DEFAULT_WORKLOAD,
                DEFAULT_LOAD,
                DEFAULT_DURATION_SECONDS,
                DEFAULT_MEAN_SERVICE_SECONDS,
                1,
                DEFAULT_SEED);
    }

    /** This run under the policy called {@code name} (resolved in {@link MemoryPolicy#REGISTRY}). */
    public MemoryConfig withPolicy(String name) {
        return withPolicy(MemoryPolicy.byName(name));
    }

    public MemoryConfig withPolicy(MemoryPolicy p) {
        return edit(b -> b.policy = p);
    }

    public MemoryConfig withCluster(int n, int s, int r) {
        return edit(b -> {
            b.machines = n;
            b.coresPerMachine = s;
            b.memoryGiB = r;
        });
    }

    public MemoryConfig withClasses(List<Integer> gib) {
        return edit(b -> b.classesGiB = gib);
    }

    public MemoryConfig withThreshold(double tr) {
        return edit(b -> b.threshold = tr);
    }

    public MemoryConfig withWorkload(String w) {
        return edit(b -> b.workload = w);
    }

    /** The Poisson stream's parameters: target load, arrival window and mean service time. */
    public MemoryConfig withStream(double l, double duration, double meanService) {
        return edit(b -> {
            b.load = l;
            b.durationSeconds = duration;
            b.meanServiceSeconds = meanService;
        });
    }

    public MemoryConfig withRuns(int r, long s) {
        return edit(b -> {
            b.runs = r;
            b.seed = s;
        });
    }

    /** Number of memory classes K. */
    public int classes() {
        return classesGiB.size();
    }

    /** N * S. */
    public int totalCores() {
        return machines * coresPerMachine;
    }

    /** True when the workload is an SWF trace rather than a generated stream. */
    public boolean traceWorkload() {
        return !workload.equals(MemoryStreams.STABLE) && !workload.equals(MemoryStreams.PEAK);
    }

    /** The most machines: the cluster's state and the report grow with them. */
    public static final int MAX_MACHINES = 1_000_000;

    /**
     * The most work units of one run: a job on a small cluster is one unit (about 25 us here); each job costs {@code 1
     * + N / 16 000} units on N machines (the dispatchers look at every machine), measured with {@code metasched
     * memory}: 1.6 million jobs on 5 machines in 40 s, 160 000 on 100 000 machines in 28 s.
     */
    public static final double MAX_WORK_PER_RUN = 2e6;

    /** The most work units over all runs. */
    public static final double MAX_WORK = 2e7;

    /** The most multisets of core designations a machine's configurations are enumerated from. */
    public static final double MAX_CONFIGURATIONS = 200_000;

    /**
     * The most runs of a generated stream: ten thousand times the default of 1 ({@code reproduce p004} takes 30), as
     * {@code reproduce} allows at least, far beyond any confidence interval the summary needs.
     */
    public static final int MAX_RUNS = 10_000;

    /**
     * Memory a run keeps after it ends, its summary: about 250 bytes and 100 per memory class (measured with {@code
     * metasched memory --duration 0.001}).
     */
    static double bytesPerRun(int classes) {
        return 250 + 100.0 * classes;
    }

    /** Memory a job takes while a run keeps its records (jobs.csv rows, the time series). */
    private static final double BYTES_PER_JOB = 1000;

    /**
     * Every size checked before any work (issue 22): the machines, the configurations a machine's cores are
     * enumerated from ({@code C(S + K, K)} multisets of S cores over K classes and none), and the jobs a generated
     * stream brings ({@code load N S / E[S] * duration}, times the runs) and the runs themselves ({@link #MAX_RUNS}),
     * each against what it would allocate and a run of reasonable length. A trace brings its own jobs, checked by its
     * reader (and is one run).
     *
     * @throws InputFormatException naming the options, the need and the limit
     */
    public static void checkSizes(
            int machines,
            int coresPerMachine,
            int classes,
            String workload,
            double load,
            double durationSeconds,
            double meanServiceSeconds,
            int runs) {
        double multisets = 1;
        for (int k = 1; k <= classes; k++) {
            multisets = multisets * (coresPerMachine + k) / k; // C(S + K, K)
        }
        if (multisets > MAX_CONFIGURATIONS) {
            String count = Sizes.count(Math.floor(multisets));
            throw new ParameterException(n -> String.format(
                    Locale.ROOT,
                    "%s %d with %d memory classes: a machine's configurations are enumerated from %s designations"
                            + " of its cores; the limit is %s: give fewer cores per machine or fewer classes",
                    n.apply("cores"),
                    coresPerMachine,
                    classes,
                    count,
                    Sizes.count(MAX_CONFIGURATIONS)));
        }
        Sizes.atMost(
                n -> n.apply("machines") + " " + machines + " " + n.apply("cores") + " " + coresPerMachine,
                "machines",
                machines,
                MAX_MACHINES,
                64.0 * coresPerMachine,
                n -> "give fewer machines");
        if (!workload.equals(MemoryStreams.STABLE) && !workload.equals(MemoryStreams.PEAK)) {
            return;
        }
        Sizes.atMost(
                n -> n.apply("runs") + " " + runs,
                "runs",
                runs,
                MAX_RUNS,
                bytesPerRun(classes),
                n -> "give fewer " + n.apply("runs") + " (the default is 1)");
        double jobs = load * machines * (double) coresPerMachine / meanServiceSeconds * durationSeconds;
        double perJob = 1 + machines / 16_000.0;
        Function<UnaryOperator<String>, String> what = n -> String.format(
                Locale.ROOT,
                "%s %s %s %s %s %s on %d x %d cores",
                n.apply("load"),
                Sizes.count(load),
                n.apply("duration"),
                Sizes.count(durationSeconds),
                n.apply("mean-service"),
                Sizes.count(meanServiceSeconds),
                machines,
                coresPerMachine);
        Function<UnaryOperator<String>, String> wayOut = n -> "give a shorter " + n.apply("duration") + ", a lower "
                + n.apply("load") + ", a longer " + n.apply("mean-service") + " or fewer machines";
        Sizes.atMost(what, "jobs per run", jobs, Math.floor(MAX_WORK_PER_RUN / perJob), BYTES_PER_JOB, wayOut);
        Sizes.atMost(
                n -> what.apply(n) + " x " + runs + " runs",
                "jobs",
                jobs * runs,
                Math.floor(MAX_WORK / perJob),
                0,
                n -> wayOut.apply(n) + ", or fewer " + n.apply("runs"));
    }

    private static void positive(String parameter, long value) {
        if (value < 1) {
            throw new ParameterException(n -> n.apply(parameter) + ": must be at least 1, got " + value);
        }
    }

    /** A copy of this run with the fields {@code change} sets (each {@code with} method is one such change). */
    private MemoryConfig edit(Consumer<Copy> change) {
        Copy b = new Copy(this);
        change.accept(b);
        return b.build();
    }

    /** The fields of a run being copied; {@link #build} validates them as a new run. */
    private static final class Copy {
        private MemoryPolicy policy;
        private int machines;
        private int coresPerMachine;
        private int memoryGiB;
        private List<Integer> classesGiB;
        private double threshold;
        private String workload;
        private double load;
        private double durationSeconds;
        private double meanServiceSeconds;
        private int runs;
        private long seed;

        Copy(MemoryConfig c) {
            policy = c.policy;
            machines = c.machines;
            coresPerMachine = c.coresPerMachine;
            memoryGiB = c.memoryGiB;
            classesGiB = c.classesGiB;
            threshold = c.threshold;
            workload = c.workload;
            load = c.load;
            durationSeconds = c.durationSeconds;
            meanServiceSeconds = c.meanServiceSeconds;
            runs = c.runs;
            seed = c.seed;
        }

        MemoryConfig build() {
            return new MemoryConfig(
                    policy,
                    machines,
                    coresPerMachine,
                    memoryGiB,
                    classesGiB,
                    threshold,
                    workload,
                    load,
                    durationSeconds,
                    meanServiceSeconds,
                    runs,
                    seed);
        }
    }
}
