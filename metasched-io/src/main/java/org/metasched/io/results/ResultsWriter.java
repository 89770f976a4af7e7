package org.metasched.io.results;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import org.metasched.io.HashedOutputStream;
import org.metasched.io.swf.ReaderCounts;
import org.metasched.metrics.Distribution;
import org.metasched.metrics.JobTable;
import org.metasched.metrics.RunResult;
import org.metasched.metrics.RunSummary;
import org.metasched.metrics.StateTally;
import org.metasched.metrics.TimeSeries;

/**
 * The result files of one simulation run: {@code jobs.csv}, {@code summary.json} and {@code timeseries.csv}
 * (columns documented in {@code docs/outputs.md}), written into a directory that {@link
 * org.metasched.io.OutputDirectory} puts in place as a whole.
 */
public final class ResultsWriter {
    public static final String JOBS = "jobs.csv";
    public static final String SUMMARY = "summary.json";
    public static final String SERIES = "timeseries.csv";

    /** The columns of {@code jobs.csv}, in order. */
    public static final String JOBS_HEADER = "id,submit,start,end,processors,runtime,estimate,wait,response,slowdown,"
            + "boundedSlowdown,killed,allocatedProcessors";

    private ResultsWriter() {}

    /** {@code jobs.csv} made before its directory ({@link JobsCsvFormatter}): puts it at the path given. */
    @FunctionalInterface
    public interface JobsFile {
        void writeTo(Path file) throws IOException;
    }

    /** Writes the three result files into {@code dir}, which exists. */
    public static void writeInto(Path dir, RunResult result, ReaderCounts counts) throws IOException {
        writeInto(dir, result, counts, null);
    }

    /**
     * {@link #writeInto(Path, RunResult, ReaderCounts)}, with {@code jobs.csv} already formatted and hashed ({@link
     * JobsCsvFormatter#await()}; null: formatted here).
     */
    public static void writeInto(Path dir, RunResult result, ReaderCounts counts, JobsFile jobs) throws IOException {
        if (jobs != null) {
            jobs.writeTo(dir.resolve(JOBS));
        } else {
            writeJobs(dir.resolve(JOBS), result);
        }
        writeSummary(dir.resolve(SUMMARY), result.summary(), counts);
        writeSeries(dir.resolve(SERIES), result.series(), result.summary().processors());
    }

    static void writeJobs(Path file, RunResult result) throws IOException {
        try (OutputStream out = HashedOutputStream.open(file)) { // hashed for the manifest beside the writing
            writeJobs(out, result.table());
        }
    }

    /**
     * {@code jobs.csv} straight from the job table's columns, through one buffer that is handed to {@code out}
     * whenever it holds {@link CsvColumns#CHUNK} bytes (no object or string per job). The one CSV written by hand
     * rather than through {@link CsvColumns}: it is the hot path of {@code simulate} on real traces (measured by
     * {@code ResultsWriteBenchmark}, docs/performance.md), read by index from the table's arrays with no boxed row.
     */
    public static void writeJobs(OutputStream out, JobTable t) throws IOException {
        AsciiBuffer b = jobsBuffer();
        appendJobs(b, t, 0, t.size(), out);
        b.writeTo(out);
    }

    /** A buffer for {@link #appendJobs}, holding {@code jobs.csv}'s header line. */
    static AsciiBuffer jobsBuffer() {
        AsciiBuffer b = new AsciiBuffer(CsvColumns.CHUNK + 4096);
        b.append(JOBS_HEADER).append('\n');
        return b;
    }

    /**
     * Appends the lines of jobs {@code from .. to-1} to {@code b}, handing it to {@code out} whenever it holds {@link
     * CsvColumns#CHUNK} bytes (what is left stays in {@code b}).
     */
    static void appendJobs(AsciiBuffer b, JobTable t, int from, int to, OutputStream out) throws IOException {
        for (int j = from; j < to; j++) {
            b.append(t.id(j)).append(',');
            b.append(t.submitSeconds(j)).append(',');
            b.append(t.startSeconds(j)).append(',');
            b.append(t.endSeconds(j)).append(',');
            b.append(t.processors(j)).append(',');
            b.append(t.runtimeSeconds(j)).append(',');
            b.append(t.estimateSeconds(j)).append(',');
            b.append(t.waitSeconds(j)).append(',');
            b.append(t.responseSeconds(j)).append(',');
            b.appendFixed6(t.slowdown(j)).append(',');
            b.appendFixed6(t.boundedSlowdown(j)).append(',');
            b.append(t.killed(j) ? "true" : "false").append(',');
            for (int k = 0; k < t.rangeCount(j); k++) {
                int first = t.rangeFirst(j, k);
                int last = t.rangeLast(j, k);
                if (k > 0) {
                    b.append(' ');
                }
                b.append(first);
                if (last != first) {
                    b.append('-').append(last);
                }
            }
            b.append('\n');
            if (b.size() >= CsvColumns.CHUNK) {
                b.writeTo(out);
            }
        }
    }

    static void writeSeries(Path file, TimeSeries s, int processors) throws IOException {
        // classes, not lambdas: simulate links none (docs/performance.md, "No lambdas on simulate's path")
        CsvColumns.<Integer>of()
                .integer("time", new ToLongFunction<>() {
                    @Override
                    public long applyAsLong(Integer i) {
                        return (long) s.timeSeconds(i);
                    }
                })
                .fixed6("utilization", new ToDoubleFunction<>() {
                    @Override
                    public double applyAsDouble(Integer i) {
                        return (double) s.value(i, StateTally.BUSY) / processors;
                    }
                })
                .integer("waiting", count(s, StateTally.WAITING))
                .integer("running", count(s, StateTally.RUNNING))
                .write(file, CsvColumns.indices(s.size()));
    }

    /** The series' count of {@code state} at a point. */
    private static ToLongFunction<Integer> count(TimeSeries s, int state) {
        return new ToLongFunction<>() {
            @Override
            public long applyAsLong(Integer i) {
                return s.value(i, state);
            }
        };
    }

    static void writeSummary(Path file, RunSummary s, ReaderCounts counts) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writeSummary(w, s, counts);
            w.write('\n');
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * The summary exactly as in {@code summary.json} (without the final line break). Written by {@link PlainJson},
     * in {@link org.metasched.io.JsonOutput#files}' layout, so that a run without a report does not load Jackson.
     */
    public static void writeSummary(Writer out, RunSummary s, ReaderCounts counts) {
        PlainJson g = new PlainJson(out);
        g.startObject();
        g.property("workload", s.workload());
        g.property("policy", s.policy());
        g.property("processors", s.processors());
        g.property("jobs", s.jobs());
        g.property("skipped", counts.skipped());
        g.property("rejected", counts.rejected());
        g.property("adjusted", counts.adjusted());
        g.property("killed", s.killed());
        g.property("meanWait", s.waitSeconds().mean());
        g.property("meanResponse", s.responseSeconds().mean());
        g.property("meanBoundedSlowdown", s.boundedSlowdown().mean());
        g.property("utilization", s.utilization());
        g.property("makespan", s.makespanSeconds());
        g.property("firstSubmit", s.firstSubmitSeconds());
        g.property("lastEnd", s.lastEndSeconds());
        g.property("lossOfCapacityPercent", s.lossOfCapacityPercent());
        distribution(g, "wait", s.waitSeconds());
        distribution(g, "response", s.responseSeconds());
        distribution(g, "boundedSlowdown", s.boundedSlowdown());
        g.name("recordCounts").startObject();
        for (Map.Entry<String, Long> e : counts.byRule().entrySet()) {
            g.property(e.getKey(), e.getValue());
        }
        g.endObject();
        g.endObject();
    }

    private static void distribution(PlainJson g, String name, Distribution d) {
        g.name(name).startObject();
        g.property("mean", d.mean());
        g.property("p50", d.p50());
        g.property("p90", d.p90());
        g.property("p99", d.p99());
        g.property("max", d.max());
        g.endObject();
    }
}
