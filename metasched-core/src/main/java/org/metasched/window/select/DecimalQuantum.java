package org.metasched.window.select;

/**
 * The exact quantum of decimal data: the largest {@code g 10^-d} ({@code d <= }{@value #MAX_DECIMALS}) of which
 * every value added is a whole multiple, so that a dynamic programme over whole units of it decides {@code sum <=
 * limit} exactly. Prices with cents give {@code d = 2}: 2.33, 4.33 and 6.33 are 233, 433 and 633 units of 0.01,
 * and a set costing 10.99 fits a budget of 11 (ceil to whole currency units, spec D4's default, makes it 13).
 *
 * <p>A value counts as a multiple when {@code v 10^d} is within {@link CostQuantizer#ROUNDING} (relative) of a whole
 * number: a decimal in the input is a double within half an ulp of it, and a product such as price times a whole
 * duration adds a few ulps more, far below that; a value with more than {@value #MAX_DECIMALS} decimals, an irrational
 * one, or one beyond {@code 2^53} units makes the quantum unknown ({@link #known()} false). Use: {@link #add} every
 * value, then {@link #quantum()}.
 */
public final class DecimalQuantum {
    /** The most decimals looked for. */
    public static final int MAX_DECIMALS = 6;

    private static final double[] SCALE = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};

    private int decimals;
    private long gcd;
    private boolean known = true;

    /** Adds a value {@code >= 0}. */
    public void add(double v) {
        if (!known) {
            return;
        }
        for (int d = decimals; d <= MAX_DECIMALS; d++) {
            long w = whole(v * SCALE[d]);
            if (w < 0) {
                continue;
            }
            if (d > decimals) {
                long factor = (long) SCALE[d - decimals];
                if (gcd > (1L << 53) / factor) {
                    known = false;
                    return;
                }
                gcd *= factor;
                decimals = d;
            }
            gcd = gcd(gcd, w);
            return;
        }
        known = false;
    }

    /** Whether every value added so far is a whole multiple of some decimal quantum (true when none was added). */
    public boolean known() {
        return known;
    }

    /** The decimals needed, 0 for whole numbers. */
    public int decimals() {
        return decimals;
    }

    /**
     * The largest decimal quantum of which every value is a whole multiple, or NaN when there is none (unknown, or
     * every value 0).
     */
    public double quantum() {
        return known && gcd > 0 ? gcd / SCALE[decimals] : Double.NaN;
    }

    /** {@code limit / quantum} rounded down, as a whole number of units, exactly; -1 beyond {@code 2^53}. */
    public static long units(double limit, double quantum) {
        double y = limit / quantum;
        if (!(y >= 0) || y >= 0x1p53) {
            return -1;
        }
        double r = Math.rint(y);
        return (long) (CostQuantizer.near(y, r) ? r : Math.floor(y));
    }

    /** {@code cost / quantum} as a whole number of units when it is one (up to rounding), else -1. */
    public static long multiple(double cost, double quantum) {
        return whole(cost / quantum);
    }

    private static long whole(double y) {
        if (!(y >= 0) || y >= 0x1p53) {
            return -1;
        }
        double r = Math.rint(y);
        return CostQuantizer.near(y, r) ? (long) r : -1;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
