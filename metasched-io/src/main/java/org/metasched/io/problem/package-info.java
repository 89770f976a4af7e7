/**
 * The co-allocation problem file read by {@code metasched select}: a horizon, a geometry, nodes with busy
 * intervals and one job (format in {@code docs/select.md}). Start from {@link
 * org.metasched.io.problem.ProblemReader}.
 */
package org.metasched.io.problem;
