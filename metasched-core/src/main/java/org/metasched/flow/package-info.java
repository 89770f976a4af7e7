/**
 * Job-flow policies on a homogeneous machine of P processors, as {@link org.metasched.flow.SchedulingPolicy
 * decision functions}: {@link org.metasched.flow.Fcfs}, {@link org.metasched.flow.EasyBackfilling} and {@link
 * org.metasched.flow.ConservativeBackfilling} (Mu'alem and Feitelson, IEEE TPDS 12(6), 2001; spec 2.5 for the
 * conservative driver). Start from {@link org.metasched.flow.FlowPolicy} (the registry by short name) and {@link
 * org.metasched.flow.JobFlowSimulation} (replay a workload and collect the metrics). The machine itself is a model
 * on the event engine: {@link org.metasched.flow.MachineSimulation} with its events {@link
 * org.metasched.flow.MachineEvent} (completions, arrivals, wake-ups), which applies the policy's {@link
 * org.metasched.flow.Decisions} and hands out processor ids lowest-first ({@link
 * org.metasched.flow.ProcessorPool}, kept as ranges for Gantt charts). Semantics shared by all: the queue is
 * ordered by submit time (ties in file order); estimates drive reservations, actual run times drive completions.
 * The heterogeneous P000 policies live in a sub-package.
 */
package org.metasched.flow;
