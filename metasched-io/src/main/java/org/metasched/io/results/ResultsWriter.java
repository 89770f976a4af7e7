package org.metasched.io.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.metasched.metrics.Distribution;
import org.metasched.metrics.JobRecord;
import org.metasched.metrics.RunResult;
import org.metasched.metrics.RunSummary;
import org.metasched.metrics.TimeSeries;

/**
 * Writes one run's results into a directory: {@code jobs.csv}, {@code summary.json} and {@code timeseries.csv}
 * (columns documented in {@code docs/outputs.md}). Nothing is written half: the files go into a temporary
 * directory next to the target, which is renamed into place only when all files are complete; a previous
 * directory of the same name is replaced only then.
 */
public final class ResultsWriter {
    public static final String JOBS = "jobs.csv";
    public static final String SUMMARY = "summary.json";
    public static final String SERIES = "timeseries.csv";

    /** The columns of {@code jobs.csv}, in order. */
    public static final String JOBS_HEADER = "id,submit,start,end,processors,runtime,estimate,wait,response,slowdown,"
            + "boundedSlowdown,killed,allocatedProcessors";

    private ResultsWriter() {}

    /**
     * Writes {@code result} into {@code directory} (created, or replaced as a whole).
     *
     * @throws IllegalArgumentException if {@code directory} exists but is not an earlier results directory (a
     *     file, or a directory holding anything but the three result files): it is never replaced then
     */
    public static void write(Path directory, RunResult result) {
        write(directory, result, dir -> {});
    }

    /** Writes more files (a report) into the results directory before it is put in place. */
    @FunctionalInterface
    public interface Extra {
        void writeInto(Path dir) throws IOException;
    }

    /**
     * Writes {@code result} and whatever {@code extra} writes into {@code directory}, all or nothing: the files go
     * into a temporary sibling that replaces {@code directory} only when complete.
     */
    public static void write(Path directory, RunResult result, Extra extra) {
        Path target = directory.toAbsolutePath().normalize();
        Path parent = target.getParent();
        if (parent == null) {
            throw new IllegalArgumentException("--out " + directory + ": cannot write results into the root directory");
        }
        checkReplaceable(directory, target);
        Path tmp = null;
        try {
            Files.createDirectories(parent);
            tmp = freshSibling(target, ".tmp-");
            Path dir = tmp;
            // the result files are written on a second thread while extra (a report, mostly drawing) runs
            FutureTask<Void> files = new FutureTask<>(() -> {
                writeJobs(dir.resolve(JOBS), result);
                writeSummary(dir.resolve(SUMMARY), result.summary());
                writeSeries(dir.resolve(SERIES), result.series());
                return null;
            });
            Thread writer = new Thread(files, "results-writer");
            writer.setDaemon(true);
            writer.start();
            try {
                extra.writeInto(tmp);
            } finally {
                await(files); // also when extra failed: the directory is deleted only after the writer is done
            }
            Path old = null;
            if (Files.exists(target)) {
                old = freshSibling(target, ".old-");
                Files.delete(old);
                Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            tmp = null;
            if (old != null) {
                deleteTree(old);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + directory + ": " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    deleteTree(tmp);
                } catch (IOException ignored) {
                    // best effort: the temporary directory is hidden and named as such
                }
            }
        }
    }

    private static void await(FutureTask<Void> task) throws IOException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    task.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true; // keep waiting: the task writes into a directory about to be moved
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    if (e.getCause() instanceof RuntimeException re) {
                        throw re;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new IOException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static void writeJobs(Path file, RunResult result) throws IOException {
        AsciiBuffer b = new AsciiBuffer(64 + 96 * result.jobs().size());
        b.append(JOBS_HEADER).append('\n');
        for (JobRecord r : result.jobs()) {
            b.append(r.id()).append(',');
            b.append(r.submitSeconds()).append(',');
            b.append(r.startSeconds()).append(',');
            b.append(r.endSeconds()).append(',');
            b.append(r.processors()).append(',');
            b.append(r.runtimeSeconds()).append(',');
            b.append(r.estimateSeconds()).append(',');
            b.append(r.waitSeconds()).append(',');
            b.append(r.responseSeconds()).append(',');
            b.appendFixed6(r.slowdown()).append(',');
            b.appendFixed6(r.boundedSlowdown()).append(',');
            b.append(r.killed() ? "true" : "false").append(',');
            b.append(r.allocatedProcessors()).append('\n');
        }
        b.writeTo(file);
    }

    static void writeSeries(Path file, TimeSeries s) throws IOException {
        AsciiBuffer b = new AsciiBuffer(64 + 40 * s.size());
        b.append("time,utilization,waiting,running\n");
        for (int i = 0; i < s.size(); i++) {
            b.append(s.timeSeconds(i)).append(',');
            b.appendFixed6(s.utilization(i)).append(',');
            b.append(s.waitingJobs(i)).append(',');
            b.append(s.runningJobs(i)).append('\n');
        }
        b.writeTo(file);
    }

    static void writeSummary(Path file, RunSummary s) throws IOException {
        Files.writeString(file, JsonText.of(summaryTree(s)), StandardCharsets.UTF_8);
    }

    /** The summary as an ordered map, exactly as written to {@code summary.json}. */
    public static Map<String, Object> summaryTree(RunSummary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", s.workload());
        m.put("policy", s.policy());
        m.put("processors", s.processors());
        m.put("jobs", s.jobs());
        m.put("skipped", s.skipped());
        m.put("rejected", s.rejected());
        m.put("adjusted", s.adjusted());
        m.put("killed", s.killed());
        m.put("meanWait", s.waitSeconds().mean());
        m.put("meanResponse", s.responseSeconds().mean());
        m.put("meanBoundedSlowdown", s.boundedSlowdown().mean());
        m.put("utilization", s.utilization());
        m.put("makespan", s.makespanSeconds());
        m.put("firstSubmit", s.firstSubmitSeconds());
        m.put("lastEnd", s.lastEndSeconds());
        m.put("lossOfCapacityPercent", s.lossOfCapacityPercent());
        m.put("wait", distribution(s.waitSeconds()));
        m.put("response", distribution(s.responseSeconds()));
        m.put("boundedSlowdown", distribution(s.boundedSlowdown()));
        m.put("recordCounts", new LinkedHashMap<>(s.recordCounts()));
        return m;
    }

    private static Map<String, Object> distribution(Distribution d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mean", d.mean());
        m.put("p50", d.p50());
        m.put("p90", d.p90());
        m.put("p99", d.p99());
        m.put("max", d.max());
        return m;
    }

    /**
     * Fails fast, before any work, if {@link #write} would refuse {@code directory}.
     *
     * @throws IllegalArgumentException as {@link #write} would
     */
    public static void requireWritable(Path directory) {
        checkReplaceable(directory, directory.toAbsolutePath().normalize());
    }

    /** The files a results directory holds: the three result files, the report and its PNG images. */
    static boolean isResultFile(String name) {
        return name.equals(JOBS)
                || name.equals(SUMMARY)
                || name.equals(SERIES)
                || name.equals("report.html")
                || name.endsWith(".png");
    }

    /** Refuses to replace anything but a missing, empty or earlier results directory. */
    private static void checkReplaceable(Path given, Path target) {
        if (!Files.exists(target)) {
            return;
        }
        if (!Files.isDirectory(target)) {
            throw new IllegalArgumentException(
                    "--out " + given + ": exists and is not a directory; choose another" + " output directory");
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(target)) {
            for (Path c : ds) {
                String n = c.getFileName().toString();
                if (!isResultFile(n) || Files.isDirectory(c)) {
                    throw new IllegalArgumentException("--out " + given + ": exists and holds '" + n
                            + "', which is not a result file; refusing to replace it (choose a new or empty"
                            + " directory)");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + given + ": " + e.getMessage(), e);
        }
    }

    /**
     * Creates a new hidden directory next to {@code target}, named after it, this process and a counter.
     * (Not {@code Files.createTempDirectory}: seeding its SecureRandom costs a noticeable part of a one-second
     * run.)
     */
    private static Path freshSibling(Path target, String infix) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int i = 0; ; i++) {
            Path p = target.resolveSibling("." + target.getFileName() + infix + pid + "-" + i);
            try {
                return Files.createDirectory(p);
            } catch (FileAlreadyExistsException e) {
                if (i > 1000) {
                    throw e;
                }
            }
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (Files.isDirectory(p)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(p)) {
                for (Path c : ds) {
                    deleteTree(c);
                }
            }
        }
        Files.deleteIfExists(p);
    }
}
