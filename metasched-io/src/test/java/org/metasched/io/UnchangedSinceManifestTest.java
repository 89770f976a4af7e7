package org.metasched.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

/**
 * A file of an output directory whose status-change time is before its manifest's is taken as unchanged without
 * reading its content (a rerun into the same directory does not read a large trace's earlier {@code jobs.csv}); any
 * later change, also one that sets the modification time back, is read and refused as before (docs/outputs.md).
 */
class UnchangedSinceManifestTest {
    @TempDir
    Path dir;

    private Path out;

    @BeforeEach
    void writeADirectory() throws IOException {
        out = dir.resolve("run");
        OutputDirectory.write(out, d -> {
            Files.writeString(d.resolve("table.csv"), "a,b\n");
            Files.writeString(d.resolve("report.html"), "<html></html>");
        });
        assumeTrue(
                OutputManifest.changeTime(out.resolve("table.csv")) != null,
                "this file system gives Java no status-change time: every file is read");
    }

    /**
     * The manifest written again after a file was changed vouches for that file: its content differs from the hash
     * listed, and the directory is still replaced without {@code --force}, so the content was not read. (Only to
     * tell that it was not read; metasched itself writes a manifest only after its files.)
     */
    @Test
    void aFileChangedBeforeItsManifestWasWrittenIsNotRead() throws Exception {
        Path table = out.resolve("table.csv");
        String listed = OutputManifest.read(out).get("table.csv");
        Files.writeString(table, "1,2\n", StandardOpenOption.APPEND);
        assertThat(ManifestHash.XXH64.of(table)).isNotEqualTo(listed);
        rewriteManifestAfter(table);

        OutputDirectory.check(out);
        OutputDirectory.checkAhead(out, false);
        OutputManifest.awaitAhead(out); // what the check ahead reads, it has read
        assertThat(OutputManifest.changedAhead(out)).isFalse();
        OutputDirectory.write(out, d -> Files.writeString(d.resolve("x.csv"), "x"));
        assertThat(out.resolve("x.csv")).hasContent("x");
        assertThat(out.resolve("table.csv")).doesNotExist();
    }

    /** A change after the manifest, its modification time then set back to what it was, is still found. */
    @Test
    void aFileChangedAfterItsManifestIsReadEvenWithItsModificationTimeSetBack() throws IOException {
        Path table = out.resolve("table.csv");
        FileTime modified = Files.getLastModifiedTime(table);
        Files.writeString(table, "1,2\n", StandardOpenOption.APPEND);
        Files.setLastModifiedTime(table, modified);

        assertThatThrownBy(() -> OutputDirectory.check(out))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(out + ": 'table.csv' was changed since metasched wrote it; give --force to replace the"
                        + " directory anyway, or another output directory");
        OutputDirectory.checkAhead(out, false);
        assertThatThrownBy(() -> OutputDirectory.write(out, d -> Files.writeString(d.resolve("x.csv"), "x")))
                .hasMessageContaining("'table.csv' was changed");
        assertThat(table).hasContent("a,b\n1,2");
    }

    /**
     * A file of yours, older than the manifest, moved over a listed one: the move sets its change time (Linux's file
     * systems do on a rename), so it is read, and refused.
     */
    @Test
    void aFileOlderThanTheManifestMovedOverAListedOneIsRead() throws Exception {
        Path mine = dir.resolve("mine.csv");
        Files.writeString(mine, "my table\n");
        rewriteManifestAfter(mine);
        Files.move(mine, out.resolve("table.csv"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        assertThatThrownBy(() -> OutputDirectory.check(out)).hasMessageContaining("'table.csv' was changed");
        assertThat(out.resolve("table.csv")).hasContent("my table");
    }

    @Test
    void withoutATimeToCompareEveryFileIsRead() throws IOException {
        Path table = out.resolve("table.csv");
        FileTime later = FileTime.fromMillis(Long.MAX_VALUE / 2);
        assertThat(OutputManifest.unchangedSince(table, later)).isTrue();
        assertThat(OutputManifest.unchangedSince(table, null)).isFalse();
        assertThat(OutputManifest.unchangedSince(out.resolve("missing.csv"), later))
                .isFalse();
        assertThat(OutputManifest.changeTime(out.resolve("missing.csv"))).isNull();
        // a manifest listing files written after it (its time as it was before they were) reads them all
        assertThat(OutputManifest.unchangedSince(table, OutputManifest.changeTime(table)))
                .isFalse();
    }

    /** Writes the manifest's own bytes again until its change time is after {@code file}'s (a clock tick at most). */
    private void rewriteManifestAfter(Path file) throws Exception {
        Path manifest = out.resolve(OutputDirectory.MANIFEST);
        byte[] bytes = Files.readAllBytes(manifest);
        FileTime fileChanged = OutputManifest.changeTime(file);
        for (int i = 0; i < 2000; i++) {
            Files.write(manifest, bytes);
            if (OutputManifest.changeTime(manifest).compareTo(fileChanged) > 0) {
                return;
            }
            Thread.sleep(1);
        }
        throw new AssertionError("the file system's clock did not advance in 2 s");
    }
}
