/**
 * The discrete-event engine, one for every model. Start from {@link org.metasched.sim.Simulation}: one object per
 * run (no static state) that owns the clock, the pending events in the total order {@code (time, priority,
 * sequence)}, the run loop and the {@link org.metasched.sim.SimulationObserver observers}. It knows nothing of
 * processors, jobs or slots: a {@link org.metasched.sim.Model} brings its own sealed {@link
 * org.metasched.sim.Event} records, their handlers and its state, and calls its policies (decision functions that
 * never see the engine) where it decides. Models today: the homogeneous machine ({@code
 * org.metasched.flow.MachineSimulation}) and the window flows of paper P000 ({@code
 * org.metasched.flow.window.WindowFlow}). ENGINEERING.md section 2.
 */
package org.metasched.sim;
