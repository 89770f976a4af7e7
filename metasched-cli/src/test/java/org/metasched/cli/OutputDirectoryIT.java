package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The output-directory cases of issues 7 and 22 against every command that writes a directory: existing foreign
 * files, a file where the directory is expected, read-only directories; exit code 2, one line, nothing deleted or
 * half-written; and the command's own earlier output replaced. {@code reproduce} (picocli's way through {@code Main})
 * and {@code simulate} (its own parser's way) run as a user runs them, the packaged jar in its own JVM; {@code run},
 * whose eleven runs took as long as the other two commands' together, goes the same way through {@code Main} as
 * {@code reproduce} and runs in-process, with the same checks.
 */
class OutputDirectoryIT {
    @TempDir
    Path dir;

    static Stream<Arguments> commands() {
        String example = JarRunner.EXAMPLES.resolve("small.swf").toString();
        return Stream.of(
                Arguments.of("run", List.of("run", "--runs", "1"), false),
                Arguments.of("reproduce", List.of("reproduce", "p000-table2", "--runs", "1"), true),
                Arguments.of("simulate", List.of("simulate", "--workload", example, "--policy", "easy"), true));
    }

    /** Whether the case runs the packaged jar (else in-process); set by the test from its arguments. */
    private boolean jar;

    private JarRunner.Result run(List<String> args, Path out) {
        List<String> a = new ArrayList<>(args);
        a.add("-o");
        a.add(out.toString());
        if (jar) {
            return JarRunner.run(dir, a.toArray(new String[0]));
        }
        CliRunner.Result r = CliRunner.run(a.toArray(new String[0]));
        return new JarRunner.Result(r.exitCode(), r.out(), r.err());
    }

    private void assertRefused(JarRunner.Result r, String what, String fragment) {
        assertThat(r.exitCode()).as(what + ": " + r.err()).isEqualTo(2);
        assertThat(r.err()).as(what).hasLineCount(1).contains(fragment).doesNotContain("\tat ");
    }

    @ParameterizedTest(name = "{0}, jar {2}")
    @MethodSource("commands")
    void refusesEverythingItDidNotWriteAndReplacesWhatItDid(String name, List<String> args, boolean jar)
            throws IOException {
        this.jar = jar;
        Path area = Files.createDirectories(dir.resolve("area"));
        Path mine = Files.createDirectories(area.resolve("mine/drafts"));
        Files.writeString(mine.resolve("plan.md"), "plan");
        Files.writeString(area.resolve("mine/notes.txt"), "notes");
        Path file = Files.writeString(area.resolve("file.txt"), "keep");
        Path locked = Files.createDirectories(area.resolve("locked"));
        Path lockedOut = Files.createDirectories(area.resolve("locked-out"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        Files.setPosixFilePermissions(lockedOut, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Map<String, Long> before = BadInputIT.snapshot(area);
            assertRefused(run(args, area.resolve("mine")), "foreign files", "has no .metasched-output manifest");
            assertRefused(run(args, file), "a file as the output", "is not a directory");
            assertRefused(run(args, file.resolve("out")), "a file on the way", file + " is a file, not a directory");
            assertRefused(run(args, locked.resolve("out")), "read-only parent", "Permission denied");
            assertRefused(run(args, lockedOut), "read-only output directory", "Permission denied");
            assertThat(BadInputIT.snapshot(area))
                    .as(name + ": nothing written or deleted")
                    .isEqualTo(before);
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(lockedOut, PosixFilePermissions.fromString("rwxr-xr-x"));
        }

        // its own output is replaced as a whole; the same files without the manifest are never replaced, and an
        // edited file only with --force
        Path own = area.resolve("own");
        JarRunner.Result first = run(args, own);
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(Files.getPosixFilePermissions(own)).isEqualTo(Files.getPosixFilePermissions(area));
        JarRunner.Result again = run(args, own);
        assertThat(again.exitCode()).as(again.err()).isZero();
        Files.writeString(own.resolve("report.html"), "<!-- my note -->", java.nio.file.StandardOpenOption.APPEND);
        assertRefused(run(args, own), "an edited file", "'report.html' was changed since metasched wrote it");
        List<String> forced = new ArrayList<>(args);
        forced.add("--force");
        JarRunner.Result replaced = run(forced, own);
        assertThat(replaced.exitCode()).as(replaced.err()).isZero();
        assertThat(Files.readString(own.resolve("report.html"))).doesNotContain("my note");
        Path copy = Files.createDirectories(area.resolve("copy"));
        try (Stream<Path> s = Files.list(own)) {
            for (Path p :
                    s.filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
                Files.copy(p, copy.resolve(p.getFileName()));
            }
        }
        Map<String, Long> copied = BadInputIT.snapshot(copy);
        assertRefused(run(args, copy), "no manifest", "it is never replaced");
        assertRefused(run(forced, copy), "no manifest, --force", "it is never replaced");
        assertThat(BadInputIT.snapshot(copy)).isEqualTo(copied);
        try (Stream<Path> s = Files.list(area)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .as("no temporary or old copies left beside it")
                    .containsExactlyInAnyOrder("mine", "file.txt", "locked", "locked-out", "own", "copy");
        }
    }
}
