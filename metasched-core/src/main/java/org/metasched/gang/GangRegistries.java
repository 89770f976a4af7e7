package org.metasched.gang;

/**
 * The built-in gang-scheduling strategies by short name: the six queue policies (three orders, each with and
 * without migration), the two local dispatchers and the two start rules. The command line, the experiments and the tests all resolve
 * names here.
 */
public final class GangRegistries {
    /** Queue policies (spec 5.4), each alone or followed by local and external migration (spec 5.5). */
    public static final GangRegistry<GangPolicy> POLICIES = new GangRegistry<GangPolicy>("policy")
            .register(
                    "afcfs",
                    "adapted FCFS: fewest tasks first, then arrival",
                    () -> new GangPolicy(QueuePolicies.AFCFS, false))
            .register(
                    "afcfs-m",
                    "adapted FCFS, then local and external migration of blocked jobs",
                    () -> new GangPolicy(QueuePolicies.AFCFS, true))
            .register(
                    "ljfs",
                    "largest job first served: most tasks first, then arrival",
                    () -> new GangPolicy(QueuePolicies.LJFS, false))
            .register(
                    "ljfs-m",
                    "largest job first served, then local and external migration of blocked jobs",
                    () -> new GangPolicy(QueuePolicies.LJFS, true))
            .register(
                    "lxf",
                    "largest expansion factor (wait + pt) / pt first, then arrival",
                    () -> new GangPolicy(QueuePolicies.LXF, false))
            .register(
                    "lxf-m",
                    "largest expansion factor first, then local and external migration of blocked jobs",
                    () -> new GangPolicy(QueuePolicies.LXF, true));

    /** Local dispatchers (spec 5.3): how a cluster spreads a parallel job's tasks over processor queues. */
    public static final GangRegistry<LocalDispatcher> DISPATCHERS = new GangRegistry<LocalDispatcher>("dispatcher")
            .register(
                    "olb",
                    "opportunistic load balancing: idle processors first, in random order, then busy ones",
                    OpportunisticLoadBalancing::new)
            .register(
                    "jseq",
                    "join the shortest execution queue: processors by least queued plus remaining work",
                    JoinShortestExecutionQueue::new);

    /** Start rules (spec 5.4, D13): when a waiting job may start; the first is the default. */
    public static final GangRegistry<StartRule> START_RULES = new GangRegistry<StartRule>("start rule")
            .register(
                    "queue-heads",
                    "D13 v2, the default: a job starts when each of its tasks heads its processor's queue and those"
                            + " processors are idle",
                    () -> StartRule.QUEUE_HEADS)
            .register(
                    "adapted",
                    "D13 v1: a job starts as soon as its processors are idle, wherever its tasks sit in their queues",
                    () -> StartRule.ADAPTED);

    /** The registered name of {@code rule}. */
    public static String name(StartRule rule) {
        for (GangRegistry.Entry<StartRule> e : START_RULES.entries()) {
            if (e.create() == rule) {
                return e.name();
            }
        }
        throw new IllegalArgumentException("unregistered start rule " + rule);
    }

    private GangRegistries() {}
}
