package org.metasched.memory;

import org.metasched.sim.Event;

/** The memory cluster's events: at one instant every completion comes before every arrival. */
public sealed interface MemoryEvent extends Event permits JobCompleted, JobArrived {}
