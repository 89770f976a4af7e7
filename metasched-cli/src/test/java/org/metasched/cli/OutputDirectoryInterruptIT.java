package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.io.Xxh64;

/**
 * Issue 22: a command interrupted at any moment (SIGTERM, as {@code kill} sends it, and SIGINT, as Ctrl-C does)
 * leaves the previous output directory or the new one, complete, and no temporary directory beside it. The packaged
 * jar writes {@code simulate --png} (drawing the images makes the write a large part of the run) over its own
 * earlier output and is interrupted at random moments from its start to its end; after each, the directory's
 * manifest must list exactly its files with their XXH64, and the parent must hold nothing else.
 */
class OutputDirectoryInterruptIT {
    @TempDir
    Path dir;

    @Test
    void anInterruptedWriteLeavesTheOldOrTheNewDirectoryCompleteAndNothingBesideIt() throws Exception {
        Path area = Files.createDirectories(dir.resolve("area"));
        Path out = area.resolve("out");
        String[] args = {
            "simulate",
            "--workload",
            JarRunner.EXAMPLES.resolve("small.swf").toString(),
            "--policy",
            "easy",
            "--png",
            "-o",
            out.toString()
        };
        long t0 = System.nanoTime();
        JarRunner.Result first = JarRunner.run(dir, args);
        assertThat(first.exitCode()).as(first.err()).isZero();
        long full = System.nanoTime() - t0;
        assertComplete(out);
        SplittableRandom rnd = new SplittableRandom(22);
        int interrupted = 0;
        // the delays are fractions of a run; a first run slowed by the machine's load (a CI with other builds beside
        // it) would put most of them past the end, so every run that ends by itself shortens the estimate, and a few
        // more trials are allowed until enough have really been interrupted
        long run = full;
        for (int trial = 0; trial < 24 || (interrupted <= 8 && trial < 48); trial++) {
            boolean sigint = trial % 4 == 3;
            long delay = (long) (rnd.nextDouble(0.05, 1.2) * run);
            Path o = Files.createTempFile(dir, "out", ".txt");
            Path e = Files.createTempFile(dir, "err", ".txt");
            long started = System.nanoTime();
            Process p = JarRunner.start(dir, o, e, args);
            CompletableFuture<Long> ended = p.onExit().thenApply(x -> System.nanoTime());
            Thread.sleep(delay / 1_000_000, (int) (delay % 1_000_000));
            if (sigint) {
                // bash's own kill: /usr/bin/kill (procps) is missing from slim images, bash never (the launcher)
                new ProcessBuilder("bash", "-c", "kill -INT " + p.pid()).start().waitFor();
            } else {
                p.destroy(); // SIGTERM
            }
            assertThat(p.waitFor(60, TimeUnit.SECONDS))
                    .as("trial %d ends", trial)
                    .isTrue();
            int code = p.exitValue();
            String said = Files.readString(e) + Files.readString(o);
            if (code == 143 || code == 130) {
                interrupted++;
            } else if (code == 1 && said.contains("Error occurred during initialization of VM")) {
                // the signal came while the JVM itself was starting (JDK 17: "InternalError: Bad level"), before
                // any of metasched ran; the earlier output must still be whole, as checked below
                interrupted++;
            } else {
                assertThat(code).as("trial %d: %s", trial, said).isZero();
                run = Math.min(run, ended.get(60, TimeUnit.SECONDS) - started);
            }
            assertComplete(out);
            try (Stream<Path> s = Files.list(area)) {
                assertThat(s.map(x -> x.getFileName().toString()).toList())
                        .as(
                                "trial %d (%s after %d ms, exit %d): nothing beside the output",
                                trial, sigint ? "SIGINT" : "SIGTERM", delay / 1_000_000, code)
                        .containsExactly("out");
            }
        }
        // the delays reach past the end of a run, so some finish; enough must really have been interrupted
        assertThat(interrupted).isGreaterThan(8);
    }

    /** The manifest lists exactly the directory's files, each with its content's XXH64. */
    private static void assertComplete(Path out) throws IOException {
        List<String> lines = Files.readAllLines(out.resolve(".metasched-output"), StandardCharsets.UTF_8);
        Map<String, String> listed = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            listed.put(line.substring(18), line.substring(0, 16));
        }
        Map<String, String> actual = new HashMap<>();
        try (Stream<Path> s = Files.list(out)) {
            for (Path f : s.toList()) {
                String name = f.getFileName().toString();
                if (!name.equals(".metasched-output")) {
                    actual.put(name, Xxh64.of(Files.readAllBytes(f)));
                }
            }
        }
        assertThat(actual).as("the files of " + out + " and their hashes").isEqualTo(listed);
        assertThat(listed).containsKeys("jobs.csv", "summary.json", "report.html");
    }
}
