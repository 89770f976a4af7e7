package org.metasched.memory;

/**
 * Decides which waiting jobs start on which idle cores. A decision function called after every arrival, job end
 * and re-provisioning: it starts, through {@link MemoryDecisions#start}, every job its rule lets start now. Only
 * the head of a class's queue may start, so each queue is served in FCFS order whatever the rule.
 */
public interface MemoryDispatcher {
    void dispatch(ClusterView cluster, MemoryDecisions decisions);
}
