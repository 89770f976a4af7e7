package org.metasched.sim;

import org.metasched.model.Workload;

/**
 * One replay of a {@link Workload} on a homogeneous machine under one {@link SchedulingPolicy}. The simulation is
 * an object with its own clock and event queue (no static state), so several run side by side.
 *
 * <p>Loop: take the next instant; process all its completions, then all its arrivals (the event order guarantees
 * that), then ask the policy for one scheduling pass, then tell the observer the state that holds until the next
 * instant. A policy may also ask for a {@link WakeUp} at a future instant. A started job ends after its actual run time (already cut at its estimate if it is killed). Arrivals
 * are fed lazily, one pending arrival at a time, so the event queue holds the running jobs' ends, one arrival and
 * the pending wake-ups.
 */
public final class Simulation {
    // job states; 0, the array's initial value, is "not yet submitted"
    private static final byte WAITING = 1;
    private static final byte RUNNING = 2;
    private static final byte DONE = 3;

    private final Workload workload;
    private final SchedulingPolicy policy;
    private final SimulationObserver observer;
    private final EventQueue events = new EventQueue();
    private final ProcessorPool pool;
    private final byte[] state;
    private final long[] start;
    private final long[] end;
    private final int[] rangeOffset;
    private final int[] rangeCount;
    private final int[] waitingBySize;
    private int smallestWaiting;
    private int waiting;
    private int running;
    private long now;
    private long lastWakeUp = Long.MIN_VALUE;
    private boolean ran;

    public Simulation(Workload workload, SchedulingPolicy policy, SimulationObserver observer) {
        this.workload = workload;
        this.policy = policy;
        this.observer = observer;
        int n = workload.size();
        this.pool = new ProcessorPool(workload.machineProcessors());
        this.state = new byte[n];
        this.start = new long[n];
        this.end = new long[n];
        this.rangeOffset = new int[n];
        this.rangeCount = new int[n];
        this.waitingBySize = new int[workload.machineProcessors() + 1];
        this.smallestWaiting = Integer.MAX_VALUE;
    }

    /** Runs to the end: every job is started and ended exactly once. */
    public Simulation run() {
        if (ran) {
            throw new IllegalStateException("a simulation runs once");
        }
        ran = true;
        int n = workload.size();
        int nextArrival = 0;
        if (n > 0) {
            events.submitted(workload.submitSeconds(0), 0);
        }
        Decisions decisions = new Decisions() {
            @Override
            public void start(int job) {
                startJob(job);
            }

            @Override
            public void wakeUpAt(long timeSeconds) {
                if (timeSeconds <= now) {
                    throw new IllegalStateException(
                            "policy " + policy.getClass().getSimpleName() + " asked for a wake-up at " + timeSeconds
                                    + ", not after now (" + now + ")");
                }
                if (timeSeconds != lastWakeUp) {
                    lastWakeUp = timeSeconds;
                    events.wakeUp(timeSeconds);
                }
            }

            @Override
            public int freeProcessors() {
                return pool.free();
            }
        };
        while (!events.isEmpty()) {
            now = events.peek().timeSeconds();
            while (!events.isEmpty() && events.peek().timeSeconds() == now) {
                Event e = events.poll();
                if (e instanceof JobEnded ended) {
                    int j = ended.job();
                    pool.release(rangeOffset[j], rangeCount[j]);
                    state[j] = DONE;
                    running--;
                    policy.jobEnded(j, now);
                } else if (e instanceof JobSubmitted submitted) {
                    int j = submitted.job();
                    state[j] = WAITING;
                    waiting++;
                    int p = workload.processors(j);
                    waitingBySize[p]++;
                    if (p < smallestWaiting) {
                        smallestWaiting = p;
                    }
                    policy.jobSubmitted(j, now);
                    nextArrival++;
                    if (nextArrival < n) {
                        events.submitted(workload.submitSeconds(nextArrival), nextArrival);
                    }
                }
            }
            policy.decide(now, decisions);
            if (observer != null) {
                observer.afterInstant(now, pool.size() - pool.free(), waiting, running, smallestWaiting());
            }
        }
        if (waiting > 0) {
            throw new IllegalStateException(waiting + " jobs still wait after the last event: the policy "
                    + policy.getClass().getSimpleName() + " left them behind");
        }
        return this;
    }

    private int smallestWaiting() {
        if (waiting == 0) {
            smallestWaiting = Integer.MAX_VALUE;
            return smallestWaiting;
        }
        while (waitingBySize[smallestWaiting] == 0) {
            smallestWaiting++;
        }
        return smallestWaiting;
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
        waitingBySize[p]--;
        running++;
        start[j] = now;
        end[j] = now + workload.runtimeSeconds(j);
        events.ended(end[j], j);
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
        int[] r = pool.ranges();
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < rangeCount[j]; k++) {
            int first = r[rangeOffset[j] + 2 * k];
            int last = r[rangeOffset[j] + 2 * k + 1];
            if (k > 0) {
                sb.append(' ');
            }
            sb.append(first);
            if (last != first) {
                sb.append('-').append(last);
            }
        }
        return sb.toString();
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
