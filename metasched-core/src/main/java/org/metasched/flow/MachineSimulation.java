package org.metasched.flow;

import org.metasched.metrics.JobTable;
import org.metasched.model.ExactSeconds;
import org.metasched.model.Workload;
import org.metasched.sim.Model;
import org.metasched.sim.Simulation;
import org.metasched.sim.SimulationObserver;

/**
 * The homogeneous machine model: one replay of a {@link Workload} on P processors under one {@link
 * SchedulingPolicy}, run on the event engine ({@link Simulation}). Times are whole seconds.
 *
 * <p>At every instant the engine hands over all completions, then all arrivals, then the wake-ups (the order of
 * {@link MachineEvent}); this model tells the policy of each, and at the end of the instant asks the policy for
 * one scheduling pass ({@link SchedulingPolicy#decide}), applies its decisions (checked: a job starts only if it
 * waits and fits) and reports the state that holds until the next instant to the {@link MachineObserver}. A
 * started job ends after its actual run time (already cut at its estimate if it is killed). Arrivals are fed
 * lazily, one pending arrival at a time, so the engine's queue holds the running jobs' ends, one arrival and the
 * pending wake-ups. A workload still being read ({@link Workload#live}) is read as far as the next arrival.
 */
public final class MachineSimulation implements Model<MachineEvent> {
    // job states; 0, the array's initial value, is "not yet submitted"
    private static final byte WAITING = 1;
    private static final byte RUNNING = 2;
    private static final byte DONE = 3;
    private static final WakeUp WAKE_UP = new WakeUp();
    /** Jobs started between two reports to the {@link StartedJobsListener}. */
    private static final int STARTED_STEP = 4096;

    private final Workload workload;
    private final SchedulingPolicy policy;
    private final Simulation<MachineEvent> engine = new Simulation<>(this);
    private final ProcessorPool pool;
    private final byte[] state;
    private final long[] start;
    private final long[] end;
    private final int[] rangeOffset;
    private final int[] rangeCount;
    private final SizeCounts waitingBySize;
    private final Decisions decisions = new PolicyDecisions();
    private int waiting;
    private int running;
    private long now;
    private long lastWakeUp = Long.MIN_VALUE;
    private StartedJobsListener startedListener;
    /** Jobs {@code 0 .. startedPrefix-1} have all started. */
    private int startedPrefix;

    private int reportedPrefix;

    /** @param observer told the state after every instant; may be null */
    public MachineSimulation(Workload workload, SchedulingPolicy policy, MachineObserver observer) {
        this.workload = workload;
        this.policy = policy;
        int n = workload.capacity(); // a workload still being read: its room for jobs (Workload#live)
        this.pool = new ProcessorPool(workload.machineProcessors(), n);
        this.state = new byte[n];
        this.start = new long[n];
        this.end = new long[n];
        this.rangeOffset = new int[n];
        this.rangeCount = new int[n];
        this.waitingBySize = new SizeCounts(workload.machineProcessors());
        if (observer != null) {
            engine.addObserver(new SimulationObserver<MachineEvent>() {
                @Override
                public void instantEnded(double time) {
                    observer.afterInstant(now, pool.size() - pool.free(), waiting, running, waitingBySize.smallest());
                }
            });
        }
    }

    /** The engine this model runs on (to add observers before {@link #run()}). */
    public Simulation<MachineEvent> engine() {
        return engine;
    }

    /**
     * Tells {@code listener}, every few thousand jobs and once at the end, how many jobs from the first have all
     * started (set before {@link #run()}).
     */
    public MachineSimulation onStarted(StartedJobsListener listener) {
        this.startedListener = listener;
        return this;
    }

    /** Runs to the end: every job is started and ended exactly once. */
    public MachineSimulation run() {
        engine.run();
        return this;
    }

    @Override
    public void start(Simulation<MachineEvent> simulation) {
        if (workload.has(0)) {
            simulation.schedule(workload.submitSeconds(0), new JobSubmitted(0));
        }
    }

    @Override
    public void handle(MachineEvent event, Simulation<MachineEvent> simulation) {
        now = (long) simulation.now();
        if (event instanceof JobEnded ended) {
            int j = ended.job();
            pool.release(rangeOffset[j], rangeCount[j]);
            state[j] = DONE;
            running--;
            policy.jobEnded(j, now);
        } else if (event instanceof JobSubmitted submitted) {
            int j = submitted.job();
            state[j] = WAITING;
            waiting++;
            int p = workload.processors(j);
            waitingBySize.add(p);
            policy.jobSubmitted(j, now);
            int next = j + 1;
            if (workload.has(next)) {
                simulation.schedule(workload.submitSeconds(next), new JobSubmitted(next));
            }
        } else if (!(event instanceof WakeUp)) { // a wake-up only makes an instant: the policy acts at its end
            throw new IllegalStateException("unhandled event " + event);
        }
        // a WakeUp only makes sure that the instant happens: the pass comes in instantEnded
    }

    @Override
    public void instantEnded(Simulation<MachineEvent> simulation) {
        policy.decide(now, decisions);
        // short of the jobs there are so far: count == table.size() tells the listener that the table is final
        // (of a workload still being read, the jobs read so far are not all of them)
        if (startedListener != null
                && startedPrefix - reportedPrefix >= STARTED_STEP
                && startedPrefix < workload.size()) {
            reportedPrefix = startedPrefix;
            startedListener.started(jobTable(), startedPrefix);
        }
    }

    @Override
    public void finished(Simulation<MachineEvent> simulation) {
        if (waiting > 0) {
            throw new IllegalStateException(waiting + " jobs still wait after the last event: the policy "
                    + policy.getClass().getSimpleName() + " left them behind");
        }
        if (startedListener != null) {
            reportedPrefix = startedPrefix;
            startedListener.started(jobTable(), startedPrefix);
        }
    }

    /** The policy's view of the engine: starts and wake-ups, checked and applied at once. */
    private final class PolicyDecisions implements Decisions {
        @Override
        public void start(int job) {
            startJob(job);
        }

        @Override
        public void wakeUpAt(long timeSeconds) {
            if (timeSeconds <= now) {
                throw new IllegalStateException("policy " + policy.getClass().getSimpleName()
                        + " asked for a wake-up at " + timeSeconds + ", not after now (" + now + ")");
            }
            if (timeSeconds != lastWakeUp) {
                lastWakeUp = timeSeconds;
                engine.schedule(timeSeconds, WAKE_UP);
            }
        }

        @Override
        public int freeProcessors() {
            return pool.free();
        }
    }

    private void startJob(int j) {
        if (j < 0 || j >= state.length || state[j] != WAITING) {
            throw new IllegalStateException("policy " + policy.getClass().getSimpleName() + " started job " + j + " at "
                    + now + " but it is not waiting");
        }
        int p = workload.processors(j);
        if (p > pool.free()) {
            throw new IllegalStateException("policy " + policy.getClass().getSimpleName() + " started job "
                    + workload.id(j) + " (" + p + " processors) at " + now + " with only " + pool.free() + " free");
        }
        rangeOffset[j] = pool.allocate(p);
        rangeCount[j] = pool.lastRangeCount();
        state[j] = RUNNING;
        waiting--;
        waitingBySize.remove(p);
        running++;
        start[j] = now;
        end[j] = now + workload.runtimeSeconds(j);
        // the reader checked submit + run: a wait took it past. Compared as whole numbers: 2^53 + 1 as a double is 2^53
        if (end[j] > ExactSeconds.MAX_SECONDS) {
            throw ExactSeconds.pastEnd(workload.id(j), workload.submitSeconds(j), now, workload.runtimeSeconds(j));
        }
        engine.schedule(end[j], new JobEnded(j));
        if (j == startedPrefix) {
            do {
                startedPrefix++;
            } while (startedPrefix < state.length && state[startedPrefix] >= RUNNING);
        }
    }

    public Workload workload() {
        return workload;
    }

    public long startSeconds(int j) {
        return start[j];
    }

    public long endSeconds(int j) {
        return end[j];
    }

    /** The processor ids of job {@code j} as Batsim-style intervals, e.g. {@code "0-3 8"}. */
    public String allocatedProcessors(int j) {
        return jobTable().allocatedProcessors(j);
    }

    /** The per-job results as columns: this simulation's own arrays, no copy (read them once it has run). */
    public JobTable jobTable() {
        return new JobTable(workload, workload.size(), start, end, rangeOffset, rangeCount, pool.ranges());
    }

    /** Number of processor ranges of job {@code j}; {@link #processorRange(int, int)} gives each. */
    public int processorRangeCount(int j) {
        return rangeCount[j];
    }

    /** Range {@code k} of job {@code j} as {@code {first, lastInclusive}}. */
    public int[] processorRange(int j, int k) {
        int[] r = pool.ranges();
        return new int[] {r[rangeOffset[j] + 2 * k], r[rangeOffset[j] + 2 * k + 1]};
    }
}
