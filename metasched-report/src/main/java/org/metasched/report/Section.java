package org.metasched.report;

/**
 * One part of a report, shown in the order it was added: a table, a chart, a figure of charts side by side or a Gantt
 * chart.
 */
public sealed interface Section permits Table, Chart, Gantt, Figure {}
