/**
 * Job flows on heterogeneous domains where each job's window is chosen by a {@link
 * org.metasched.window.WindowSearch}. {@link org.metasched.flow.window.WindowBackfilling} is the conservative
 * backfilling driver of paper P000 (spec 2.5): jobs in priority order each reserve the window the search picks
 * among all idle slots, so later jobs fill gaps before earlier reservations but never move them. Each run is a
 * {@link org.metasched.flow.window.WindowFlow} model on the event engine (static queue or arrivals).
 */
package org.metasched.flow.window;
