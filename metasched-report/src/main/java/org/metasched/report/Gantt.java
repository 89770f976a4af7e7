package org.metasched.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A schedule as a Gantt chart: rows are resources (nodes or processors), bars are jobs holding a
 * row or a contiguous range of rows over a time interval. All bars of one job share a colour and
 * are highlighted together in the HTML report.
 *
 * <p>Built with {@link #builder()}. Large schedules are capped: only the first {@link
 * GanttBuilder#limitJobs(int) limitJobs} jobs (by earliest start, ties by the order they were first
 * given) are kept, and the report says "showing the first N of M jobs". Bars are stored in
 * compact parallel arrays, so 100,000 bars cost a few megabytes.
 */
public final class Gantt implements Section {

    /** Default {@link GanttBuilder#limitJobs(int)}. */
    public static final int DEFAULT_JOB_LIMIT = 5000;

    private final String id;
    private final String title;
    private final String timeTitle;
    private final List<String> rows;
    private final List<String> jobIds;
    private final List<Map<String, Object>> jobFields;
    private final int totalJobs;
    private final int totalBars;
    private final int[] barJob;
    private final int[] barRowFrom;
    private final int[] barRowTo;
    private final double[] barStart;
    private final double[] barEnd;
    private final int pngWidth;
    private final int pngHeight;
    private final double axisStart;
    private final double axisEnd;

    Gantt(GanttBuilder b, List<String> jobIds, List<Map<String, Object>> jobFields, int[] keep, int barCount) {
        this.id = b.id;
        this.title = b.title;
        this.timeTitle = b.timeTitle;
        this.rows = b.rows;
        this.jobIds = List.copyOf(jobIds);
        this.jobFields = Collections.unmodifiableList(jobFields);
        this.totalJobs = b.jobIds.size();
        this.totalBars = b.size;
        this.pngWidth = b.pngWidth;
        this.pngHeight = b.pngHeight;
        this.axisStart = b.axisStart;
        this.axisEnd = b.axisEnd;
        barJob = new int[barCount];
        barRowFrom = new int[barCount];
        barRowTo = new int[barCount];
        barStart = new double[barCount];
        barEnd = new double[barCount];
        int k = 0;
        for (int i = 0; i < b.size; i++) {
            int shown = keep[b.job[i]];
            if (shown >= 0) {
                barJob[k] = shown;
                barRowFrom[k] = b.rowFrom[i];
                barRowTo[k] = b.rowTo[i];
                barStart[k] = b.start[i];
                barEnd[k] = b.end[i];
                k++;
            }
        }
    }

    public static GanttBuilder builder() {
        return new GanttBuilder();
    }

    /** File-name-safe id; the PNG is {@code <id>.png}. */
    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    /** Title of the time axis, with its unit. */
    public String timeTitle() {
        return timeTitle;
    }

    /** Row labels, top to bottom. */
    public List<String> rows() {
        return rows;
    }

    /** Ids of the jobs shown, in colour order (job index {@code i} is {@code jobIds().get(i)}). */
    public List<String> jobIds() {
        return jobIds;
    }

    /** Extra fields of the shown job with index {@code jobIndex} (cost, wait ...), in given order. */
    public Map<String, Object> jobFields(int jobIndex) {
        return Collections.unmodifiableMap(jobFields.get(jobIndex));
    }

    /** {@link #jobFields}, the map itself, for the report's writer to read (no view per job). */
    Map<String, Object> jobFieldsRead(int jobIndex) {
        return jobFields.get(jobIndex);
    }

    /** Number of jobs given to the builder, shown or not. */
    public int totalJobs() {
        return totalJobs;
    }

    /** Number of bars given to the builder, shown or not. */
    public int totalBars() {
        return totalBars;
    }

    /** Number of jobs shown. */
    public int shownJobs() {
        return jobIds.size();
    }

    /** Whether jobs were left out by the cap. */
    public boolean isCapped() {
        return shownJobs() < totalJobs;
    }

    /** Number of bars shown. */
    public int barCount() {
        return barJob.length;
    }

    /** Index (into {@link #jobIds()}) of the job of bar {@code i}. */
    public int barJob(int i) {
        return barJob[i];
    }

    public int barRowFrom(int i) {
        return barRowFrom[i];
    }

    public int barRowTo(int i) {
        return barRowTo[i];
    }

    public double barStart(int i) {
        return barStart[i];
    }

    public double barEnd(int i) {
        return barEnd[i];
    }

    /** The shown bars as records (allocates; the indexed accessors do not). */
    public List<GanttBar> bars() {
        List<GanttBar> out = new ArrayList<>(barJob.length);
        for (int i = 0; i < barJob.length; i++) {
            out.add(new GanttBar(jobIds.get(barJob[i]), barRowFrom[i], barRowTo[i], barStart[i], barEnd[i]));
        }
        return out;
    }

    /** Earliest start over the shown bars (0 when there are none). */
    public double minTime() {
        double m = Double.POSITIVE_INFINITY;
        for (double s : barStart) {
            m = Math.min(m, s);
        }
        return barStart.length == 0 ? 0 : m;
    }

    /** Latest end over the shown bars (1 when there are none). */
    public double maxTime() {
        double m = Double.NEGATIVE_INFINITY;
        for (double e : barEnd) {
            m = Math.max(m, e);
        }
        return barEnd.length == 0 ? 1 : m;
    }

    /** Whether the time axis was given ({@link GanttBuilder#timeAxis}) rather than taken from the bars. */
    public boolean hasTimeAxis() {
        return !Double.isNaN(axisStart);
    }

    /** Start of the time axis: the given one ({@link GanttBuilder#timeAxis}), else {@link #minTime()}. */
    public double axisStart() {
        return hasTimeAxis() ? axisStart : minTime();
    }

    /** End of the time axis: the given one ({@link GanttBuilder#timeAxis}), else {@link #maxTime()}. */
    public double axisEnd() {
        return hasTimeAxis() ? axisEnd : maxTime();
    }

    /**
     * Builds Gantt charts that are read side by side (one figure group: the same batch under several schemes) on one
     * time axis, from the earliest start to the latest end of all their bars, so that they can be compared by eye.
     */
    public static List<Gantt> onOneTimeAxis(List<GanttBuilder> group) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (GanttBuilder b : group) {
            for (int i = 0; i < b.size; i++) {
                lo = Math.min(lo, b.start[i]);
                hi = Math.max(hi, b.end[i]);
            }
        }
        List<Gantt> out = new ArrayList<>(group.size());
        for (GanttBuilder b : group) {
            if (lo <= hi) {
                b.timeAxis(lo, hi > lo ? hi : lo + 1);
            }
            out.add(b.build());
        }
        return out;
    }

    public int pngWidth() {
        return pngWidth;
    }

    public int pngHeight() {
        return pngHeight;
    }

    /** The note shown above a capped chart, e.g. "Showing the first 5000 of 12000 jobs ...". */
    public String capNote() {
        return "Showing the first " + shownJobs() + " of " + totalJobs + " jobs (by earliest start; " + barCount()
                + " of " + totalBars + " bars).";
    }
}
