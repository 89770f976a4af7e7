package org.metasched.gang;

import java.util.function.Supplier;
import org.metasched.registry.Registration;
import org.metasched.registry.Registry;

/**
 * The built-in gang-scheduling strategies by short name, on the shared {@link Registry}: the queue policies (five
 * orders, each with and without migration), the two local dispatchers and the two start rules. The command line, the
 * sweeps, the experiments and the tests all resolve names here, case-insensitively; an unknown name is bad input
 * listing the known ones.
 */
public final class GangRegistries {
    /** Queue policies (spec 5.4), each alone or followed by local and external migration (spec 5.5). */
    public static final Registry<Registration<GangPolicy, Void>> POLICIES = new Registry<>("policy");

    /** Local dispatchers (spec 5.3): how a cluster spreads a parallel job's tasks over processor queues. */
    public static final Registry<Registration<LocalDispatcher, Void>> DISPATCHERS = new Registry<>("dispatcher");

    /** Start rules (spec 5.4, D13): when a waiting job may start; the first is the default. */
    public static final Registry<Registration<StartRule, Void>> START_RULES = new Registry<>("start rule");

    static {
        add(
                POLICIES,
                "afcfs",
                "queue",
                "adapted FCFS: fewest tasks first, then arrival",
                () -> new GangPolicy(QueuePolicies.AFCFS, false));
        add(
                POLICIES,
                "afcfs-m",
                "queue-migration",
                "adapted FCFS, then local and external migration of blocked jobs",
                () -> new GangPolicy(QueuePolicies.AFCFS, true));
        add(
                POLICIES,
                "ljfs",
                "queue",
                "largest job first served: most tasks first, then arrival",
                () -> new GangPolicy(QueuePolicies.LJFS, false));
        add(
                POLICIES,
                "ljfs-m",
                "queue-migration",
                "largest job first served, then local and external migration of blocked jobs",
                () -> new GangPolicy(QueuePolicies.LJFS, true));
        add(
                POLICIES,
                "lxf",
                "queue",
                "largest expansion factor (wait + pt) / pt first, then arrival",
                () -> new GangPolicy(QueuePolicies.LXF, false));
        add(
                POLICIES,
                "lxf-m",
                "queue-migration",
                "largest expansion factor first, then local and external migration of blocked jobs",
                () -> new GangPolicy(QueuePolicies.LXF, true));
        add(
                POLICIES,
                "lxf-est",
                "queue",
                "LXF with the user's estimate (requested time) as t_processing, not the run time",
                () -> new GangPolicy(QueuePolicies.LXF_ESTIMATE, false));
        add(
                POLICIES,
                "lxf-est-m",
                "queue-migration",
                "LXF on the user's estimate, then local and external migration of blocked jobs",
                () -> new GangPolicy(QueuePolicies.LXF_ESTIMATE, true));
        add(
                POLICIES,
                "lxf-printed",
                "queue",
                "P001's Algorithm 7 as printed: its insertion sort puts the smallest expansion factor first",
                () -> new GangPolicy(QueuePolicies.LXF_PRINTED, false));
        add(
                POLICIES,
                "lxf-printed-m",
                "queue-migration",
                "Algorithm 7 as printed, then local and external migration of blocked jobs",
                () -> new GangPolicy(QueuePolicies.LXF_PRINTED, true));
        add(
                DISPATCHERS,
                "olb",
                "dispatcher",
                "opportunistic load balancing: idle processors first, in random order, then busy ones",
                OpportunisticLoadBalancing::new);
        add(
                DISPATCHERS,
                "jseq",
                "dispatcher",
                "join the shortest execution queue: processors by least queued plus remaining work",
                JoinShortestExecutionQueue::new);
        add(
                START_RULES,
                "queue-heads",
                "start-rule",
                "D13 v2, the default: a job starts when each of its tasks heads its processor's queue and those"
                        + " processors are idle",
                () -> StartRule.QUEUE_HEADS);
        add(
                START_RULES,
                "adapted",
                "start-rule",
                "D13 v1: a job starts as soon as its processors are idle, wherever its tasks sit in their queues",
                () -> StartRule.ADAPTED);
    }

    private static <T> void add(
            Registry<Registration<T, Void>> r, String name, String family, String description, Supplier<T> factory) {
        r.register(new Registration<>(name, family, description, x -> factory.get()));
    }

    private GangRegistries() {}
}
