/**
 * The placement criteria of the SSA scan (spec 2.3-2.4, paper P000 section 4.1 and Table 1), one class each
 * behind {@link org.metasched.window.criterion.PlacementCriterion}: BFstart, BFfinish, BFshort, PAST, CoP, L_sum,
 * L_minsum. Pure functions of one slot; the scan itself is {@code org.metasched.window.SsaWindowSearch}.
 */
package org.metasched.window.criterion;
