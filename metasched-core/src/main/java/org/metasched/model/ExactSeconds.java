package org.metasched.model;

/**
 * The latest time a simulation may form: 2^53 s. The simulated clocks are doubles, which hold every whole second up
 * to 2^53 and skip seconds past it (a job would end at a rounded time, its wait or response off by a second or
 * more). The SWF reader refuses a submit, run or requested time past it, and a submit time plus a run or requested
 * time past it; the machine model of {@code simulate} and {@code run} ({@code MachineSimulation}), whose clock is the
 * trace's, refuses an end that a job's wait takes past it ({@link #pastEnd}), where the job starts. The gang and
 * memory models run on a clock that starts at the first arrival, so their own times stay far below it.
 */
public final class ExactSeconds {
    /** 2^53 = 9007199254740992 s, as a whole number, for comparing whole seconds exactly. */
    public static final long MAX_SECONDS = 1L << 53;

    /** A job's end past {@link #MAX_SECONDS}: bad input (times too large to simulate exactly), not a bug. */
    public static final class PastLimit extends InputFormatException {
        private static final long serialVersionUID = 1L;

        PastLimit(String message) {
            super(message);
        }
    }

    private ExactSeconds() {}

    /**
     * The error for job {@code id} (its number in the trace), submitted at {@code submit} and started at {@code
     * start}, whose end {@code start + duration} is past {@link #MAX_SECONDS} (each at most 2^53: the sum cannot
     * overflow).
     */
    public static PastLimit pastEnd(long id, long submit, long start, long duration) {
        return new PastLimit("job " + id + ": submitted at " + submit + " s, started at " + start
                + " s (after a wait of " + (start - submit) + " s), it would end at " + start + " + " + duration + " = "
                + (start + duration) + " s, expected at most " + MAX_SECONDS + " s (2^53: past it the simulated clock"
                + " skips seconds; give the trace's times in seconds)");
    }
}
