package org.metasched.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.model.InputFormatException;

/** The open registry of {@link ReproduceTarget}s, in the order the help lists them. */
public final class ReproduceTargets {
    private static final Map<String, ReproduceTarget> TARGETS = new LinkedHashMap<>();

    static {
        // one line per target
        register(new P000TableTarget(false));
        register(new P000TableTarget(true));
        register(new P004Target());
        register(new P001Target());
        register(new P003Targets.JobLoad());
        register(new P003Targets.TimeScan());
        register(new P002StrategiesTarget());
        register(new P002WorkingTimeTarget());
        register(new P002UserCriteriaTarget());
        register(new P002SlicingTarget());
        register(new P002OwnerPriceTarget());
        register(new P002BsfTarget());
        register(new P002RealRuntimesTarget());
    }

    private ReproduceTargets() {}

    /** Adds a target; its name must be new. */
    public static synchronized void register(ReproduceTarget target) {
        String name = target.name();
        if (!name.equals(name.toLowerCase(Locale.ROOT)) || name.isBlank()) {
            throw new IllegalArgumentException("a target name is lower case and not blank, got '" + name + "'");
        }
        if (TARGETS.putIfAbsent(name, target) != null) {
            throw new IllegalArgumentException("reproduce target '" + name + "' is registered twice");
        }
    }

    /** The registered names, in registration order. */
    public static synchronized List<String> names() {
        return List.copyOf(TARGETS.keySet());
    }

    /** The registered targets, in registration order. */
    public static synchronized List<ReproduceTarget> all() {
        return List.copyOf(new ArrayList<>(TARGETS.values()));
    }

    /**
     * The target called {@code name}, case-insensitively.
     *
     * @throws InputFormatException naming the registered targets if there is none
     */
    public static synchronized ReproduceTarget byName(String name) {
        ReproduceTarget t = TARGETS.get(name.toLowerCase(Locale.ROOT));
        if (t == null) {
            throw new InputFormatException(
                    "unknown target '" + name + "', expected one of " + String.join(", ", TARGETS.keySet()));
        }
        return t;
    }
}
