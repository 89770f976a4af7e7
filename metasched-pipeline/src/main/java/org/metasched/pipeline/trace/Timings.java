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
 * <p>Start-up is read after the fact from two time stamps the launcher script exports (bash's {@code
 * EPOCHREALTIME}): {@code METASCHED_LAUNCHED}, the script's start, and {@code METASCHED_EXEC}, when it starts
 * {@code java}. "launcher script" is the time between the two (its staleness check, a build if one was needed, the
 * JVM's options), "JVM start to main" the time from the second to {@code main}: the {@code java} launcher, the JVM's
 * creation (the class-data archive, the heap) and the loading of the main class. A JVM started otherwise (no
 * stamps) shows only the second row, from the JVM's creation as its runtime bean counts it (its uptime, loaded
 * only when the table is printed). The bean's "start time" is not used: HotSpot sets it when the JVM's creation is
 * done, so it would count the creation as part of the launcher.
 */
public final class Timings {
    /** The environment variable that asks for the table. */
    public static final String ENVIRONMENT = "METASCHED_TIMINGS";

    /** Set by the launcher script: when it started, seconds since the epoch with a fraction. */
    static final String LAUNCHED = "METASCHED_LAUNCHED";

    /** Set by the launcher script: when it started {@code java}, seconds since the epoch with a fraction. */
    static final String EXEC = "METASCHED_EXEC";

    private static final Map<String, long[]> STAGES = new LinkedHashMap<>(); // name -> {nanos, count}
    private static long mainNanos = System.nanoTime();
    private static long mainMillis = System.currentTimeMillis();
    private static volatile boolean requested;

    private Timings() {}

    /**
     * Removes the launcher's time stamps from the environment of a JVM this one starts (the Spark engine's): they are
     * this JVM's, and would make the other's start-up rows count from this launcher's exec.
     */
    public static void forgetLauncher(Map<String, String> environment) {
        environment.remove(LAUNCHED);
        environment.remove(EXEC);
    }

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
            long[] v = STAGES.get(stage); // not computeIfAbsent's lambda: docs/performance.md, "No lambdas ..."
            if (v == null) {
                v = new long[2];
                STAGES.put(stage, v);
            }
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
        lines.addAll(startRows(
                epochMillis(System.getenv(LAUNCHED)),
                epochMillis(System.getenv(EXEC)),
                mainMillis,
                jvmCreatedMillis()));
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

    /**
     * The rows of the start-up: "start-up to main", the whole of it (from {@code launched} when the script gave its
     * stamps, else as the next row), then its parts: "launcher script" from {@code launched} to {@code exec} when
     * the script gave both, and "JVM start to main" from {@code exec} to {@code main}, or from {@code jvmCreated}
     * without {@code exec}; NaN (or 0 for {@code jvmCreated}) for a time not known, whose row is then left out (no
     * row at all when neither the exec nor the JVM's creation is known). Epoch milliseconds.
     */
    static List<String> startRows(double launched, double exec, long main, long jvmCreated) {
        List<String> rows = new ArrayList<>();
        boolean script = !Double.isNaN(launched) && !Double.isNaN(exec) && exec >= launched;
        double jvmFrom = !Double.isNaN(exec) ? exec : jvmCreated > 0 ? jvmCreated : Double.NaN;
        if (Double.isNaN(jvmFrom)) {
            return rows;
        }
        rows.add(row("start-up to main", main - (script ? launched : jvmFrom), ""));
        if (script) {
            rows.add(row("launcher script", exec - launched, ""));
        }
        rows.add(row("JVM start to main", main - jvmFrom, ""));
        return rows;
    }

    /** A time stamp of the launcher (bash's EPOCHREALTIME: seconds with a fraction) in milliseconds; NaN if none. */
    static double epochMillis(String v) {
        if (v == null || v.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v.replace(',', '.')) * 1000.0; // EPOCHREALTIME uses the locale's separator
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** When the JVM's creation began (now less its uptime), epoch milliseconds; 0 if not known. */
    private static long jvmCreatedMillis() {
        try {
            return System.currentTimeMillis()
                    - java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
        } catch (RuntimeException | LinkageError e) { // a JVM without the management module
            return 0;
        }
    }
}
