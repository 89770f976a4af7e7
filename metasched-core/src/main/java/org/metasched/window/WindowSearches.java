package org.metasched.window;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The one registry of built-in window searches by short name, used by the CLI, scenario files and tests alike.
 *
 * <p>SSA criteria: {@code bf-start, bf-finish, bf-short, past, cop, l-sum, l-min-sum}. AEP strategies: {@code
 * amp, alp, min-cost, min-runtime, min-finish, min-proc-time, min-proc-time-exact, csa}.
 */
public final class WindowSearches {
    private WindowSearches() {}

    /** Options some searches take; {@link #DEFAULTS} otherwise. */
    public record Options(long seed, CsaCriterion csaCriterion) {
        public Options withSeed(long newSeed) {
            return new Options(newSeed, csaCriterion);
        }

        public Options withCsaCriterion(CsaCriterion c) {
            return new Options(seed, c);
        }
    }

    /** Seed 0 and CSA returning its cheapest alternative. */
    public static final Options DEFAULTS = new Options(0L, CsaCriterion.COST);

    /** Every registered name, SSA criteria first, in a fixed order. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (PlacementCriterion c : PlacementCriterion.values()) {
            names.add(c.shortName());
        }
        for (AepStrategy s : AepStrategy.values()) {
            names.add(s.shortName());
        }
        names.add("csa");
        return Collections.unmodifiableList(names);
    }

    public static boolean isRegistered(String name) {
        return names().contains(name);
    }

    public static WindowSearch create(String name) {
        return create(name, DEFAULTS);
    }

    /**
     * The search registered under {@code name}.
     *
     * @throws IllegalArgumentException naming the unknown name and the known ones
     */
    public static WindowSearch create(String name, Options options) {
        PlacementCriterion c = PlacementCriterion.byName(name);
        if (c != null) {
            return new SsaWindowSearch(c);
        }
        AepStrategy s = AepStrategy.byName(name);
        if (s != null) {
            return new AepWindowSearch(s, options.seed());
        }
        if (name.equals("csa")) {
            return new CsaWindowSearch(options.csaCriterion());
        }
        throw new IllegalArgumentException(
                "unknown strategy '" + name + "', expected one of " + String.join(", ", names()));
    }
}
