package org.metasched.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the packaged {@code metasched.jar} in a separate JVM, as a user does, and captures what it prints. */
final class JarRunner {
    static final Path JAR = Path.of("target", "metasched.jar").toAbsolutePath();

    /** The repository's examples folder. */
    static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

    record Result(int exitCode, String out, String err) {}

    private JarRunner() {}

    static Result run(Path workDir, String... args) {
        return runWith(List.of(), workDir, args);
    }

    /** Starts the jar and returns at once; its output goes to the two files. */
    static Process start(Path workDir, Path out, Path err, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("java", "-XX:TieredStopAtLevel=1", "-jar", JAR.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
    }

    /** Runs with extra JVM options (system properties, say) before {@code -jar}. */
    static Result runWith(List<String> jvmOptions, Path workDir, String... args) {
        List<String> command = new ArrayList<>(List.of("java", "-XX:TieredStopAtLevel=1"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toString()));
        command.addAll(List.of(args));
        try {
            Path out = Files.createTempFile("metasched-it", ".out");
            Path err = Files.createTempFile("metasched-it", ".err");
            try {
                Process p = new ProcessBuilder(command)
                        .directory(workDir.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
                if (!p.waitFor(300, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new AssertionError("timed out: " + command);
                }
                return new Result(
                        p.exitValue(),
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
