package org.metasched.memory;

import org.metasched.model.GrowableArrays;

/**
 * Every designation a run gave its cores: the initial one of each core and every change by a re-provisioning
 * (time, core, old class, new class; 0 = undesignated). Lent designations of the shared pool are not logged: they
 * last exactly as long as the job. {@code MemoryScheduleCheck} (a test oracle) replays the log against the per-job
 * records.
 */
public final class DesignationLog {
    private final int[] initial;
    private double[] time = new double[64];
    private int[] core = new int[64];
    private int[] from = new int[64];
    private int[] to = new int[64];
    private int size;

    /** @param initial the designation of every core at the start (copied) */
    public DesignationLog(int[] initial) {
        this.initial = initial.clone();
    }

    /** Appends a change; times must not go back. */
    public void add(double timeSeconds, int coreIndex, int fromClass, int toClass) {
        if (size > 0 && timeSeconds < time[size - 1]) {
            throw new IllegalArgumentException("designation change at " + timeSeconds + " after " + time[size - 1]);
        }
        time = GrowableArrays.ensure(time, size + 1);
        core = GrowableArrays.ensure(core, size + 1);
        from = GrowableArrays.ensure(from, size + 1);
        to = GrowableArrays.ensure(to, size + 1);
        time[size] = timeSeconds;
        core[size] = coreIndex;
        from[size] = fromClass;
        to[size] = toClass;
        size++;
    }

    /** The designation of core {@code c} at the start. */
    public int initialDesignation(int c) {
        return initial[c];
    }

    public int cores() {
        return initial.length;
    }

    /** Number of logged changes (one per core whose designation changed). */
    public int size() {
        return size;
    }

    public double timeSeconds(int i) {
        return time[i];
    }

    public int core(int i) {
        return core[i];
    }

    public int fromClass(int i) {
        return from[i];
    }

    public int toClass(int i) {
        return to[i];
    }
}
