package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class-data archive made as the launcher makes it ({@code CdsTraining} under {@code
 * -XX:ArchiveClassesAtExit}) from the packaged jar holds picocli's classes: a command started with the archive
 * loads every picocli class from it, none from the jar. picocli's own jar is Java 5 class files, which the JDK
 * refuses to archive; the jar takes them from {@code metasched-picocli}, compiled for Java 17 (issue 25).
 */
class ClassDataArchiveIT {
    @TempDir
    Path dir;

    @Test
    void picocliComesFromTheArchive() throws Exception {
        // a copy in this test's own folder: JDK 17 takes no application class from a dynamic archive whose class
        // path has a space in it (JDK 25 does), and the checkout may be in such a folder (docs/performance.md)
        Path jar = Files.copy(JarRunner.JAR, dir.resolve("metasched.jar"));
        Path archive = dir.resolve("training.jsa");
        Path scratch = Files.createDirectory(dir.resolve("scratch"));
        int training = java(
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-XX:ArchiveClassesAtExit=" + archive,
                "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off",
                "-cp",
                jar.toString(),
                "org.metasched.cli.CdsTraining",
                scratch.toString());
        assertThat(training).as("the training run's exit code").isZero();
        assertThat(archive).isNotEmptyFile();

        Path log = dir.resolve("class-load.log");
        int help = java(
                "-XX:TieredStopAtLevel=1",
                "-XX:SharedArchiveFile=" + archive,
                "-Xlog:class+load=info:file=" + log,
                "-jar",
                jar.toString(),
                "simulate",
                "--help");
        assertThat(help).isZero();
        List<String> picocli = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains("] picocli."))
                .toList();
        // building the command line of simulate loads well over a hundred of picocli's classes
        assertThat(picocli).hasSizeGreaterThan(100);
        assertThat(picocli)
                .as("picocli classes not taken from the archive")
                .allMatch(l -> l.contains("source: shared objects file"));
    }

    /** Runs {@code java} with the arguments in this test's directory; its output is discarded. */
    private int java(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("java");
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile())
                .start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return p.exitValue();
    }
}
