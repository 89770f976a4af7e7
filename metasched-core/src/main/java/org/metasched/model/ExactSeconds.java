package org.metasched.model;

import java.math.BigDecimal;

/**
 * The latest time a simulation may form: 2^53 s. The simulated clocks are doubles, which hold every whole second up
 * to 2^53 and skip seconds past it (a job would end at a rounded time, its wait or response off by a second or
 * more). The SWF reader refuses a submit, run or requested time past it, and a submit time plus a run or requested
 * time past it; the machine model of {@code simulate} and {@code run} ({@code MachineSimulation}), whose clock is the
 * trace's, refuses an end that a job's wait takes past it ({@link #pastEnd}), where the job starts. The gang and
 * memory models run on a clock that starts at the first arrival, so their own times stay far below it.
 */
public final class ExactSeconds {
    /** 2^53 = 9007199254740992 s. */
    public static final double MAX = 0x1p53;

    /** {@link #MAX} as a whole number, for comparing whole seconds exactly. */
    public static final long MAX_SECONDS = 1L << 53;

    /** A job's end past {@link #MAX}: bad input (times too large to simulate exactly), not a bug. */
    public static final class PastLimit extends InputFormatException {
        private static final long serialVersionUID = 1L;

        PastLimit(String message) {
            super(message);
        }
    }

    private ExactSeconds() {}

    /**
     * The error for job {@code id} (its number in the trace), submitted at {@code submit} and started at {@code
     * start}, whose end {@code start + duration} is past {@link #MAX}; the values are written exactly.
     */
    public static PastLimit pastEnd(long id, double submit, double start, double duration) {
        BigDecimal s = new BigDecimal(start);
        BigDecimal d = new BigDecimal(duration);
        return new PastLimit("job " + id + ": submitted at " + plain(submit) + " s, started at " + plain(start)
                + " s (after a wait of "
                + new BigDecimal(start).subtract(new BigDecimal(submit)).toPlainString()
                + " s), it would end at " + s.toPlainString() + " + " + d.toPlainString() + " = "
                + s.add(d).toPlainString() + " s, expected at most " + (long) MAX + " s (2^53: past it the"
                + " simulated clock skips seconds; give the trace's times in seconds)");
    }

    private static String plain(double v) {
        return new BigDecimal(v).toPlainString();
    }
}
