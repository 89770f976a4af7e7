/**
 * Window search: choosing n simultaneously free slots for one job. Start from {@link
 * org.metasched.window.WindowSearch} and the registry {@link org.metasched.window.WindowSearches}, which maps the
 * short names used by the CLI, scenario files and tests to implementations:
 *
 * <ul>
 *   <li>{@link org.metasched.window.SsaWindowSearch}: the SSA scan over window start times (spec 2.2) with a
 *       placement criterion ({@code org.metasched.window.criterion}: BFstart, BFfinish, BFshort, PAST, CoP,
 *       L_sum, L_minsum; spec 2.3-2.4, paper P000) and the SSA dynamic programme ({@code
 *       org.metasched.window.select}, spec 2.1);
 *   <li>{@link org.metasched.window.AepWindowSearch}: the AEP scan (spec 3.1, paper P002 Algorithm 1) with a
 *       selection strategy ({@code org.metasched.window.aep}: AMP, ALP, MinCost, MinRunTime, MinFinish,
 *       MinProcTime; spec 3.2);
 *   <li>{@link org.metasched.window.CsaWindowSearch}: repeated AMP on a shrinking slot list (spec 3.2.3).
 * </ul>
 *
 * <p>Dependencies point down: this package uses its three sub-packages, which never use it.
 */
package org.metasched.window;
