package org.metasched.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spark standalone Master and one Worker on 127.0.0.1, free ports, started from Spark's own jars: a {@code
 * SPARK_HOME} made in {@code dir} whose {@code jars/} links the jars of {@code metasched-spark/target/
 * spark-classpath.txt} (the Worker starts its executors from there). {@link #close} stops both and every process
 * they started, whatever happened before; so does a shutdown hook if the test JVM ends first. {@link #leftovers}
 * lists any process still running from this SPARK_HOME.
 */
final class LocalSparkCluster implements AutoCloseable {
    static final Path MODULE_TARGET = Path.of("target").toAbsolutePath();
    static final Path JAVA_OPTIONS = MODULE_TARGET.resolve("spark-java-options.txt");
    static final Path CLASSPATH = MODULE_TARGET.resolve("spark-classpath.txt");

    final Path home;
    private final List<Process> daemons = new ArrayList<>();
    private final Thread hook = new Thread(this::stopAll, "stop-spark-test-cluster");
    private String masterUrl;
    private int masterWebUiPort;

    private LocalSparkCluster(Path home) {
        this.home = home;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    static LocalSparkCluster start(Path dir) throws IOException, InterruptedException {
        Path home = Files.createDirectories(dir.resolve("spark-home"));
        Path jars = Files.createDirectories(home.resolve("jars"));
        for (String jar : Files.readString(CLASSPATH).strip().split(java.io.File.pathSeparator)) {
            Path j = Path.of(jar);
            Files.createSymbolicLink(jars.resolve(j.getFileName()), j);
        }
        // a distribution's marker: the launcher then takes the class path from jars/
        Files.writeString(home.resolve("RELEASE"), "Spark (metasched test distribution from Maven artifacts)\n");
        Files.createDirectories(home.resolve("work"));
        LocalSparkCluster c = new LocalSparkCluster(home);
        try {
            Path masterLog = home.resolve("master.log");
            c.daemons.add(c.spark(
                    masterLog,
                    "org.apache.spark.deploy.master.Master",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--webui-port",
                    "0"));
            c.masterUrl = awaitLine(
                            masterLog, Pattern.compile("Starting Spark master at (spark://127\\.0\\.0\\.1:\\d+)"))
                    .group(1);
            c.masterWebUiPort = Integer.parseInt(
                    awaitLine(masterLog, Pattern.compile("Successfully started service 'MasterUI' on port (\\d+)"))
                            .group(1));
            awaitLine(masterLog, Pattern.compile("New state: ALIVE"));
            Path workerLog = home.resolve("worker.log");
            c.daemons.add(c.spark(
                    workerLog,
                    "org.apache.spark.deploy.worker.Worker",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--webui-port",
                    "0",
                    "--cores",
                    "2",
                    "--memory",
                    "2g",
                    "--work-dir",
                    home.resolve("work").toString(),
                    c.masterUrl));
            awaitLine(workerLog, Pattern.compile("Successfully registered with master"));
            return c;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            c.close();
            throw e;
        }
    }

    String masterUrl() {
        return masterUrl;
    }

    int masterWebUiPort() {
        return masterWebUiPort;
    }

    /** The environment every process of this cluster (and its drivers) runs with. */
    Map<String, String> environment() {
        return Map.of("SPARK_HOME", home.toString(), "SPARK_LOCAL_IP", "127.0.0.1", "SPARK_SCALA_VERSION", "2.13");
    }

    /**
     * {@code java} with Spark's options, a heap of {@code heap} and Spark's jars, running {@code mainClass}; C1 only,
     * as the launcher runs short commands (Spark's start-up takes half the time: docs/performance.md).
     */
    List<String> javaCommand(String heap, String mainClass, String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + JAVA_OPTIONS,
                "-XX:TieredStopAtLevel=1",
                "-Xmx" + heap,
                "-cp",
                home.resolve("jars") + java.io.File.separator + "*",
                mainClass));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private Process spark(Path log, String mainClass, String... args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(javaCommand("256m", mainClass, args))
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().putAll(environment());
        return pb.start();
    }

    /** Waits (up to 90 s) for a line of {@code log} matching {@code p}; fails with the log's end otherwise. */
    static Matcher awaitLine(Path log, Pattern p) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < end) {
            if (Files.exists(log)) {
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    Matcher m = p.matcher(line);
                    if (m.find()) {
                        return m;
                    }
                }
            }
            Thread.sleep(200);
        }
        List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
        throw new AssertionError("no line matching '" + p + "' in " + log + " within 90 s; it ends:\n"
                + String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
    }

    /** Every process still running whose command line names this SPARK_HOME (daemons, executors, drivers). */
    List<ProcessHandle> leftovers() {
        String mark = home.toString();
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().commandLine().orElse("").contains(mark))
                .toList();
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }

    /** The Worker (and the executors it started) first, then the Master: politely, then by force. */
    private synchronized void stopAll() {
        List<ProcessHandle> all = new ArrayList<>();
        for (int i = daemons.size() - 1; i >= 0; i--) {
            ProcessHandle d = daemons.get(i).toHandle();
            all.addAll(d.descendants().toList());
            all.add(d);
        }
        all.addAll(leftovers());
        for (ProcessHandle h : all) {
            h.destroy();
        }
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception notYet) {
                h.destroyForcibly();
            }
        }
        daemons.clear();
    }
}
