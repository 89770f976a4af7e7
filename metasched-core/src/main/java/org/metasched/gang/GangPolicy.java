package org.metasched.gang;

/**
 * A registered scheduling policy of the gang model: the order of the waiting jobs (the queue policy of spec 5.4)
 * and whether local and external migration (spec 5.5) run after each scheduling pass. The registry names are
 * {@code afcfs}, {@code ljfs}, {@code lxf} and, with migration, {@code afcfs-m}, {@code ljfs-m}, {@code lxf-m}
 * ({@link GangRegistries#POLICIES}).
 *
 * @param queuePolicy the priority order of waiting jobs
 * @param migration true for the paper's "m" variants (AFCFSm, LJFSm, LXFm)
 */
public record GangPolicy(QueuePolicy queuePolicy, boolean migration) {
    public GangPolicy {
        if (queuePolicy == null) {
            throw new IllegalArgumentException("a gang policy needs a queue policy");
        }
    }
}
