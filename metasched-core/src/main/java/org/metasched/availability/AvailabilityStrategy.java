package org.metasched.availability;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The five static selections by the short names under which they are to be registered as window searches (issue
 * 10): the knapsack and the four greedy rules of paper P003.
 */
public enum AvailabilityStrategy {
    KNAPSACK("availability-knapsack"),
    MAX_P("availability-max-p"),
    MIN_C("availability-min-c"),
    MAX_P_C("availability-max-p-c"),
    GREEDY_JNT("greedy-jnt");

    private final String shortName;

    AvailabilityStrategy(String shortName) {
        this.shortName = shortName;
    }

    public String shortName() {
        return shortName;
    }

    /** The strategy registered under {@code name}, or null. */
    public static AvailabilityStrategy byName(String name) {
        for (AvailabilityStrategy s : values()) {
            if (s.shortName.equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** Every short name, in declaration order. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (AvailabilityStrategy s : values()) {
            names.add(s.shortName);
        }
        return Collections.unmodifiableList(names);
    }

    /** A fresh static selection for this strategy (the knapsack keeps work arrays: one per thread). */
    public StaticSelection selection(AvailabilityOptions options) {
        return switch (this) {
            case KNAPSACK -> new KnapsackSelection(options.costQuantum(), options.maxBudgetUnits());
            case MAX_P -> GreedySelection.MAX_P;
            case MIN_C -> GreedySelection.MIN_C;
            case MAX_P_C -> GreedySelection.MAX_P_C;
            case GREEDY_JNT -> GreedySelection.GREEDY_JNT;
        };
    }
}
