/**
 * Shared-memory multicore clusters with core pools re-provisioned as queues change: paper P004 (Malih, Levi,
 * Benson-Karhi), spec section 6. N machines of S cores share R GiB each; a job of memory class k runs on one core
 * that owns k's memory; one FCFS queue per class; non-preemptive.
 *
 * <p>Start from {@link org.metasched.memory.MemoryCluster} (the model on the event engine {@code
 * org.metasched.sim.Simulation}; {@code MemoryCluster.of(config, workload).run()}) and {@link
 * org.metasched.memory.MemoryConfig} (every parameter with its default). The policies are decision functions
 * registered by name in {@link org.metasched.memory.MemoryPolicy}: a {@link org.metasched.memory.MemoryProvisioner}
 * decides the pools ({@link org.metasched.memory.OccupancyProvisioner}, the adaptive policy of spec 6.2-6.3 and
 * D19; {@link org.metasched.memory.FixedPools}; {@link org.metasched.memory.NoPools}) and a {@link
 * org.metasched.memory.MemoryDispatcher} who starts where ({@link org.metasched.memory.PooledFcfs}, {@link
 * org.metasched.memory.SharedFirstFit}, {@link org.metasched.memory.SharedBackfill}); both read a {@link
 * org.metasched.memory.ClusterView} and act through {@link org.metasched.memory.MemoryDecisions}, which the model
 * checks. {@link org.metasched.memory.MachineConfigurations} holds the physically valid designations of a machine
 * and the initial partition.
 *
 * <p>Workloads: {@link org.metasched.memory.MemoryStreams} (the stable and the peak Poisson streams of spec 6.6)
 * and {@link org.metasched.memory.SwfMemoryClasses} (trace memory to classes). Results: {@link
 * org.metasched.memory.MemoryJobRecord} per job, {@link org.metasched.memory.MemoryTimeSeries} per instant, {@link
 * org.metasched.memory.MemorySummary} (spec 6.4), {@link org.metasched.memory.DesignationLog}; {@code
 * MemoryScheduleCheck} and {@code SeriesCheck}, in core's test jar, verify the invariants on them.
 */
package org.metasched.memory;
