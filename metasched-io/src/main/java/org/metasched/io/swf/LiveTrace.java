package org.metasched.io.swf;

import org.metasched.model.Workload;

/**
 * A trace simulated while it is read: {@code simulate}'s read ahead ({@link SwfPrefetch}) inflates and tokenises the
 * file on the second core, and the simulation, on its own thread, takes the jobs as the reader's rules ({@link
 * SwfClassifier}) make them of the records found so far ({@link Workload#live}). SWF traces are in submit order, so
 * the jobs found first are the workload's first: the schedule of the first jobs is the one the whole file gives.
 *
 * <p>What the whole read gives stays the same, result and errors. A record that breaks the file (found by the read
 * ahead) is thrown by the workload when the simulation reaches the end of what was read, before any result exists.
 * When the jobs read so far turn out not to be the workload's beginning (a job out of submit order, which the
 * workload reorders; a header line late in the file that changes the machine size; more jobs than the room made for
 * them) the workload throws {@link Workload.Restart}: the caller throws that simulation away and simulates {@link
 * #whole()}, the trace {@link SwfReader#read} gives.
 */
public final class LiveTrace implements Workload.Feed {
    /** Room made for the jobs beyond the read ahead's estimate from the file's length (1/16): no restart for a few. */
    private static final int HEADROOM_SHIFT = 4;

    private final SwfReader reader;
    private final String name;
    private final SwfPrefetch.Pending ahead;
    private final boolean live;
    private SwfClassifier c;
    private int seen; // records found so far
    private int done; // of them classified
    private Workload workload;
    private SwfTrace finished;
    private long waitedNanos;

    private LiveTrace(SwfReader reader, String name, SwfPrefetch.Pending ahead, boolean live) {
        this.reader = reader;
        this.name = name;
        this.ahead = ahead;
        this.live = live;
    }

    /** A trace read whole already. */
    public static LiveTrace of(SwfTrace trace) {
        LiveTrace t = new LiveTrace(null, trace.source(), null, false);
        t.finished = trace;
        t.workload = trace.workload();
        return t;
    }

    /** The trace of the read ahead {@code ahead} once it has ended: what {@link SwfReader#read} returns. */
    static SwfTrace whole(SwfReader reader, String name, SwfPrefetch.Pending ahead) {
        LiveTrace t = new LiveTrace(reader, name, ahead, false);
        return t.whole();
    }

    /**
     * Waits for the read ahead to have found the first job (or to end), then returns a trace whose workload takes
     * the rest as the read goes on.
     */
    static LiveTrace start(SwfReader reader, String name, SwfPrefetch.Pending ahead) {
        LiveTrace t = new LiveTrace(reader, name, ahead, true);
        boolean more = true;
        while (more && (t.c == null || t.c.kept() == 0)) {
            more = t.step();
        }
        if (!more || !t.c.inOrder()) { // no job before the end, or out of submit order from the start: read whole
            t.finished = t.whole();
            t.workload = t.finished.workload();
            return t;
        }
        t.workload = Workload.live(t.c.builder(), t);
        return t;
    }

    /**
     * The jobs to simulate: a workload still being read ({@link Workload#live}), or the whole trace's when it was read
     * whole.
     */
    public Workload workload() {
        return workload;
    }

    /**
     * The trace, once the simulation of {@link #workload()} has run to its end (reading whatever is left first): the
     * one {@link SwfReader#read} returns, over the same columns.
     *
     * @throws SwfFormatException what reading the file threw
     * @throws Workload.Restart when the jobs simulated were not the trace's (the caller simulates {@link #whole()})
     */
    public SwfTrace finish() {
        while (finished == null) {
            workload.has(Integer.MAX_VALUE - 1); // to the end of the read
        }
        return finished;
    }

    /**
     * The trace read to its end and classified from the first record, as {@link SwfReader#read} does it: after a
     * {@link Workload.Restart}, what to simulate instead.
     *
     * @throws SwfFormatException what reading the file threw
     */
    public SwfTrace whole() {
        if (ahead == null) {
            return finished;
        }
        while (step()) {
            // classifies as the read goes: for the machine size known so far, checked at the end
        }
        SwfRecords records = new SwfRecords(name, SwfPrefetch.result(ahead));
        SwfTrace t = ended(records);
        return t != null ? t : reader.trace(records);
    }

    @Override
    public boolean more() {
        if (finished != null) {
            return false;
        }
        int before = c.kept();
        long t = System.nanoTime();
        try {
            return readOn(before);
        } finally {
            waitedNanos += System.nanoTime() - t;
        }
    }

    /**
     * How long the simulation of {@link #workload()} spent in the reader: waiting for records and classifying them
     * (for the stage timings), in nanoseconds.
     */
    public long readNanos() {
        return waitedNanos;
    }

    private boolean readOn(int before) {
        while (step()) {
            if (!c.inOrder()) {
                throw new Workload.Restart(name + ": a job out of submit order");
            }
            if (c.kept() > before) {
                return true;
            }
        }
        SwfTrace t = ended(new SwfRecords(name, SwfPrefetch.result(ahead)));
        if (t == null) {
            throw new Workload.Restart(name + ": the machine size changed late in the file");
        }
        if (!c.inOrder()) {
            throw new Workload.Restart(name + ": a job out of submit order");
        }
        finished = t;
        return c.kept() > before;
    }

    /** Classifies the records the read ahead found next; false once it has ended. */
    private boolean step() {
        SwfColumns found = ahead.progress().next(seen);
        if (found == null) {
            return false;
        }
        seen = found.size;
        if (c == null) {
            SwfOptions options = reader.options();
            int machine =
                    options.machineProcessors() > 0 ? options.machineProcessors() : SwfReader.headerProcessors(found);
            if (machine <= 0) {
                return true; // no size yet (a header line may still come): classified at the end
            }
            int room = found.id.length;
            c = new SwfClassifier(options, machine, live ? room + (room >> HEADROOM_SHIFT) : room);
        }
        c.add(found, done, seen);
        done = seen;
        return true;
    }

    /**
     * The trace of the whole read, its last records classified, if the machine size it was classified for is the
     * file's; null if not (or none was known): then the records must be classified again from the first.
     */
    private SwfTrace ended(SwfRecords records) {
        SwfColumns raw = records.raw();
        if (c == null || c.machine != reader.machineProcessors(records)) {
            return null;
        }
        c.add(raw, done, raw.size);
        done = raw.size;
        return c.finish(name, records.headerProcessors());
    }
}
