/**
 * Turns simulation and experiment results into a self-contained interactive HTML report
 * ({@code report.html}, Apache ECharts inlined, no network needed to view it) plus one PNG per
 * chart and per Gantt chart (and, after {@link org.metasched.report.Report#withSvg()}, one SVG).
 *
 * <p>Start from {@link org.metasched.report.Report}: create one, add sections in the order they
 * should appear ({@link org.metasched.report.Report#table table}, {@link
 * org.metasched.report.Report#lineChart lineChart}, {@link org.metasched.report.Report#histogram
 * histogram}, {@link org.metasched.report.Report#gantt gantt} ...), then call {@link
 * org.metasched.report.Report#writeTo(java.nio.file.Path) writeTo}. The input model is small and
 * independent of {@code metasched-core}: {@link org.metasched.report.Series} ((x, y) points),
 * {@link org.metasched.report.Sample} (raw values for histograms and CDFs, see {@link
 * org.metasched.report.Distributions}) and {@link org.metasched.report.Gantt} (bars of jobs on
 * resource rows, built with {@link org.metasched.report.Gantt#builder()}).
 *
 * <p>Package-private helpers do the work: {@code ReportJson} writes the data block, {@code
 * HtmlPage} fills the template {@code report-template.html} (with {@code report-gantt.js} and {@code report.js}),
 * {@code ChartImages} draws charts with XChart and {@code GanttImage} draws the Gantt chart with Java2D,
 * {@code AtomicOutput} writes everything through temporary files. The report format is described
 * in {@code docs/report.md}; the test helper {@code DemoReports} writes demo reports to look at.
 */
package org.metasched.report;
