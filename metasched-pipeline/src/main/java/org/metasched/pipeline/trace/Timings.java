package org.metasched.pipeline.trace;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The wall time of a command's stages: start-up to {@code main}, command parsing, trace read, schedule, metrics,
 * files, report. Always recorded (a few clock reads per command, nothing per job) and printed on standard error
 * at the end when asked for: environment variable {@code METASCHED_TIMINGS=1}, or {@code simulate --timings}.
 * A stage run more than once (the cells of a sweep) is shown once, with its total and its count; stages that ran
 * side by side on two threads (the result files beside the report) overlap, so the stages may add up to more than
 * the total.
 *
 * <p>Start-up is read after the fact: the JVM's start time (its runtime bean, loaded only when the table is
 * printed) against the clock at {@code main}, and the launcher's start from {@code METASCHED_LAUNCHED}, which the
 * launcher script sets (bash's {@code EPOCHREALTIME}).
 */
public final class Timings {
    /** The environment variable that asks for the table. */
    public static final String ENVIRONMENT = "METASCHED_TIMINGS";

    /** Set by the launcher script: when it started, seconds since the epoch with a fraction. */
    static final String LAUNCHED = "METASCHED_LAUNCHED";

    private static final Map<String, long[]> STAGES = new LinkedHashMap<>(); // name -> {nanos, count}
    private static long mainNanos = System.nanoTime();
    private static long mainMillis = System.currentTimeMillis();
    private static volatile boolean requested;

    private Timings() {}

    /** Called first thing in {@code main}: the reference for "start-up to main" and the total. */
    public static void mainStarted() {
        mainNanos = System.nanoTime();
        mainMillis = System.currentTimeMillis();
    }

    /** The clock reading at {@code main}. */
    public static long mainNanos() {
        return mainNanos;
    }

    /** A clock reading to pass to {@link #record} when the stage ends. */
    public static long start() {
        return System.nanoTime();
    }

    /** Adds the time from {@code startNanos} to now to {@code stage}. */
    public static void record(String stage, long startNanos) {
        add(stage, System.nanoTime() - startNanos);
    }

    /** Adds {@code elapsed} nanoseconds to {@code stage}. */
    public static void add(String stage, long elapsed) {
        synchronized (STAGES) {
            long[] v = STAGES.computeIfAbsent(stage, k -> new long[2]);
            v[0] += elapsed;
            v[1]++;
        }
    }

    /** Asks for the table whatever the environment says ({@code --timings}). */
    public static void request() {
        requested = true;
    }

    /** Whether the table will be printed. */
    public static boolean requested() {
        if (requested) {
            return true;
        }
        String env = System.getenv(ENVIRONMENT);
        return env != null && !env.isEmpty() && !env.equals("0");
    }

    /** Prints the table on {@code err} if it was asked for; called once, at the end of {@code main}. */
    public static void printIfRequested(PrintStream err) {
        if (!requested()) {
            return;
        }
        long totalNanos = System.nanoTime() - mainNanos;
        List<String> lines = new ArrayList<>();
        lines.add("metasched timings (wall time, ms):");
        double launched = launchedMillis();
        long jvmStart = jvmStartMillis();
        if (!Double.isNaN(launched) && jvmStart > 0) {
            lines.add(row("launcher script", jvmStart - launched, ""));
        }
        if (jvmStart > 0) {
            lines.add(row("JVM start to main", mainMillis - jvmStart, ""));
        }
        synchronized (STAGES) {
            for (Map.Entry<String, long[]> e : STAGES.entrySet()) {
                long[] v = e.getValue();
                lines.add(row(e.getKey(), v[0] / 1e6, v[1] > 1 ? "(" + v[1] + " times)" : ""));
            }
        }
        lines.add(row("main to exit", totalNanos / 1e6, ""));
        for (String line : lines) {
            err.println(line);
        }
        err.flush();
    }

    private static String row(String name, double millis, String note) {
        return String.format(Locale.ROOT, "  %-34s %9.1f %s", name, millis, note)
                .stripTrailing();
    }

    private static double launchedMillis() {
        String v = System.getenv(LAUNCHED);
        if (v == null || v.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v.replace(',', '.')) * 1000.0; // EPOCHREALTIME uses the locale's separator
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static long jvmStartMillis() {
        try {
            return java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        } catch (RuntimeException | LinkageError e) { // a JVM without the management module
            return 0;
        }
    }
}
