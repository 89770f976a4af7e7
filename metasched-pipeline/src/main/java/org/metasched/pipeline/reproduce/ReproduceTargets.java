package org.metasched.pipeline.reproduce;

import org.metasched.registry.Registry;

/**
 * The open registry of {@link ReproduceTarget}s, in the order the help lists them: one line per target; code
 * outside this project adds its own with {@code ReproduceTargets.REGISTRY.register(...)} before the command runs.
 */
public final class ReproduceTargets {
    /** The targets by name. */
    public static final Registry<ReproduceTarget> REGISTRY = new Registry<>("target");

    static {
        // one line per target
        REGISTRY.register(new P000TableTarget(false));
        REGISTRY.register(new P000TableTarget(true));
        REGISTRY.register(new P004Target());
        REGISTRY.register(new P001Target());
        REGISTRY.register(new P003Targets.JobLoad());
        REGISTRY.register(new P003Targets.TimeScan());
        REGISTRY.register(new P002StrategiesTarget());
        REGISTRY.register(new P002WorkingTimeTarget());
        REGISTRY.register(new P002UserCriteriaTarget());
        REGISTRY.register(new P002SlicingTarget());
        REGISTRY.register(new P002OwnerPriceTarget());
        REGISTRY.register(new P002BsfTarget());
        REGISTRY.register(new P002RealRuntimesTarget());
    }

    private ReproduceTargets() {}
}
