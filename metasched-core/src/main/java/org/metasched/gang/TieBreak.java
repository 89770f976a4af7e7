package org.metasched.gang;

/** How the grid dispatcher chooses among clusters of equal least load (spec 5.2, D12). */
public enum TieBreak {
    /** Uniformly at random among the tied clusters (the paper's text: "balanced: random dispatching"). */
    RANDOM,
    /** The first tied cluster, as the printed Algorithm 2 does with its strict {@code <}. */
    FIRST
}
