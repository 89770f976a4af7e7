package org.metasched.flow.window;

import org.metasched.sim.Event;

/** The events of the window flow model ({@link WindowFlow}). */
public sealed interface WindowFlowEvent extends Event permits JobQueued {}
