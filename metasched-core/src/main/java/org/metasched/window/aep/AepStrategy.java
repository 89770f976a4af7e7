package org.metasched.window.aep;

import org.metasched.model.ResourceRequest;

/**
 * A selection rule of the AEP scan (spec 3.2, paper P002 section 3): at each step it chooses n slots of the
 * expanded window W ({@link #select}), says what the chosen window is worth ({@link #value}, smaller is better)
 * and may bound what a step can reach ({@link #lowerBound}, {@link #laterStepsBound}) so that the scan skips
 * steps that cannot beat the incumbent. Minimising strategies keep the strictly smallest value over the scan
 * (the earliest found wins ties); first-fit strategies stop at the first step with a feasible selection.
 *
 * <p>A strategy is stateless: one instance serves every search and thread (per-search state, such as a random
 * stream, comes from the {@link AepCandidates}). Adding one is one class implementing this interface plus one
 * registration line in {@code org.metasched.window.WindowSearches}. Implementing {@link #roughPath()} is optional:
 * it makes the scan faster in ROUGH geometry, never changes its result.
 */
public interface AepStrategy {
    /** The registered short name, e.g. {@code min-cost}; also names the strategy's random stream. */
    String name();

    /**
     * True when {@link #select} draws from {@link AepCandidates#random()}, so that the seed can change the window
     * ({@code select --seed} is refused for the others, which it would not change).
     */
    default boolean drawsRandomNumbers() {
        return false;
    }

    /**
     * The strategy's choice of {@code candidates.n()} among {@code candidates.count()} candidates: their positions
     * (indices into the candidate list), or null when none is feasible (for instance over the budget).
     */
    int[] select(AepCandidates candidates);

    /** The value of a window (smaller is better) from its start, runtime, total cost and processor time. */
    double value(double start, double runtime, double cost, double processorTime);

    /** True when the scan stops at the first step with a feasible selection (AMP, ALP). */
    default boolean firstFit() {
        return false;
    }

    /** Slots whose unit price exceeds this never enter W (ALP's cap); no cap by default. */
    default double maxUnitPrice(ResourceRequest request) {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * True when a step in which no slot enters W may still give another selection (a fresh random draw), so the
     * scan selects again there; false by default. Such a strategy cannot have an {@link RoughPath#EXACT} fast path.
     */
    default boolean selectsOnEveryStep() {
        return false;
    }

    /**
     * A lower bound on the value of any window at start {@code start} that holds a slot of length {@code length}
     * and unit price {@code price}; {@code -Infinity} (the default) when the strategy has none, and then every
     * step is evaluated.
     */
    default double lowerBound(AepScanFacts facts, double start, double length, double price) {
        return Double.NEGATIVE_INFINITY;
    }

    /**
     * A lower bound on the value of every window from start {@code start} on (the scan stops when it cannot beat
     * the incumbent); {@code -Infinity} (the default) when there is none.
     */
    default double laterStepsBound(AepScanFacts facts, double start) {
        return Double.NEGATIVE_INFINITY;
    }

    /** How the ROUGH fast path serves this strategy: none (the default), an exact value, or a bound. */
    default RoughPath roughPath() {
        return RoughPath.NONE;
    }

    /** For the ROUGH fast path: which key the node index ranks nodes by. */
    default AepNodeIndex.Order roughOrder() {
        throw new UnsupportedOperationException(name() + " has no ROUGH fast path");
    }

    /**
     * For the ROUGH fast path, on the windows of W that hold node {@code node} (just entered W at {@code start}):
     * with {@link RoughPath#EXACT}, the value of the best of them when it is within the budget and strictly below
     * {@code incumbent} ({@code +Infinity} when there is none yet), else NaN; with {@link RoughPath#BOUND}, a lower
     * bound on their values.
     */
    default double roughValue(AepNodeIndex index, int node, double start, double incumbent) {
        throw new UnsupportedOperationException(name() + " has no ROUGH fast path");
    }

    /** What {@link #roughValue} gives. */
    enum RoughPath {
        /** No fast path: every step that may improve runs {@link #select}. */
        NONE,
        /** An exact value per step; {@link #select} runs once, on the best step. */
        EXACT,
        /** A lower bound per step; {@link #select} runs on the steps whose bound beats the incumbent. */
        BOUND
    }
}
