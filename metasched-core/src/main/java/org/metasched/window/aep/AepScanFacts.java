package org.metasched.window.aep;

/**
 * What the bounds of an {@link AepStrategy} may use about one search: the request's n and budget, the geometry,
 * and the shortest task length and lowest unit price among the eligible slots.
 *
 * @param nodes n, the slots a window needs
 * @param budget the request's budget ({@code +Infinity} for none)
 * @param rough true in ROUGH geometry (each slot runs {@code V / p_i}), false in COMMON ({@code V / min p})
 * @param minLength the shortest task length {@code V / p} over the eligible slots
 * @param minUnitPrice the lowest unit price over the eligible slots ({@code +Infinity} on the ROUGH fast path,
 *     which does not need it)
 */
public record AepScanFacts(int nodes, double budget, boolean rough, double minLength, double minUnitPrice) {}
