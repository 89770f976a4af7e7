package org.metasched.gang;

/** When a waiting job may start in a scheduling pass (spec 5.4). */
public enum StartRule {
    /**
     * The spec's adapted pass (D13, Karatza's AFCFS): in the policy's order, a job starts as soon as every processor
     * holding one of its tasks is idle, wherever its tasks sit in those queues; a job that cannot start is skipped.
     */
    ADAPTED,
    /**
     * Not the spec's rule; an option to study the paper's numbers: a job starts only when, in addition, it heads
     * (under the policy's order) the queue of every processor holding one of its tasks, so a blocked job at the
     * head of a queue holds back everything behind it on that processor. Migration still starts a migrated job at
     * once.
     */
    QUEUE_HEADS
}
