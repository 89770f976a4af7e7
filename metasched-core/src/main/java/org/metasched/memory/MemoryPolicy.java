package org.metasched.memory;

import java.util.Locale;

/**
 * The registry of the memory cluster's policies by short name: each is a {@link MemoryProvisioner} (the pools)
 * with a {@link MemoryDispatcher} (who starts where).
 */
public enum MemoryPolicy {
    ADAPTIVE(
            "adaptive",
            "pools re-provisioned one core at a time when a queue's occupancy share exceeds its core share by TR",
            true),
    STATIC("static", "the initial pools, never changed", true),
    SHARED(
            "shared",
            "one pool: the oldest job takes the lowest idle core whose machine has its memory free; no bypass",
            false),
    SHARED_BACKFILL(
            "shared-backfill",
            "one pool, first fit; when the oldest job does not fit, a later one that fits starts",
            false);

    private final String shortName;
    private final String description;
    private final boolean pools;

    MemoryPolicy(String shortName, String description, boolean pools) {
        this.shortName = shortName;
        this.description = description;
        this.pools = pools;
    }

    public String shortName() {
        return shortName;
    }

    /** One line for help texts and reports. */
    public String description() {
        return description;
    }

    /** True if cores are designated to pools (so every class needs a core in the initial partition). */
    public boolean usesPools() {
        return pools;
    }

    /** A fresh provisioner for one run. */
    public MemoryProvisioner provisioner(MemoryConfig c) {
        return switch (this) {
            case ADAPTIVE -> new OccupancyProvisioner(c);
            case STATIC -> new FixedPools(c);
            case SHARED, SHARED_BACKFILL -> new NoPools();
        };
    }

    /** A fresh dispatcher for one run. */
    public MemoryDispatcher dispatcher() {
        return switch (this) {
            case ADAPTIVE, STATIC -> new PooledFcfs();
            case SHARED -> new SharedFirstFit();
            case SHARED_BACKFILL -> new SharedBackfill();
        };
    }

    public static boolean isRegistered(String name) {
        return find(name) != null;
    }

    /**
     * The policy called {@code name} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the known policies if there is none
     */
    public static MemoryPolicy byName(String name) {
        MemoryPolicy p = find(name);
        if (p == null) {
            throw new IllegalArgumentException("unknown memory policy '" + name + "'; known: " + names());
        }
        return p;
    }

    /** The short names, comma-separated, in registry order. */
    public static String names() {
        StringBuilder sb = new StringBuilder();
        for (MemoryPolicy p : values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(p.shortName);
        }
        return sb.toString();
    }

    private static MemoryPolicy find(String name) {
        if (name == null) {
            return null;
        }
        String n = name.toLowerCase(Locale.ROOT);
        for (MemoryPolicy p : values()) {
            if (p.shortName.equals(n)) {
                return p;
            }
        }
        return null;
    }
}
