package org.metasched.service;

import static org.metasched.service.Metascheduler.num;

import org.metasched.io.problem.ProblemReader;
import org.metasched.model.InputFormatException;
import org.metasched.model.Tolerance;

/**
 * The range in which the service's numbers stay exact enough: every time it keeps, every length it derives (a
 * task's volume / performance) and every node's work in a cycle's horizon is finite, a double of its own, and long
 * enough that a window has an end after its start. Beyond it a request is refused with the value and the limit.
 */
final class NumberLimits {
    private NumberLimits() {}

    /**
     * The latest time the manual clock may show: 2^53 - 1 = 9007199254740991 (JavaScript's largest safe integer). Up
     * to it every whole number is a double of its own and so is the next one, so a move of 1 moves the clock, and a
     * time given as a whole number beyond it reads as at least 2^53 and is refused rather than rounded to the limit.
     */
    static final double LATEST_TIME = 0x1p53 - 1;

    /**
     * The end of a cycle's or a quote's horizon at {@code now}: {@code now + horizon}, but never past {@link
     * #LATEST_TIME}, so that every window found ends at a time the clock can reach (at 2^53 - 1 a cycle reserved
     * 9007199254741000-9007199254741004, which no clock move could start, its money held for ever).
     */
    static double horizonEnd(double now, double horizon) {
        return Math.min(now + horizon, LATEST_TIME);
    }

    /** The longest {@code horizon}: 2^53, so that a cycle's slots end at most at 2^54, whole numbers still doubles. */
    static final double LONGEST_HORIZON = 0x1p53;

    /**
     * The most work a node may run in a cycle's horizon (performance x horizon): 1e300. A job's volume must be at
     * least a millionth of the fastest node's, and the searches add such figures over nodes and slots: both stay
     * finite.
     */
    static final double MOST_WORK = 1e300;

    /**
     * The shortest task a window may hold at time {@code now}: longer than the searches' tolerance over a cycle's
     * horizon ({@link Tolerance#at}, which takes shorter times for equal) and at least the gap between doubles at the
     * horizon's end, so that the window ends after it starts and its slots' lengths, which the ledger charges, are
     * what the window's cost says.
     */
    static double shortestTask(double now, double horizon) {
        return Math.max(Math.nextUp(Tolerance.at(horizon)), Math.ulp(now + horizon));
    }

    /**
     * Refuses a job (a submission or a quote) whose task on the fastest node (performance {@code fastest}) is shorter
     * than {@link #shortestTask}: its window would end where it starts (a performance of 1e308 made a volume of 90 a
     * task of 9e-307, a quote's window [100, 100], whose cost of 90 no ledger row held).
     */
    static void requireTaskDistinct(double volume, double fastest, double now, double horizon) {
        double shortest = shortestTask(now, horizon);
        if (fastest > 0 && volume / fastest < shortest) {
            throw ApiException.badInput(
                    "volume",
                    num(volume) + " is a task of " + num(volume / fastest) + " on the fastest node (performance "
                            + num(fastest) + "), shorter than the " + num(shortest) + " the service's times tell"
                            + " apart in a cycle from " + num(now) + " to " + num(now + horizon) + ": its window"
                            + " would end where it starts; give a volume of at least " + num(shortest * fastest));
        }
    }

    /**
     * How the service's messages write the numbers of a reason they share with {@code batch}'s reader ({@link
     * ProblemReader#tinyTasks}): as {@link Metascheduler#num} does, a derived figure to four significant digits
     * (whole numbers exactly) and one past the largest double as "more than 1.8e308", a least value to four digits
     * that still meets it; never Java's 1.0E16, 6.000E+16 or Infinity.
     */
    static final ProblemReader.Numbers SHOWN = new ProblemReader.Numbers(
            Metascheduler::num,
            d -> Double.isInfinite(d)
                    ? (d > 0 ? "more than 1.8e308" : "less than -1.8e308")
                    : num(d == Math.rint(d) ? d : fourDigits(d, java.math.RoundingMode.HALF_EVEN)),
            d -> Double.isInfinite(d) ? "more than 1.8e308" : num(atLeast(d)));

    /**
     * {@code d} to four significant digits, read as a double that is at least {@code d}: the nearest such decimal when
     * its double meets {@code d} (6e293 for the double 6e293, whose exact value is a little more), else rounded up.
     */
    private static double atLeast(double d) {
        double near = fourDigits(d, java.math.RoundingMode.HALF_EVEN);
        return near >= d ? near : fourDigits(d, java.math.RoundingMode.CEILING);
    }

    /** {@code d} (finite) to four significant digits, rounded by {@code mode}. */
    private static double fourDigits(double d, java.math.RoundingMode mode) {
        return d == 0
                ? 0
                : new java.math.BigDecimal(d)
                        .round(new java.math.MathContext(4, mode))
                        .doubleValue();
    }

    /**
     * Whether the number written {@code literal} is past {@code limit} as written, not as the double it reads as:
     * 9007199254740993 reads as 2^53, yet is past it.
     */
    static boolean pastAsWritten(String literal, double limit) {
        try {
            return new java.math.BigDecimal(literal.strip()).compareTo(new java.math.BigDecimal(limit)) > 0;
        } catch (NumberFormatException e) {
            return Double.parseDouble(literal.strip()) > limit; // Java's other forms (0x1p53, 5d): as read
        }
    }

    /**
     * The message for a positive {@code what} below the smallest normal double, {@link Double#MIN_NORMAL}
     * (2.2250738585072014e-308), where a double keeps fewer digits (1e-320 has 4): "1e-320 is too small: expected a
     * performance of at least 2.2250738585072014e-308 (...), got 1e-320" for {@code expected} "a performance of at
     * least", or null when {@code v} is not such a value.
     */
    static String subnormal(double v, String expected) {
        return v > 0 && v < Double.MIN_NORMAL
                ? num(v) + " is too small: expected " + expected + " " + num(Double.MIN_NORMAL)
                        + " (the smallest normal double; below it a double keeps fewer digits), got " + num(v)
                : null;
    }

    /**
     * Refuses a node performance below the smallest normal double or whose work in a horizon is past {@link
     * #MOST_WORK}.
     */
    static void requirePerformance(double performance, double horizon) {
        String small = subnormal(performance, "a performance of at least");
        if (small != null) {
            throw ApiException.badInput("performance", small);
        }
        if (!(performance * horizon <= MOST_WORK)) {
            throw ApiException.badInput(
                    "performance",
                    num(performance) + " times a cycle's horizon of " + num(horizon) + " is past the "
                            + num(MOST_WORK) + " the service keeps exact (a node's work in a horizon, of which a job's"
                            + " volume must be at least a millionth): expected a performance of at most "
                            + num(MOST_WORK / horizon) + ", got " + num(performance));
        }
    }

    /**
     * Refuses a node price at which a slot of a cycle's horizon would cost past {@link
     * org.metasched.io.problem.ProblemReader#MOST_COST} (1e300), as {@code select} and {@code batch} refuse such a
     * file: the searches add and subtract slots' costs, and at 1e308 a slot of 10 cost infinity (a quote offered a
     * window costing infinity under a budget of 5, and accepting it was a 500).
     */
    static void requirePrice(double price, double horizon) {
        String small = subnormal(price, "a price of 0 or at least");
        if (small != null) {
            throw ApiException.badInput("price", small);
        }
        if (!(price * horizon <= ProblemReader.MOST_COST)) {
            throw ApiException.badInput(
                    "price",
                    num(price) + " times a cycle's horizon of " + num(horizon) + " is past the "
                            + num(ProblemReader.MOST_COST) + " a slot may cost (the searches add slots' costs):"
                            + " expected a price of at most " + num(ProblemReader.MOST_COST / horizon) + ", got "
                            + num(price));
        }
    }

    /**
     * Refuses to start on a database whose fastest or dearest published node would run more than {@link #MOST_WORK},
     * or cost more than {@link ProblemReader#MOST_COST} a slot, in a {@code horizon}: the node was published under a
     * shorter horizon, and with this one every submission would be asked for a volume of at least infinity, or a
     * window could cost infinity.
     */
    static void requireStoredNodes(Database db, double horizon) {
        requireStored(db, horizon, "performance", "run past the " + num(MOST_WORK), MOST_WORK);
        requireStored(
                db, horizon, "price", "cost a slot past " + num(ProblemReader.MOST_COST), ProblemReader.MOST_COST);
    }

    private static void requireStored(Database db, double horizon, String column, String past, double most) {
        String[] top = db.read(c ->
                SqlValues.first(c, "SELECT id, " + column + " FROM nodes ORDER BY " + column + " DESC, id LIMIT 1", r ->
                        new String[] {r.getString(1), Double.toString(r.getDouble(2))}));
        if (top == null) {
            return;
        }
        double value = Double.parseDouble(top[1]);
        if (!(value * horizon <= most)) {
            throw new InputFormatException("horizon: " + num(horizon) + " makes node '" + top[0]
                    + "' of this database ("
                    + column + " " + num(value) + ") " + past + " in a cycle's horizon, more than the service keeps"
                    + " exact: give a horizon of at most " + num(most / value) + ", or lower that node's " + column
                    + " under the old horizon first");
        }
    }

    /**
     * Refuses to start with a {@code horizon} shorter than the gap between doubles at the clock's time {@code now} (a
     * shorter horizon on a database whose manual clock is far out): {@code now + horizon} would be {@code now}, and
     * every cycle failed inside (a 500) while quotes and clock moves refused it.
     */
    static void requireHorizonAt(double now, double horizon) {
        if (!(now + horizon > now)) {
            throw new InputFormatException("horizon: " + num(horizon) + " is shorter than the gap between doubles at"
                    + " this database's time " + num(now) + " (" + num(Math.ulp(now)) + "): no cycle or quote could"
                    + " plan; give a horizon of at least " + num(Math.ulp(now)));
        }
    }
}
