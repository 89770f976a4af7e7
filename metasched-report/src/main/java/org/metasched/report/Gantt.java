package org.metasched.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A schedule as a Gantt chart: rows are resources (nodes or processors), bars are jobs holding a
 * row or a contiguous range of rows over a time interval. All bars of one job share a colour and
 * are highlighted together in the HTML report.
 *
 * <p>Built with {@link #builder()}. Large schedules are capped: only the first {@link
 * Builder#limitJobs(int) limitJobs} jobs (by earliest start, ties by the order they were first
 * given) are kept, and the report says "showing the first N of M jobs". Bars are stored in
 * compact parallel arrays, so 100,000 bars cost a few megabytes.
 */
public final class Gantt implements Section {

    /** Default {@link Builder#limitJobs(int)}. */
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

    private Gantt(Builder b, List<String> jobIds, List<Map<String, Object>> jobFields, int[] keep, int barCount) {
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

    public static Builder builder() {
        return new Builder();
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

    /** Whether the time axis was given ({@link Builder#timeAxis}) rather than taken from the bars. */
    public boolean hasTimeAxis() {
        return !Double.isNaN(axisStart);
    }

    /** Start of the time axis: the given one ({@link Builder#timeAxis}), else {@link #minTime()}. */
    public double axisStart() {
        return hasTimeAxis() ? axisStart : minTime();
    }

    /** End of the time axis: the given one ({@link Builder#timeAxis}), else {@link #maxTime()}. */
    public double axisEnd() {
        return hasTimeAxis() ? axisEnd : maxTime();
    }

    /**
     * Builds Gantt charts that are read side by side (one figure group: the same batch under several schemes) on one
     * time axis, from the earliest start to the latest end of all their bars, so that they can be compared by eye.
     */
    public static List<Gantt> onOneTimeAxis(List<Builder> group) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Builder b : group) {
            for (int i = 0; i < b.size; i++) {
                lo = Math.min(lo, b.start[i]);
                hi = Math.max(hi, b.end[i]);
            }
        }
        List<Gantt> out = new ArrayList<>(group.size());
        for (Builder b : group) {
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

    /** Collects rows and bars; validates everything in {@link #build()}. */
    public static final class Builder {
        private String id = "gantt";
        private String title = "Schedule";
        private String timeTitle = "time (s)";
        private List<String> rows = List.of();
        private int limitJobs = DEFAULT_JOB_LIMIT;
        private int pngWidth = 1600;
        private int pngHeight = 900;
        private double axisStart = Double.NaN;
        private double axisEnd = Double.NaN;

        private final Map<String, Integer> jobIndex = new HashMap<>();
        private final List<String> jobIds = new ArrayList<>();
        private final List<Map<String, Object>> jobFields = new ArrayList<>();
        private int size;
        private int[] job = new int[64];
        private int[] rowFrom = new int[64];
        private int[] rowTo = new int[64];
        private double[] start = new double[64];
        private double[] end = new double[64];

        private Builder() {}

        /** File-name-safe id, default {@code "gantt"}; the PNG is {@code <id>.png}. */
        public Builder id(String id) {
            Chart.checkId(id);
            this.id = id;
            return this;
        }

        /** Heading, default "Schedule". */
        public Builder title(String title) {
            this.title = Objects.requireNonNull(title, "title");
            return this;
        }

        /** Time axis title with its unit, default "time (s)". */
        public Builder timeTitle(String timeTitle) {
            this.timeTitle = Objects.requireNonNull(timeTitle, "time axis title");
            return this;
        }

        /** Row labels, top to bottom (node or processor names). */
        public Builder rows(List<String> rowLabels) {
            this.rows = List.copyOf(rowLabels);
            return this;
        }

        /** Keep at most this many jobs (default {@value #DEFAULT_JOB_LIMIT}). */
        public Builder limitJobs(int limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("limitJobs = " + limit + "; it must be at least 1");
            }
            this.limitJobs = limit;
            return this;
        }

        /** Size of the PNG in pixels, default 1600 x 900. */
        public Builder pngSize(int width, int height) {
            if (width < 200 || height < 150) {
                throw new IllegalArgumentException(
                        "Gantt PNG size " + width + "x" + height + " is too small; use at least 200x150");
            }
            this.pngWidth = width;
            this.pngHeight = height;
            return this;
        }

        /**
         * The time axis from {@code start} to {@code end} instead of the bars' own span (e.g. one axis for the Gantt
         * charts of a figure group, {@link Gantt#onOneTimeAxis}); bars outside it are clipped.
         */
        public Builder timeAxis(double start, double end) {
            if (!Double.isFinite(start) || !Double.isFinite(end) || !(end > start)) {
                throw new IllegalArgumentException(
                        "Gantt '" + id + "': time axis " + start + ".." + end + " must be finite with end > start");
            }
            this.axisStart = start;
            this.axisEnd = end;
            return this;
        }

        /** A bar on one row. */
        public Builder bar(String jobId, int row, double start, double end) {
            return bar(jobId, row, row, start, end, Map.of());
        }

        /** A bar over the contiguous rows {@code rowFrom..rowTo} (inclusive). */
        public Builder bar(String jobId, int rowFrom, int rowTo, double start, double end) {
            return bar(jobId, rowFrom, rowTo, start, end, Map.of());
        }

        /**
         * A bar over rows {@code rowFrom..rowTo} with extra fields of its job (cost, wait ...),
         * shown in the tooltip. Fields merge over all bars of a job; the first value of a name wins.
         * They are shown in the map's iteration order: pass a {@code LinkedHashMap} for a fixed
         * order ({@code Map.of} order changes from one JVM run to the next).
         */
        public Builder bar(String jobId, int rowFrom, int rowTo, double start, double end, Map<String, ?> fields) {
            int j = indexOf(jobId);
            job(j, fields);
            if (size == job.length) {
                int n = size * 2;
                job = Arrays.copyOf(job, n);
                this.rowFrom = Arrays.copyOf(this.rowFrom, n);
                this.rowTo = Arrays.copyOf(this.rowTo, n);
                this.start = Arrays.copyOf(this.start, n);
                this.end = Arrays.copyOf(this.end, n);
            }
            job[size] = j;
            this.rowFrom[size] = rowFrom;
            this.rowTo[size] = rowTo;
            this.start[size] = start;
            this.end[size] = end;
            size++;
            return this;
        }

        /** Extra fields of a job, shown in its tooltip; merged with fields given with its bars. */
        public Builder job(String jobId, Map<String, ?> fields) {
            return job(indexOf(jobId), fields);
        }

        private Builder job(int j, Map<String, ?> fields) {
            Map<String, Object> target = jobFields.get(j);
            for (Map.Entry<String, ?> e : fields.entrySet()) {
                target.putIfAbsent(Objects.requireNonNull(e.getKey(), "field name"), e.getValue());
            }
            return this;
        }

        private int indexOf(String jobId) {
            Objects.requireNonNull(jobId, "job id");
            Integer j = jobIndex.get(jobId);
            if (j == null) {
                j = jobIds.size();
                jobIndex.put(jobId, j);
                jobIds.add(jobId);
                jobFields.add(new LinkedHashMap<>());
            }
            return j;
        }

        /** Validates the bars against the rows and applies the job cap. */
        public Gantt build() {
            if (rows.isEmpty()) {
                throw new IllegalArgumentException(
                        "Gantt '" + id + "' has no rows; call rows(...) with the" + " resource names");
            }
            double[] firstStart = new double[jobIds.size()];
            Arrays.fill(firstStart, Double.POSITIVE_INFINITY);
            for (int i = 0; i < size; i++) {
                String where = "Gantt '" + id + "', bar " + i + " of job '" + jobIds.get(job[i]) + "': ";
                if (rowFrom[i] < 0 || rowTo[i] >= rows.size() || rowFrom[i] > rowTo[i]) {
                    throw new IllegalArgumentException(where + "rows " + rowFrom[i] + ".." + rowTo[i]
                            + " are not a range inside 0.." + (rows.size() - 1));
                }
                if (!Double.isFinite(start[i]) || !Double.isFinite(end[i]) || end[i] < start[i]) {
                    throw new IllegalArgumentException(
                            where + "time " + start[i] + ".." + end[i] + " must be finite with end >= start");
                }
                firstStart[job[i]] = Math.min(firstStart[job[i]], start[i]);
            }
            Integer[] order = new Integer[jobIds.size()];
            for (int j = 0; j < order.length; j++) {
                order[j] = j;
            }
            // stable sort: ties keep the order the jobs were first given
            Arrays.sort(order, (a, b) -> Double.compare(firstStart[a], firstStart[b]));
            int shown = Math.min(limitJobs, order.length);
            boolean[] kept = new boolean[order.length];
            for (int k = 0; k < shown; k++) {
                kept[order[k]] = true;
            }
            // shown jobs keep the order they were given, so colours do not depend on the cap
            int[] keep = new int[order.length];
            List<String> ids = new ArrayList<>(shown);
            List<Map<String, Object>> fields = new ArrayList<>(shown);
            for (int j = 0; j < order.length; j++) {
                if (kept[j]) {
                    keep[j] = ids.size();
                    ids.add(jobIds.get(j));
                    fields.add(Collections.unmodifiableMap(new LinkedHashMap<>(jobFields.get(j))));
                } else {
                    keep[j] = -1;
                }
            }
            int barCount = 0;
            for (int i = 0; i < size; i++) {
                if (keep[job[i]] >= 0) {
                    barCount++;
                }
            }
            return new Gantt(this, ids, fields, keep, barCount);
        }
    }
}
