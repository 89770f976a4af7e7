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

    private Tolerance() {}

    /** The tolerance for comparing {@code a} with {@code b}. */
    public static double of(double a, double b) {
        double r = RELATIVE * Math.max(Math.abs(a), Math.abs(b));
        return r > EPS && r != Double.POSITIVE_INFINITY ? r : EPS;
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
}
