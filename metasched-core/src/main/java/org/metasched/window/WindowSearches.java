package org.metasched.window;

import java.util.List;
import org.metasched.registry.Registration;
import org.metasched.registry.Registry;
import org.metasched.window.aep.AepStrategy;
import org.metasched.window.aep.AlpSelection;
import org.metasched.window.aep.AmpSelection;
import org.metasched.window.aep.MinCostSelection;
import org.metasched.window.aep.MinFinishSelection;
import org.metasched.window.aep.MinProcTimeExactSelection;
import org.metasched.window.aep.MinProcTimeRandomSelection;
import org.metasched.window.aep.MinRunTimeSelection;
import org.metasched.window.criterion.BfFinishCriterion;
import org.metasched.window.criterion.BfShortCriterion;
import org.metasched.window.criterion.BfStartCriterion;
import org.metasched.window.criterion.CopCriterion;
import org.metasched.window.criterion.IdleMinSumCriterion;
import org.metasched.window.criterion.IdleSumCriterion;
import org.metasched.window.criterion.PastCriterion;
import org.metasched.window.criterion.PlacementCriterion;

/**
 * The one registry of window searches by short name, used by the CLI, scenario files and tests alike. Each entry
 * has a family ({@code ssa}: the SSA scan with a placement criterion, paper P000; {@code aep}: the AEP scan with a
 * selection strategy, paper P002; {@code csa}) and a one-line description, and makes a fresh search from {@link
 * Options}. The built-ins are registered below in a fixed order (SSA criteria first), which is the order of every
 * listing. A new search is one class plus one line here (ARCHITECTURE.md); code outside this project calls {@link
 * #register} at start-up.
 */
public final class WindowSearches {
    private WindowSearches() {}

    /** Options some searches take; {@link #DEFAULTS} otherwise. */
    public record Options(long seed, CsaCriterion csaCriterion) {
        public Options withSeed(long newSeed) {
            return new Options(newSeed, csaCriterion);
        }
    }

    /** Seed 0 and CSA returning its cheapest alternative. */
    public static final Options DEFAULTS = new Options(0L, CsaCriterion.COST);

    private static final Registry<Registration<WindowSearch, Options>> REGISTRY = withBuiltIns();

    /** A new registry holding the built-in searches (tests add to their own copy). */
    public static Registry<Registration<WindowSearch, Options>> withBuiltIns() {
        Registry<Registration<WindowSearch, Options>> r = new Registry<>("strategy");
        ssa(r, new BfStartCriterion(), "SSA scan, earliest start (P000 BFstart)");
        ssa(r, new BfFinishCriterion(), "SSA scan, earliest finish (P000 BFfinish)");
        ssa(r, new BfShortCriterion(), "SSA scan, earliest finish planned with 0.99 of each volume (P000 BFshort)");
        ssa(r, new PastCriterion(), "SSA scan, PAST-like placement (P000)");
        ssa(r, new CopCriterion(), "SSA scan, CoP placement (P000)");
        ssa(r, new IdleSumCriterion(), "SSA scan, least idle time left on both sides (L_sum)");
        ssa(r, new IdleMinSumCriterion(), "SSA scan, least idle time left on the shorter side (L_minsum)");
        aep(r, new AmpSelection(), "AEP scan, earliest start, cheapest slots within the budget (P002 AMP)");
        aep(r, new AlpSelection(), "AEP scan, earliest start, slots under a unit-price cap (P002 ALP)");
        aep(r, new MinCostSelection(), "AEP scan, least total cost (P002 MinCost)");
        aep(r, new MinRunTimeSelection(), "AEP scan, least runtime (P002 MinRunTime)");
        aep(r, new MinFinishSelection(), "AEP scan, earliest finish (P002 MinFinish)");
        aep(r, new MinProcTimeRandomSelection(), "AEP scan, least processor time over random subsets (P002)");
        aep(r, new MinProcTimeExactSelection(), "AEP scan, least processor time, exact");
        r.register(new Registration<>(
                "csa",
                "csa",
                "the best of disjoint AMP alternatives (P002 CSA)",
                o -> new CsaWindowSearch(o.csaCriterion())));
        return r;
    }

    private static void ssa(Registry<Registration<WindowSearch, Options>> r, PlacementCriterion c, String text) {
        r.register(new Registration<>(c.name(), "ssa", text, o -> new SsaWindowSearch(c)));
    }

    private static void aep(Registry<Registration<WindowSearch, Options>> r, AepStrategy s, String text) {
        r.register(new Registration<>(s.name(), "aep", text, o -> new AepWindowSearch(s, o.seed())));
    }

    /** The registry every command and test uses. */
    public static Registry<Registration<WindowSearch, Options>> registry() {
        return REGISTRY;
    }

    /** Adds a search to {@link #registry()} (for code outside this project; built-ins go in the list above). */
    public static Registration<WindowSearch, Options> register(Registration<WindowSearch, Options> search) {
        return REGISTRY.register(search);
    }

    /** Every registered name, in registration order. */
    public static List<String> names() {
        return REGISTRY.names();
    }

    public static boolean isRegistered(String name) {
        return REGISTRY.contains(name);
    }

    public static WindowSearch create(String name) {
        return create(name, DEFAULTS);
    }

    /**
     * A fresh search registered under {@code name} (case-insensitive).
     *
     * @throws org.metasched.model.InputFormatException naming the unknown name and the known ones
     */
    public static WindowSearch create(String name, Options options) {
        return REGISTRY.byName(name).create(options);
    }
}
