package org.metasched.io.swf;

import java.util.EnumMap;
import java.util.Map;
import org.metasched.model.GrowableArrays;
import org.metasched.model.Workload;

/**
 * {@link SwfReader}'s rules ({@link SwfRule}) applied to the records of one file in file order, a run of them at a
 * time ({@link #add}), for a machine of a known size: the same jobs, counts and memory columns however the records
 * are split into runs, so that a reader can classify what a read ahead has found while the rest is read.
 */
final class SwfClassifier {
    private final SwfOptions options;
    /** The machine size the records are classified for. */
    final int machine;

    private final RuleCounts counts = new RuleCounts();
    private final Workload.Builder b;
    private final boolean preferAllocated;
    private final boolean kill;
    private long maxSubmit = Long.MIN_VALUE;
    private long firstSubmit = -1;
    private long examined;
    private long adjusted;
    // the memory columns of the kept jobs; their submit times, needed to order them only if out of order, are
    // the workload builder's (Builder#submitSeconds)
    private long[] reqMemory;
    private long[] usedMemory;
    private boolean inOrder = true;

    /** @param expectedJobs room to make for the kept jobs at once (more is made as needed) */
    SwfClassifier(SwfOptions options, int machine, int expectedJobs) {
        this.options = options;
        this.machine = machine;
        preferAllocated = options.size() == SwfOptions.SizeField.ALLOCATED;
        kill = options.overrun() == SwfOptions.Overrun.KILL;
        int room = options.maxJobs() > 0 ? Math.min(options.maxJobs(), expectedJobs) : expectedJobs;
        b = Workload.builder(machine, room);
        reqMemory = new long[Math.max(16, room)];
        usedMemory = new long[reqMemory.length];
    }

    /** Applies the rules to the records {@code from .. to-1} of {@code raw}, those before having been added. */
    void add(SwfColumns raw, int from, int to) {
        for (int i = from; i < to; i++) {
            if (options.maxJobs() > 0 && b.size() >= options.maxJobs()) {
                return;
            }
            examined++;
            long submit = raw.submit[i];
            long run = raw.run[i];
            long first = preferAllocated ? raw.alloc[i] : raw.req[i];
            long second = preferAllocated ? raw.req[i] : raw.alloc[i];
            if (submit < 0) {
                counts.add(SwfRule.SUBMIT_UNKNOWN);
                continue;
            }
            if (firstSubmit < 0 || submit < firstSubmit) {
                firstSubmit = submit;
            }
            if (run <= 0) {
                counts.add(SwfRule.RUNTIME_NOT_POSITIVE);
                continue;
            }
            long size = first > 0 ? first : second;
            if (size <= 0) {
                counts.add(SwfRule.NO_SIZE);
                continue;
            }
            if (size > machine) {
                counts.add(SwfRule.LARGER_THAN_MACHINE);
                continue;
            }
            boolean changed = false;
            if (first <= 0) {
                counts.add(SwfRule.SIZE_FROM_FALLBACK);
                changed = true;
            }
            long estimate = raw.reqTime[i];
            boolean killed = false;
            if (estimate <= 0) {
                counts.add(SwfRule.ESTIMATE_MISSING);
                changed = true;
                estimate = run;
            } else if (estimate < run) {
                counts.add(SwfRule.ESTIMATE_SHORT);
                changed = true;
                if (kill) {
                    run = estimate;
                    killed = true;
                } else {
                    estimate = run;
                }
            }
            if (submit < maxSubmit) {
                counts.add(SwfRule.SUBMIT_OUT_OF_ORDER);
                changed = true;
                inOrder = false;
            } else {
                maxSubmit = submit;
            }
            if (changed) {
                adjusted++;
            }
            int kept = b.size();
            if (kept == reqMemory.length) {
                reqMemory = GrowableArrays.ensure(reqMemory, kept + 1);
                usedMemory = GrowableArrays.ensure(usedMemory, kept + 1);
            }
            reqMemory[kept] = raw.reqMemory[i];
            usedMemory[kept] = raw.usedMemory[i];
            b.add(raw.id[i], submit, run, estimate, (int) size, killed);
        }
    }

    /** The jobs kept so far. */
    int kept() {
        return b.size();
    }

    /** False once a kept job came before one kept earlier (the workload then reorders them). */
    boolean inOrder() {
        return inOrder;
    }

    /** The builder the kept jobs are added to (a workload still being read holds its columns). */
    Workload.Builder builder() {
        return b;
    }

    /** The trace of the records added, from the file {@code name} whose header gave {@code header} processors. */
    SwfTrace finish(String name, int header) {
        int n = b.size();
        SwfMemory memory;
        if (inOrder) { // the kept jobs are in submit order, as the workload keeps them: no reordering, no copy
            memory = SwfMemory.inOrder(n, reqMemory, usedMemory);
        } else {
            long[] keptSubmit = new long[n];
            for (int k = 0; k < n; k++) {
                keptSubmit[k] = b.submitSeconds(k);
            }
            memory = SwfMemory.inSubmitOrder(n, keptSubmit, reqMemory, usedMemory);
        }
        return new SwfTrace(name, b.build(), examined, counts.toMap(), header, adjusted, memory, firstSubmit);
    }

    /** Records per rule: plain counters indexed by the rule's position, read out as a map in rule order. */
    @SuppressWarnings("EnumOrdinal") // a dense array of counters, private to this class, never persisted
    private static final class RuleCounts {
        private final long[] counts = new long[SwfRule.values().length];

        void add(SwfRule rule) {
            counts[rule.ordinal()]++;
        }

        Map<SwfRule, Long> toMap() {
            Map<SwfRule, Long> m = new EnumMap<>(SwfRule.class);
            for (SwfRule r : SwfRule.values()) {
                m.put(r, counts[r.ordinal()]);
            }
            return m;
        }
    }
}
