/**
 * The discrete-event engine for job flows on a homogeneous machine. Start from {@link
 * org.metasched.sim.Simulation}: one object per run (no static state), with its own clock and {@link
 * org.metasched.sim.EventQueue}. {@link org.metasched.sim.Event events} are sealed records ({@link
 * org.metasched.sim.JobEnded}, {@link org.metasched.sim.JobSubmitted}, {@link org.metasched.sim.WakeUp}) in the
 * total order {@code (time, priority, sequence)}: at one instant all completions, then all arrivals, then one
 * scheduling pass. A {@link org.metasched.sim.SchedulingPolicy} is a decision function (events in, {@link
 * org.metasched.sim.Decisions} out; Batsim's decision component); the engine applies the decisions, hands out
 * concrete processor ids lowest-first ({@link org.metasched.sim.ProcessorPool}, kept as ranges for Gantt charts)
 * and reports the state after each instant to a {@link org.metasched.sim.SimulationObserver}.
 */
package org.metasched.sim;
