package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The output-directory cases every command that writes a directory must pass (issue 7 item 1): it replaces only
 * a directory it wrote itself, refuses anything else with exit code 2 and one line, and never deletes or writes
 * outside it.
 */
final class OutputGuard {
    private OutputGuard() {}

    static String[] with(String[] args, Path out) {
        List<String> a = new ArrayList<>(Arrays.asList(args));
        a.add("-o");
        a.add(out.toString());
        return a.toArray(new String[0]);
    }

    static List<String> tree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    /** Runs {@code args -o DIR} against every case, in a fresh area under {@code tmp}. */
    static void check(Path tmp, String... args) throws IOException {
        // a directory holding a user's notes and a sub-directory
        Path mine = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "my notes");
        Files.createDirectories(mine.resolve("drafts"));
        Files.writeString(mine.resolve("drafts/plan.md"), "plan");
        List<String> before = tree(tmp);
        CliRunner.Result r = CliRunner.run(with(args, mine));
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).hasLineCount(1).contains(mine.toString()).contains("metasched did not write");
        assertThat(tree(tmp)).isEqualTo(before);
        assertThat(mine.resolve("notes.txt")).hasContent("my notes");

        // a file where the directory should be, and a file on the way to it
        Path file = Files.writeString(tmp.resolve("file.txt"), "keep");
        for (Path out : new Path[] {file, file.resolve("sub")}) {
            CliRunner.Result f = CliRunner.run(with(args, out));
            assertThat(f.exitCode()).as(f.err()).isEqualTo(2);
            assertThat(f.err()).hasLineCount(1).contains(file.toString());
            assertThat(file).hasContent("keep");
            assertThat(tree(tmp)).containsExactlyInAnyOrderElementsOf(withFile(before)); // nothing half-made
        }

        // its own earlier output is replaced as a whole, with nothing left beside it
        Path own = tmp.resolve("own");
        CliRunner.Result first = CliRunner.run(with(args, own));
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(own.resolve(".metasched-output")).exists();
        CliRunner.Result second = CliRunner.run(with(args, own));
        assertThat(second.exitCode()).as(second.err()).isZero();
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("mine", "file.txt", "own");
        }
        // ... nor once a user has edited one of its files (issue 22), unless --force
        String edited;
        try (Stream<Path> s = Files.list(own)) {
            edited = s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("."))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        Files.writeString(own.resolve(edited), "\nmy line\n", java.nio.file.StandardOpenOption.APPEND);
        CliRunner.Result changed = CliRunner.run(with(args, own));
        assertThat(changed.exitCode()).as(changed.err()).isEqualTo(2);
        assertThat(changed.err())
                .hasLineCount(1)
                .contains(own.toString())
                .contains("'" + edited + "' was changed")
                .contains("--force");
        assertThat(Files.readString(own.resolve(edited))).endsWith("my line\n");
        List<String> forced = new ArrayList<>(Arrays.asList(with(args, own)));
        forced.add("--force");
        CliRunner.Result replaced = CliRunner.run(forced.toArray(new String[0]));
        assertThat(replaced.exitCode()).as(replaced.err()).isZero();
        assertThat(Files.readString(own.resolve(edited))).doesNotContain("my line");
        // ... nor, even with --force, once a user has added a file to it
        Files.writeString(own.resolve("notes.txt"), "added later");
        CliRunner.Result third = CliRunner.run(with(args, own));
        assertThat(third.exitCode()).isEqualTo(2);
        CliRunner.Result thirdForced = CliRunner.run(forced.toArray(new String[0]));
        assertThat(thirdForced.exitCode()).isEqualTo(2);
        assertThat(own.resolve("notes.txt")).hasContent("added later");

        // the user's own files under the names metasched writes, without its manifest: never replaced (issue 22)
        Path users = Files.createDirectories(tmp.resolve("users"));
        Files.writeString(users.resolve("jobs.csv"), "my jobs");
        Files.writeString(users.resolve("summary.json"), "{\"mine\": true}");
        for (List<String> a : List.of(Arrays.asList(with(args, users)), withForce(with(args, users)))) {
            CliRunner.Result u = CliRunner.run(a.toArray(new String[0]));
            assertThat(u.exitCode()).as(u.err()).isEqualTo(2);
            assertThat(u.err()).hasLineCount(1).contains(users.toString()).contains("never replaced");
        }
        assertThat(users.resolve("jobs.csv")).hasContent("my jobs");
        assertThat(tree(users)).containsExactly("", "jobs.csv", "summary.json");
    }

    private static List<String> withForce(String[] args) {
        List<String> a = new ArrayList<>(Arrays.asList(args));
        a.add("--force");
        return a;
    }

    private static List<String> withFile(List<String> before) {
        List<String> l = new ArrayList<>(before);
        l.add("file.txt");
        return l;
    }

    /**
     * A read-only parent directory (chmod 555): exit 2, one line with the path and the reason, nothing written. Root
     * could write there; metasched treats a directory without write bits as read-only whoever runs it.
     */
    static void unwritableParent(Path tmp, String... args) throws IOException {
        Path locked = Files.createDirectories(tmp.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            CliRunner.Result r = CliRunner.run(with(args, locked.resolve("out")));
            assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).hasLineCount(1).contains(locked.toString()).contains("Permission denied");
            assertThat(tree(locked)).containsExactly("");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
