package org.metasched.memory;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.metasched.registry.Entry;
import org.metasched.registry.Registry;

/**
 * A memory cluster's policy: a {@link MemoryProvisioner} (the pools) with a {@link MemoryDispatcher} (who starts
 * where), registered by short name in {@link #REGISTRY}. Names are resolved once, where the user typed them; a
 * {@link MemoryConfig} carries the entry.
 * Its family is {@code pools} (cores designated to memory classes) or {@code shared} (one pool).
 */
public final class MemoryPolicy extends Entry {
    /** The memory policies by name, in the order help texts list them. */
    public static final Registry<MemoryPolicy> REGISTRY = new Registry<>("memory policy");

    public static final MemoryPolicy ADAPTIVE = REGISTRY.register(new MemoryPolicy(
            "adaptive",
            "pools",
            "pools re-provisioned one core at a time when a queue's occupancy share exceeds its core share by TR",
            OccupancyProvisioner::new,
            PooledFcfs::new));
    public static final MemoryPolicy STATIC = REGISTRY.register(
            new MemoryPolicy("static", "pools", "the initial pools, never changed", FixedPools::new, PooledFcfs::new));
    public static final MemoryPolicy SHARED = REGISTRY.register(new MemoryPolicy(
            "shared",
            "shared",
            "one pool: the oldest job takes the lowest idle core whose machine has its memory free; no bypass",
            c -> new NoPools(),
            SharedFirstFit::new));
    public static final MemoryPolicy SHARED_BACKFILL = REGISTRY.register(new MemoryPolicy(
            "shared-backfill",
            "shared",
            "one pool, first fit; when the oldest job does not fit, a later one that fits starts",
            c -> new NoPools(),
            SharedBackfill::new));

    private final Function<MemoryConfig, MemoryProvisioner> provisioner;
    private final Supplier<MemoryDispatcher> dispatcher;

    private MemoryPolicy(
            String name,
            String family,
            String description,
            Function<MemoryConfig, MemoryProvisioner> provisioner,
            Supplier<MemoryDispatcher> dispatcher) {
        super(name, family, description);
        this.provisioner = provisioner;
        this.dispatcher = dispatcher;
    }

    /** True if cores are designated to pools (so every class needs a core in the initial partition). */
    public boolean usesPools() {
        return family().equals("pools");
    }

    /** A fresh provisioner for one run. */
    public MemoryProvisioner provisioner(MemoryConfig c) {
        return provisioner.apply(c);
    }

    /** A fresh dispatcher for one run. */
    public MemoryDispatcher dispatcher() {
        return dispatcher.get();
    }

    /**
     * The policy called {@code name} (case-insensitive).
     *
     * @throws org.metasched.model.InputFormatException naming the known policies if there is none
     */
    public static MemoryPolicy byName(String name) {
        return REGISTRY.byName(name);
    }

    /** Every policy, in registry order. */
    public static List<MemoryPolicy> all() {
        return REGISTRY.entries();
    }
}
