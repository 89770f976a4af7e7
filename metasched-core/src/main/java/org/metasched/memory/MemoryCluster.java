package org.metasched.memory;

import java.util.ArrayList;
import java.util.List;
import org.metasched.sim.Model;
import org.metasched.sim.Simulation;

/**
 * The memory cluster of paper P004 (spec 6.1-6.3) as a model on the event engine: N machines of S cores sharing R
 * GiB, one FCFS queue per memory class, non-preemptive jobs that stay on their core. Times are real seconds.
 *
 * <p>Per event, in the engine's order (completions before arrivals at one instant): a completion frees its core
 * and tells the provisioner ({@link MemoryProvisioner#jobEnded}, Algorithm 2); an arrival joins its class's queue
 * and tells the provisioner the queues changed ({@link MemoryProvisioner#queueChanged}, Algorithm 1). Then the
 * dispatcher starts what it can; a round that started jobs changed the queues, so the provisioner is told again,
 * and if it re-designated cores the dispatcher gets another round (each further round needs a start, so this
 * ends). Every decision is checked as it is made ({@link ClusterState}). The {@link MemoryTimeSeries} starts with
 * the initial state at time 0 and gets the state after each instant. Arrivals are fed one at a time.
 */
public final class MemoryCluster implements Model<MemoryEvent> {
    private final MemoryWorkload workload;
    private final MemoryProvisioner provisioner;
    private final MemoryDispatcher dispatcher;
    private final String policyName;
    private final ClusterState state;
    private final Simulation<MemoryEvent> engine = new Simulation<>(this);
    private final double[] start;
    private final double[] end;
    private final int[] coreOf;
    private final MemoryTimeSeries series;
    private final Decisions decisions = new Decisions();
    private DesignationLog log;
    private int starts;
    private int completed;
    private int reprovisionings;

    /** A run of {@code workload} under the policy {@code config.policy()}. */
    public static MemoryCluster of(MemoryConfig config, MemoryWorkload workload) {
        MemoryPolicy p = config.policy();
        return new MemoryCluster(config, workload, p.provisioner(config), p.dispatcher(), p.name());
    }

    /**
     * A run of {@code workload} with the given decision functions.
     *
     * @throws IllegalArgumentException if a job's class is beyond the configured classes
     */
    public MemoryCluster(
            MemoryConfig config,
            MemoryWorkload workload,
            MemoryProvisioner provisioner,
            MemoryDispatcher dispatcher,
            String policyName) {
        if (workload.largestClass() > config.classes()) {
            throw new IllegalArgumentException("the workload has jobs of class " + workload.largestClass()
                    + " but only " + config.classes() + " classes are configured");
        }
        this.workload = workload;
        this.provisioner = provisioner;
        this.dispatcher = dispatcher;
        this.policyName = policyName;
        this.state = new ClusterState(config, workload);
        int n = workload.size();
        this.start = new double[n];
        this.end = new double[n];
        this.coreOf = new int[n];
        this.series = new MemoryTimeSeries(config.classes(), workload.originSeconds());
    }

    /** Runs to the end: every job arrives, starts once and completes once. */
    public MemoryCluster run() {
        engine.run();
        return this;
    }

    /** The engine (to add observers before {@link #run()}). */
    public Simulation<MemoryEvent> engine() {
        return engine;
    }

    @Override
    public void start(Simulation<MemoryEvent> simulation) {
        int[] initial = provisioner.initialDesignations(state);
        if (initial.length != state.cores()) {
            throw new IllegalStateException(
                    "the provisioner designated " + initial.length + " cores, the cluster has " + state.cores());
        }
        for (int c = 0; c < initial.length; c++) {
            if (initial[c] < 0 || initial[c] > state.classes()) {
                throw new IllegalStateException("initial designation of core " + c + " is class " + initial[c]);
            }
            state.designate(c, initial[c]);
        }
        log = new DesignationLog(initial);
        series.record(0, state); // the initial pools, before any arrival (an arrival at 0 replaces this row)
        if (workload.size() > 0) {
            simulation.schedule(workload.arrivalSeconds(0), new JobArrived(0));
        }
    }

    @Override
    public void handle(MemoryEvent event, Simulation<MemoryEvent> simulation) {
        state.setNow(simulation.now());
        if (event instanceof JobCompleted c) {
            int core = coreOf[c.job()];
            state.release(core);
            completed++;
            provisioner.jobEnded(state, core, decisions);
        } else if (event instanceof JobArrived a) {
            int j = a.job();
            state.enqueue(j);
            if (j + 1 < workload.size()) {
                simulation.schedule(workload.arrivalSeconds(j + 1), new JobArrived(j + 1));
            }
            provisioner.queueChanged(state, decisions);
        } else {
            throw new IllegalStateException("unhandled event " + event);
        }
        settle();
    }

    /** Dispatch rounds, each followed by Algorithm 1, until a round starts nothing or nothing is re-designated. */
    private void settle() {
        while (true) {
            int before = starts;
            dispatcher.dispatch(state, decisions);
            if (starts == before) {
                return;
            }
            int changes = reprovisionings;
            provisioner.queueChanged(state, decisions);
            if (reprovisionings == changes) {
                return;
            }
        }
    }

    @Override
    public void instantEnded(Simulation<MemoryEvent> simulation) {
        series.record(simulation.now(), state);
    }

    @Override
    public void finished(Simulation<MemoryEvent> simulation) {
        if (completed != workload.size()) {
            throw new IllegalStateException(policyName + ": " + (workload.size() - completed) + " of " + workload.size()
                    + " jobs never completed (a class without a core?)");
        }
    }

    /** The decisions of the policy, checked and applied at once. */
    private final class Decisions implements MemoryDecisions {
        @Override
        public void reconfigure(int machine, int[] designations) {
            int s = state.coresPerMachine();
            if (machine < 0 || machine >= state.machines() || designations.length != s) {
                throw new IllegalStateException(policyName + ": reconfigure of machine " + machine + " with "
                        + designations.length + " designations");
            }
            int changed = 0;
            for (int i = 0; i < s; i++) {
                int core = machine * s + i;
                int d = designations[i];
                if (d < 0 || d > state.classes()) {
                    throw new IllegalStateException(policyName + ": core " + core + " designated to class " + d);
                }
                if (d != state.designation(core) && state.busy(core)) {
                    throw new IllegalStateException(policyName + ": core " + core + " runs job " + state.jobOn(core)
                            + " and cannot be re-designated");
                }
                changed += d != state.designation(core) ? 1 : 0;
            }
            if (changed == 0) {
                throw new IllegalStateException(
                        policyName + ": reconfigure of machine " + machine + " changes nothing");
            }
            // lower designations first, so that the machine's memory never exceeds R on the way
            for (int pass = 0; pass < 2; pass++) {
                for (int i = 0; i < s; i++) {
                    int core = machine * s + i;
                    int old = state.designation(core);
                    int d = designations[i];
                    boolean lower = state.classGiB(d) < state.classGiB(old);
                    if (d != old && (pass == 0) == lower) {
                        state.designate(core, d);
                        log.add(state.now(), core, old, d);
                    }
                }
            }
            reprovisionings++;
        }

        @Override
        public void start(int job, int core) {
            if (job < 0 || job >= workload.size() || core < 0 || core >= state.cores()) {
                throw new IllegalStateException(policyName + ": start of job " + job + " on core " + core);
            }
            int k = state.jobClass(job);
            if (state.queueLength(k) == 0 || state.queuedJob(k, 0) != job) {
                throw new IllegalStateException(policyName + ": job " + workload.id(job) + " is not the head of queue "
                        + k + " (FCFS per class)");
            }
            if (state.designation(core) == 0
                    && state.memoryGiB() - state.designatedGiB(core / state.coresPerMachine()) < state.classGiB(k)) {
                throw new IllegalStateException(policyName + ": job " + workload.id(job) + " needs " + state.classGiB(k)
                        + " GiB, machine of core " + core + " has not that much free");
            }
            state.dequeue(k);
            state.occupy(core, job, k);
            double now = state.now();
            start[job] = now;
            end[job] = now + workload.serviceSeconds(job);
            coreOf[job] = core;
            starts++;
            engine.schedule(end[job], new JobCompleted(job));
        }
    }

    public MemoryWorkload workload() {
        return workload;
    }

    public String policyName() {
        return policyName;
    }

    public int machines() {
        return state.machines();
    }

    public int coresPerMachine() {
        return state.coresPerMachine();
    }

    public int memoryGiB() {
        return state.memoryGiB();
    }

    public int classes() {
        return state.classes();
    }

    public int classGiB(int k) {
        return state.classGiB(k);
    }

    /** Start of job {@code j} on the model's clock (as {@link MemoryWorkload#arrivalSeconds}). */
    public double startSeconds(int j) {
        return start[j];
    }

    public double endSeconds(int j) {
        return end[j];
    }

    /** The global index of the core job {@code j} ran on ({@code machine * S + core}). */
    public int coreIndex(int j) {
        return coreOf[j];
    }

    /** Re-provisionings made (one per reconfigured machine, whatever the number of its cores changed). */
    public int reprovisionings() {
        return reprovisionings;
    }

    public MemoryTimeSeries timeSeries() {
        return series;
    }

    /** The initial designations and every change (null before the run starts). */
    public DesignationLog designations() {
        return log;
    }

    /** The provisioner (to read an adaptive policy's state in tests). */
    public MemoryProvisioner provisioner() {
        return provisioner;
    }

    /**
     * One record per job, in workload order (the rows of {@code jobs.csv}): times on the model's clock, whose 0 is
     * {@link MemoryWorkload#originSeconds()} on the trace's (the record's trace times are their sums).
     */
    public List<MemoryJobRecord> jobRecords() {
        int s = state.coresPerMachine();
        double origin = workload.originSeconds();
        List<MemoryJobRecord> out = new ArrayList<>(workload.size());
        for (int j = 0; j < workload.size(); j++) {
            double arrival = workload.arrivalSeconds(j);
            out.add(new MemoryJobRecord(
                    workload.id(j),
                    workload.memoryClass(j),
                    origin,
                    arrival,
                    start[j],
                    end[j],
                    coreOf[j] / s,
                    coreOf[j] % s));
        }
        return out;
    }
}
