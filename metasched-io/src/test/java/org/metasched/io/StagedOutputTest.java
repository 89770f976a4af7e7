package org.metasched.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OutputDirectory#stage}: the directory under way made before the work, so that a large file is written into it
 * as it is computed; the write then fills that directory, and a failed run removes it with what it made.
 */
class StagedOutputTest {
    @TempDir
    Path dir;

    private static List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void write(Path file, String text) throws IOException {
        try (OutputStream out = HashedOutputStream.open(file)) {
            out.write(text.getBytes(StandardCharsets.US_ASCII));
        }
    }

    @Test
    void theWriteFillsTheStagedDirectoryWithWhatWasWrittenIntoItBefore() throws IOException {
        Path out = dir.resolve("a/b/run");
        Path staged = OutputDirectory.stage(out);
        assertThat(staged).isDirectory().hasParent(dir.resolve("a/b"));
        assertThat(staged.getFileName().toString()).startsWith(".run.tmp-");
        write(staged.resolve("jobs.csv"), "id\n1\n");
        OutputDirectory.write(out, d -> {
            assertThat(d).isEqualTo(staged);
            Files.writeString(d.resolve("summary.json"), "{}\n");
        });
        assertThat(names(out)).containsExactly(".metasched-output", "jobs.csv", "summary.json");
        assertThat(out.resolve("jobs.csv")).hasContent("id\n1");
        assertThat(Files.readAllLines(out.resolve(OutputDirectory.MANIFEST)))
                .contains(ManifestHash.XXH64.of(out.resolve("jobs.csv")) + "  jobs.csv");
        assertThat(names(dir.resolve("a/b"))).containsExactly("run");
        OutputDirectory.unstage(out); // taken by the write: nothing
        assertThat(names(out)).containsExactly(".metasched-output", "jobs.csv", "summary.json");
    }

    @Test
    void unstagingRemovesTheDirectoryAndOnlyTheEmptyFoldersItMade() throws IOException {
        Path mine = Files.createDirectory(dir.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "the user's");
        Path out = mine.resolve("x/y/run");
        Path staged = OutputDirectory.stage(out);
        write(staged.resolve("jobs.csv"), "id\n");
        OutputDirectory.unstage(out);
        assertThat(names(mine)).containsExactly("notes.txt");
        assertThat(mine.resolve("notes.txt")).hasContent("the user's");

        // a folder it made that holds something else by then stays, with what it holds
        Path other = mine.resolve("p/q/run");
        OutputDirectory.stage(other);
        Files.writeString(mine.resolve("p/kept.txt"), "put there meanwhile");
        OutputDirectory.unstage(other);
        assertThat(names(mine)).containsExactly("notes.txt", "p");
        assertThat(names(mine.resolve("p"))).containsExactly("kept.txt");
    }

    @Test
    void nothingIsMadeWhereTheWriteWouldBeRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "not a folder");
        assertThat(OutputDirectory.stage(file.resolve("sub/run"))).isNull();
        assertThat(file).hasContent("not a folder");

        Path locked = Files.createDirectory(dir.resolve("locked")); // read-only to metasched, also when run by root
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assertThat(OutputDirectory.stage(locked.resolve("a/run"))).isNull();
            assertThat(names(locked)).isEmpty();
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        assertThat(names(dir)).containsExactly("afile", "locked");
    }

    @Test
    void aTargetIsStagedOnceAndAWriteWithoutStagingMakesItsOwnDirectory() throws IOException {
        Path out = dir.resolve("run");
        Path staged = OutputDirectory.stage(out);
        assertThat(OutputDirectory.stage(out)).isNull(); // one at a time: the second keeps its file in memory
        OutputDirectory.unstage(out);
        assertThat(staged).doesNotExist();
        OutputDirectory.write(out, d -> {
            assertThat(names(d)).isEmpty(); // a fresh directory, not one with a staged file
            Files.writeString(d.resolve("a.csv"), "a\n");
        });
        assertThat(names(dir)).containsExactly("run");
        assertThat(names(out)).containsExactly(".metasched-output", "a.csv");
    }
}
