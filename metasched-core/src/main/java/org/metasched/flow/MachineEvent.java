package org.metasched.flow;

import org.metasched.sim.Event;

/**
 * The events of the homogeneous machine model ({@link MachineSimulation}): at one instant all completions come
 * first, then all arrivals, then the wake-ups a policy asked for; then the policy makes one scheduling pass.
 */
public sealed interface MachineEvent extends Event permits JobEnded, JobSubmitted, WakeUp {}
