package org.metasched.gang;

import org.metasched.sim.Event;

/**
 * The events of the gang model: at one instant every task end ({@link TaskEnded}, priority 0) comes before every
 * arrival ({@link JobArrived}, priority 1); spec 5.5 edge cases: completions, then arrivals, then one scheduling
 * hierarchy at the end of the instant.
 */
sealed interface GangEvent extends Event permits TaskEnded, JobArrived {}
