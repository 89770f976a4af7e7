package org.metasched.experiments;

import org.metasched.metrics.Verdict;

/**
 * One of a paper's findings judged on our numbers.
 *
 * @param statement what the paper finds, as checked here
 * @param verdict holds with non-overlapping 95 % intervals, in the means only, or fails
 * @param detail our numbers behind the verdict
 */
public record Finding(String statement, Verdict verdict, String detail) {}
