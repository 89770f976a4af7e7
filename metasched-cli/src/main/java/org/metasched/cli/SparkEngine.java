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

/**
 * {@code metasched sweep --engine spark}: starts the Spark engine (module metasched-spark, built apart so that the
 * command line never loads or downloads Spark) in a JVM of its own, with Spark's class path as the build wrote it
 * and the module openings Spark needs on Java 17; its output and exit code are the command's.
 */
final class SparkEngine {
    /** What Spark's own launcher opens on Java 17. */
    static final List<String> OPENS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
            "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
            "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
            "-Djdk.reflect.useDirectMethodHandle=false");

    private SparkEngine() {}

    static int run(Path spec, Path out, String master, boolean report) {
        Path module = repositoryRoot().resolve("metasched-spark").resolve("target");
        Path jar = module.resolve("metasched-spark.jar");
        Path classpath = module.resolve("spark-classpath.txt");
        if (!Files.isRegularFile(jar) || !Files.isRegularFile(classpath)) {
            throw new InputFormatException("--engine spark: the Spark engine is not built (" + jar + "); build it once"
                    + " with './mvnw -q -pl metasched-spark -am package -DskipTests' (downloads Spark), or use"
                    + " --engine local");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(OPENS);
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
        if (!report) {
            cmd.add("--no-report");
        }
        try {
            return new ProcessBuilder(cmd).inheritIO().start().waitFor();
        } catch (IOException e) {
            throw new InputFormatException("--engine spark: cannot start " + cmd.get(0) + ": " + IoErrors.reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
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
