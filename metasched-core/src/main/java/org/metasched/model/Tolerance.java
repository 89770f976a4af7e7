package org.metasched.model;

/**
 * The one tolerance used for every comparison of times, lengths and costs (spec section 0.1).
 *
 * <p>{@code eq(a, b)} means {@code |a - b| <= EPS}; {@code lt(a, b)} means {@code a < b - EPS}; {@code ge(a, b)}
 * means {@code a > b - EPS}.
 */
public final class Tolerance {
    /** The comparison tolerance. */
    public static final double EPS = 1e-9;

    private Tolerance() {}

    public static boolean eq(double a, double b) {
        return Math.abs(a - b) <= EPS;
    }

    public static boolean lt(double a, double b) {
        return a < b - EPS;
    }

    public static boolean le(double a, double b) {
        return a <= b + EPS;
    }

    public static boolean ge(double a, double b) {
        return a > b - EPS;
    }

    public static boolean gt(double a, double b) {
        return a > b + EPS;
    }
}
