package org.metasched.gang;

/**
 * When a waiting job may start in a scheduling pass (spec 5.4, D13). The names users type are in {@link
 * GangRegistries#START_RULES}: {@code queue-heads} (the default) and {@code adapted}.
 */
public enum StartRule {
    /**
     * D13 v1, kept as an option for comparison ({@code adapted}, Karatza's AFCFS): in the policy's order, a job
     * starts as soon as every processor holding one of its tasks is idle, wherever its tasks sit in those queues;
     * a job that cannot start is skipped.
     */
    ADAPTED,
    /**
     * D13 v2, the spec's rule and the default ({@code queue-heads}, the gang mechanism of P001 Algorithms 5-9): a
     * job starts only when each of its tasks heads (under the policy's order) its processor's queue and every one of
     * those processors is idle, so a blocked job at the head of a queue holds back everything behind it on that
     * processor. Migration (spec 5.5) still starts a migrated job at once.
     */
    QUEUE_HEADS
}
