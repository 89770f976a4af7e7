package org.metasched.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rows and bars of a {@link Gantt}, collected ({@link Gantt#builder()}); {@link #build()} validates them and
 * applies the job cap. Its fields are read by {@link Gantt}'s constructor and {@link Gantt#onOneTimeAxis}.
 */
public final class GanttBuilder {
    String id = "gantt";
    String title = "Schedule";
    String timeTitle = "time (s)";
    List<String> rows = List.of();
    private int limitJobs = Gantt.DEFAULT_JOB_LIMIT;
    int pngWidth = 1600;
    int pngHeight = 900;
    double axisStart = Double.NaN;
    double axisEnd = Double.NaN;

    private final Map<String, Integer> jobIndex = new HashMap<>();
    final List<String> jobIds = new ArrayList<>();
    private final List<Map<String, Object>> jobFields = new ArrayList<>();
    /** Whether a built {@link Gantt} holds the maps of {@link #jobFields} (handed over, not copied). */
    private boolean fieldsShared;
    /** The job of the last bar (or fields) given, and its index. */
    private String lastJobId;

    private int lastJobIndex;

    int size;
    int[] job = new int[64];
    int[] rowFrom = new int[64];
    int[] rowTo = new int[64];
    double[] start = new double[64];
    double[] end = new double[64];

    GanttBuilder() {}

    /** File-name-safe id, default {@code "gantt"}; the PNG is {@code <id>.png}. */
    public GanttBuilder id(String id) {
        Chart.checkId(id);
        this.id = id;
        return this;
    }

    /** Heading, default "Schedule". */
    public GanttBuilder title(String title) {
        this.title = Objects.requireNonNull(title, "title");
        return this;
    }

    /** Time axis title with its unit, default "time (s)". */
    public GanttBuilder timeTitle(String timeTitle) {
        this.timeTitle = Objects.requireNonNull(timeTitle, "time axis title");
        return this;
    }

    /** Row labels, top to bottom (node or processor names). */
    public GanttBuilder rows(List<String> rowLabels) {
        this.rows = List.copyOf(rowLabels);
        return this;
    }

    /** Keep at most this many jobs (default {@value #Gantt.DEFAULT_JOB_LIMIT}). */
    public GanttBuilder limitJobs(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limitJobs = " + limit + "; it must be at least 1");
        }
        this.limitJobs = limit;
        return this;
    }

    /** Size of the PNG in pixels, default 1600 x 900. */
    public GanttBuilder pngSize(int width, int height) {
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
    public GanttBuilder timeAxis(double start, double end) {
        if (!Double.isFinite(start) || !Double.isFinite(end) || !(end > start)) {
            throw new IllegalArgumentException(
                    "Gantt '" + id + "': time axis " + start + ".." + end + " must be finite with end > start");
        }
        this.axisStart = start;
        this.axisEnd = end;
        return this;
    }

    /** A bar on one row. */
    public GanttBuilder bar(String jobId, int row, double start, double end) {
        return bar(jobId, row, row, start, end, Map.of());
    }

    /** A bar over the contiguous rows {@code rowFrom..rowTo} (inclusive). */
    public GanttBuilder bar(String jobId, int rowFrom, int rowTo, double start, double end) {
        return bar(jobId, rowFrom, rowTo, start, end, Map.of());
    }

    /**
     * A bar over rows {@code rowFrom..rowTo} with extra fields of its job (cost, wait ...),
     * shown in the tooltip. Fields merge over all bars of a job; the first value of a name wins.
     * They are shown in the map's iteration order: pass a {@code LinkedHashMap} for a fixed
     * order ({@code Map.of} order changes from one JVM run to the next).
     */
    public GanttBuilder bar(String jobId, int rowFrom, int rowTo, double start, double end, Map<String, ?> fields) {
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
    public GanttBuilder job(String jobId, Map<String, ?> fields) {
        return job(indexOf(jobId), fields);
    }

    private GanttBuilder job(int j, Map<String, ?> fields) {
        if (fieldsShared && !fields.isEmpty()) { // a built Gantt holds the maps: they are copied before a change
            jobFields.replaceAll(LinkedHashMap::new);
            fieldsShared = false;
        }
        Map<String, Object> target = jobFields.get(j);
        if (target.isEmpty() && fields instanceof HashMap<String, ?> h && !h.containsKey(null)) {
            target.putAll(h); // the job's first fields, as the loop below puts them, in the JDK's compiled code
            return this;
        }
        for (Map.Entry<String, ?> e : fields.entrySet()) {
            target.putIfAbsent(Objects.requireNonNull(e.getKey(), "field name"), e.getValue());
        }
        return this;
    }

    private int indexOf(String jobId) {
        Objects.requireNonNull(jobId, "job id");
        if (jobId.equals(lastJobId)) { // the bars of a job usually come one after the other
            return lastJobIndex;
        }
        Integer j = jobIndex.get(jobId);
        if (j == null) {
            j = jobIds.size();
            jobIndex.put(jobId, j);
            jobIds.add(jobId);
            jobFields.add(new LinkedHashMap<>());
        }
        lastJobId = jobId;
        lastJobIndex = j;
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
            if (rowFrom[i] < 0 || rowTo[i] >= rows.size() || rowFrom[i] > rowTo[i]) {
                throw new IllegalArgumentException(where(i) + "rows " + rowFrom[i] + ".." + rowTo[i]
                        + " are not a range inside 0.." + (rows.size() - 1));
            }
            if (!Double.isFinite(start[i]) || !Double.isFinite(end[i]) || end[i] < start[i]) {
                throw new IllegalArgumentException(
                        where(i) + "time " + start[i] + ".." + end[i] + " must be finite with end >= start");
            }
            firstStart[job[i]] = Math.min(firstStart[job[i]], start[i]);
        }
        int jobs = jobIds.size();
        int shown = Math.min(limitJobs, jobs);
        boolean[] kept = new boolean[jobs];
        if (shown == jobs) { // the cap does not bind: every job is kept, no order to find
            Arrays.fill(kept, true);
        } else {
            Integer[] order = new Integer[jobs];
            for (int j = 0; j < jobs; j++) {
                order[j] = j;
            }
            // stable sort: ties keep the order the jobs were first given
            Arrays.sort(
                    order,
                    new Comparator<Integer>() { // not a lambda: docs/performance.md, "No lambdas ..."
                        @Override
                        public int compare(Integer a, Integer b) {
                            return Double.compare(firstStart[a], firstStart[b]);
                        }
                    });
            for (int k = 0; k < shown; k++) {
                kept[order[k]] = true;
            }
        }
        // shown jobs keep the order they were given, so colours do not depend on the cap
        int[] keep = new int[jobs];
        List<String> ids = new ArrayList<>(shown);
        List<Map<String, Object>> fields = new ArrayList<>(shown);
        for (int j = 0; j < jobs; j++) {
            if (kept[j]) {
                keep[j] = ids.size();
                ids.add(jobIds.get(j));
                fields.add(jobFields.get(j)); // handed over: the builder copies them before a change
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
        fieldsShared = true;
        return new Gantt(this, ids, fields, keep, barCount);
    }

    /** Names the bar in an error message. */
    private String where(int i) {
        return "Gantt '" + id + "', bar " + i + " of job '" + jobIds.get(job[i]) + "': ";
    }
}
