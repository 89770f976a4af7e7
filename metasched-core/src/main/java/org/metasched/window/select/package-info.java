/**
 * Choosing n of m items, shared by the window searches: the SSA dynamic programme ({@link
 * org.metasched.window.select.SsaDynamicProgramme}, spec 2.1: exactly n items, maximal sum of values, integer
 * budget; and its top-n shortcut), the cost quantisation that turns real costs and budgets into the DP's integers
 * ({@link org.metasched.window.select.CostQuantizer}, decision D4, or the data's own decimal quantum where that is
 * exact: {@link org.metasched.window.select.DecimalQuantum}) and a stable sort of index arrays by primitive
 * keys ({@link org.metasched.window.select.IndexSort}). Depends on nothing else in metasched.
 */
package org.metasched.window.select;
