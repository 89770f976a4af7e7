package org.metasched.model;

/**
 * The one tolerance for every comparison of computed times, lengths and costs (spec section 0.1), absolute near
 * zero and relative at scale: {@code tol(a, b) = max(EPS, RELATIVE * max(|a|, |b|))}. Below {@code 10^5} in
 * magnitude this is the spec's absolute {@code 1e-9}; above, it grows with the operands (about 45 units in the
 * last place), so at trace scale (10^7 to 10^8 s, where 1e-9 is below the resolution of a double) two times that
 * differ only by rounding still compare equal: {@code 1e-7} s at {@code 10^7}, {@code 1e-6} s at {@code 10^8}.
 * Infinite operands (an empty incumbent, no budget) use {@code EPS}.
 *
 * <p>{@code eq(a, b)}: {@code |a - b| <= tol}; {@code lt(a, b)}: {@code a < b - tol}; {@code le(a, b)}: {@code a <=
 * b + tol}; {@code gt(a, b)}: {@code a > b + tol}; {@code ge(a, b)}: {@code a >= b - tol}. Compare the times
 * themselves ({@code gt(end, start)}), not their difference with zero, so that the tolerance sees their magnitude.
 */
public final class Tolerance {
    /** The absolute tolerance, which applies below {@code 10^5}. */
    public static final double EPS = 1e-9;

    /** The relative tolerance, which applies above {@code 10^5}. */
    public static final double RELATIVE = 1e-14;

    /** Up to this magnitude the absolute tolerance applies. */
    private static final double ABSOLUTE_UP_TO = EPS / RELATIVE;

    private Tolerance() {}

    /** The tolerance for comparing {@code a} with {@code b}. */
    public static double of(double a, double b) {
        double absA = Math.abs(a);
        double absB = Math.abs(b);
        if (absA <= ABSOLUTE_UP_TO && absB <= ABSOLUTE_UP_TO) {
            return EPS; // the common case, without Math.max
        }
        double m = Math.max(absA, absB); // NaN if either is
        return m == Double.POSITIVE_INFINITY || Double.isNaN(m) ? EPS : RELATIVE * m;
    }

    /**
     * The tolerance for values up to {@code magnitude}: a loop that compares many values of one scale (the times
     * of one slot list) computes it once and uses the three-argument comparisons below.
     */
    public static double at(double magnitude) {
        return of(magnitude, 0);
    }

    public static boolean eq(double a, double b) {
        return Math.abs(a - b) <= of(a, b);
    }

    public static boolean lt(double a, double b) {
        return a < b - of(a, b);
    }

    public static boolean le(double a, double b) {
        return a <= b + of(a, b);
    }

    public static boolean gt(double a, double b) {
        return a > b + of(a, b);
    }

    public static boolean ge(double a, double b) {
        return a >= b - of(a, b);
    }

    /** {@code |a - b| <= tol}, with {@code tol} from {@link #at} or {@link #of}. */
    public static boolean eq(double a, double b, double tol) {
        return Math.abs(a - b) <= tol;
    }

    public static boolean lt(double a, double b, double tol) {
        return a < b - tol;
    }

    public static boolean le(double a, double b, double tol) {
        return a <= b + tol;
    }

    public static boolean gt(double a, double b, double tol) {
        return a > b + tol;
    }

    public static boolean ge(double a, double b, double tol) {
        return a >= b - tol;
    }
}
