/**
 * Batch scheduling in virtual organizations (paper P002; spec 3.4-3.7, decisions D8, D9): a batch of jobs planned
 * together over priced, partly busy nodes. Start from {@link org.metasched.batch.BatchScheduler}: the schemes
 * {@code css}, {@code slicer}, {@code bsf} and {@code backfill} over one slot list. The pieces:
 * {@link org.metasched.batch.AlternativesSearch} (round-robin, pairwise slot-disjoint alternatives, spec 3.4) and
 * {@link org.metasched.batch.CssDynamicProgramme} (the combination DP for the four VO problems of {@link
 * org.metasched.batch.CssProblem}, spec 3.5).
 */
package org.metasched.batch;
