package org.metasched.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.metasched.io.IoErrors;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.trace.Timings;

/**
 * {@code metasched sweep --engine spark}: starts the Spark engine (module metasched-spark, built apart so that the
 * command line never loads or downloads Spark) in a JVM of its own, with what the build wrote beside its jar:
 * Spark's own class path ({@code spark-classpath.txt}) and the JVM options Spark needs ({@code
 * spark-java-options.txt}, an argument file); its output and exit code are the command's.
 */
final class SparkEngine {
    private SparkEngine() {}

    /**
     * The newest Java the engine runs on: Spark 4.0 and Hadoop's user login call {@code Subject.getSubject}, which
     * Java 23 and later refuse (UnsupportedOperationException; from Java 24 no option brings it back).
     */
    static final int NEWEST_JAVA = 22;

    /** Why the engine cannot run on Java {@code feature}, or null when it can. */
    static String unsupportedJava(int feature) {
        return feature <= NEWEST_JAVA
                ? null
                : "--engine spark: Spark 4.0 runs on Java 17 to " + NEWEST_JAVA + " (it and Hadoop call"
                        + " Subject.getSubject, which Java 23 and later refuse); this is Java " + feature
                        + ": use --engine local, or run metasched with a JDK 17 or 21";
    }

    static int run(
            Path spec, Path out, String master, boolean sharedPaths, Outputs outputs, boolean progress, boolean force) {
        String refused = unsupportedJava(Runtime.version().feature()); // the engine's JVM is this one's java.home
        if (refused != null) {
            throw new InputFormatException(refused);
        }
        Path module = repositoryRoot().resolve("metasched-spark").resolve("target");
        Path jar = module.resolve("metasched-spark.jar");
        Path classpath = module.resolve("spark-classpath.txt");
        Path options = module.resolve("spark-java-options.txt");
        if (!Files.isRegularFile(jar) || !Files.isRegularFile(classpath) || !Files.isRegularFile(options)) {
            throw new InputFormatException("--engine spark: the Spark engine is not built (" + jar + "); build it once"
                    + " with './mvnw -q -pl metasched-spark -am package -DskipTests' (downloads Spark), or use"
                    + " --engine local");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("@" + options);
        cmd.addAll(jvmOptions(
                java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
        cmd.add("-cp");
        try {
            cmd.add(jar
                    + java.io.File.pathSeparator
                    + Files.readString(classpath, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new InputFormatException(classpath + ": cannot read: " + IoErrors.reason(e));
        }
        cmd.add("org.metasched.spark.SparkSweep");
        cmd.add("--spec");
        cmd.add(spec.toString());
        cmd.add("--out");
        cmd.add(out.toString());
        if (master != null) {
            cmd.add("--master");
            cmd.add(master);
        }
        if (sharedPaths) {
            cmd.add("--shared-paths");
        }
        if (!outputs.report()) {
            cmd.add("--no-report");
        }
        if (outputs.png()) {
            cmd.add("--png");
        }
        if (!progress) {
            cmd.add("--no-progress");
        }
        if (force) {
            cmd.add("--force");
        }
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
            Timings.forgetLauncher(pb.environment());
            Process p = pb.start();
            // the engine's JVM ends with this one, whatever ends it
            Thread stop = new Thread(p::destroy, "metasched-spark-stop");
            Runtime.getRuntime().addShutdownHook(stop);
            int code = p.waitFor();
            Runtime.getRuntime().removeShutdownHook(stop);
            return code;
        } catch (IOException e) {
            throw new InputFormatException("--engine spark: cannot start " + cmd.get(0) + ": " + IoErrors.reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    /**
     * The options of this JVM the engine's JVM runs with too: the JIT level and the collector, which the launcher
     * chose for the command (or the user, with METASCHED_JAVA_OPTS). C1 alone halves Spark's start-up on a small
     * machine, as it shortens the command's own (docs/performance.md). Nothing else: Spark sizes its driver's heap
     * itself (at least 450 MB), and a class-data archive, an agent or a debugger port belongs to this JVM.
     */
    static List<String> jvmOptions(List<String> ours) {
        List<String> out = new ArrayList<>();
        for (String o : ours) {
            if (o.startsWith("-XX:TieredStopAtLevel=")
                    || o.matches("-XX:[+-]Use[A-Za-z]*GC")
                    || o.matches("-XX:[+-]UseAdaptiveSizePolicy")) {
                out.add(o);
            }
        }
        return out;
    }

    /** The checkout this jar was built in: metasched-cli/target/metasched.jar, two levels up. */
    private static Path repositoryRoot() {
        try {
            Path jar = Path.of(SparkEngine.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path root = jar.getParent() == null ? null : jar.getParent().getParent();
            return root == null || root.getParent() == null ? Path.of(".") : root.getParent();
        } catch (URISyntaxException | SecurityException e) {
            return Path.of(".");
        }
    }
}
