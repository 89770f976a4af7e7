/**
 * Multicluster gang scheduling with migration: paper P001's GSMSim model (spec section 5) on the event engine.
 * Start from {@link org.metasched.gang.GangSimulation#run(GangJobs, GangConfig, int)}: jobs ({@link
 * org.metasched.gang.GangJobs}, from a {@code Workload} or arrays) and one {@link org.metasched.gang.GangConfig}
 * give a {@link org.metasched.gang.GangResult} (summary, per-job and per-task records, utilization per
 * interaction).
 *
 * <p>The decision functions, each testable without the engine: the grid dispatcher {@link
 * org.metasched.gang.LeastLoadedCluster} (5.2, D12); the local dispatchers {@link
 * org.metasched.gang.OpportunisticLoadBalancing} and {@link org.metasched.gang.JoinShortestExecutionQueue} and
 * the {@link org.metasched.gang.SequentialJobRule} (5.3); the queue policies AFCFS, LJFS, LXF ({@link
 * org.metasched.gang.QueuePolicy}, ordered by {@link org.metasched.gang.PriorityOrder}; 5.4, D13, D14); {@link
 * org.metasched.gang.LocalMigration} and {@link org.metasched.gang.ExternalMigration} (5.5). They read the state
 * through {@link org.metasched.gang.GridView}; the model ({@code Grid} state, {@code GangTally} metrics of 5.6,
 * D15, D16) applies their decisions. Names for the command line live in {@link
 * org.metasched.gang.GangRegistries}. {@code GangScheduleCheck}, in core's test jar beside flow's {@code
 * ScheduleCheck}, verifies the invariants of a schedule from its records.
 */
package org.metasched.gang;
