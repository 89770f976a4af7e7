package org.metasched.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

class OutputDirectoryTest {
    @TempDir
    Path dir;

    private static void twoFiles(Path d) throws IOException {
        Files.writeString(d.resolve("table.csv"), "a,b\n");
        Files.writeString(d.resolve("report.html"), "<html></html>");
    }

    private List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesANewDirectoryWithItsManifestAndLeavesNoTemporaries() throws IOException {
        Path out = dir.resolve("a/b/run");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        assertThat(names(out)).containsExactly(".metasched-output", "report.html", "table.csv");
        List<String> manifest = Files.readAllLines(out.resolve(OutputDirectory.MANIFEST));
        assertThat(manifest).hasSize(3);
        // xxhsum's form: 16 hex digits (XXH64), two spaces, the name; printf 'a,b\n' | xxhsum -H1 -
        assertThat(manifest.get(0)).endsWith(" XXH64 and name of each file:");
        assertThat(manifest.get(1)).isEqualTo(ManifestHash.XXH64.of(out.resolve("report.html")) + "  report.html");
        assertThat(manifest.get(2)).isEqualTo("a2f9b9fd32136b6d  table.csv");
        assertThat(names(dir.resolve("a/b"))).containsExactly("run");
    }

    @Test
    void theDirectoryGetsTheUsualUmaskModeNotAPrivateTemporaryOne() throws IOException {
        Path out = dir.resolve("run");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        Path plain = Files.createDirectory(dir.resolve("plain"));
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
        assertThat(Files.getPosixFilePermissions(out)).isEqualTo(expected);
        assertThat(Files.getPosixFilePermissions(out)).contains(PosixFilePermission.OTHERS_EXECUTE);
    }

    @Test
    void replacesItsOwnEarlierOutputAsAWhole() throws IOException {
        Path out = dir.resolve("run");
        OutputDirectory.write(out, d -> {
            twoFiles(d);
            Files.writeString(d.resolve("old.png"), "png");
        });
        OutputDirectory.write(out, d -> Files.writeString(d.resolve("table.csv"), "new\n"));
        assertThat(names(out)).containsExactly(".metasched-output", "table.csv");
        assertThat(out.resolve("table.csv")).hasContent("new");
        assertThat(names(dir)).containsExactly("run");
    }

    @Test
    void replacesAnEmptyDirectoryButNeverOneWithoutManifestWhateverItsFilesAreCalled() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        OutputDirectory.write(empty, OutputDirectoryTest::twoFiles);
        assertThat(empty.resolve("table.csv")).exists();
        // the user's own jobs.csv and summary.json: the names metasched writes, but no manifest
        Path mine = Files.createDirectory(dir.resolve("mine"));
        Files.writeString(mine.resolve("jobs.csv"), "my jobs");
        Files.writeString(mine.resolve("summary.json"), "{}");
        for (boolean force : new boolean[] {false, true}) {
            assertThatThrownBy(() -> OutputDirectory.check(mine, force))
                    .isInstanceOf(InputFormatException.class)
                    .hasMessage(mine + " is not empty and has no .metasched-output manifest, so metasched did not"
                            + " write it; it is never replaced: give a new or empty output directory");
            assertThatThrownBy(() -> OutputDirectory.write(mine, OutputDirectoryTest::twoFiles))
                    .hasMessageContaining("it is never replaced");
        }
        assertThat(mine.resolve("jobs.csv")).hasContent("my jobs");
        assertThat(names(mine)).containsExactly("jobs.csv", "summary.json");
        assertThat(names(dir)).containsExactly("empty", "mine");
    }

    @Test
    void anEditedFileIsRefusedNamingItUnlessForced() throws IOException {
        Path out = dir.resolve("edited");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        Files.writeString(out.resolve("table.csv"), "1,2\n", java.nio.file.StandardOpenOption.APPEND);
        assertThatThrownBy(() -> OutputDirectory.check(out))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(out + ": 'table.csv' was changed since metasched wrote it; give --force to replace the"
                        + " directory anyway, or another output directory");
        assertThatThrownBy(() -> OutputDirectory.write(out, d -> Files.writeString(d.resolve("x.csv"), "x")))
                .hasMessageContaining("'table.csv' was changed");
        assertThat(out.resolve("table.csv")).hasContent("a,b\n1,2");
        // a deleted file loses nothing of the user's
        Path partial = dir.resolve("partial");
        OutputDirectory.write(partial, OutputDirectoryTest::twoFiles);
        Files.delete(partial.resolve("report.html"));
        OutputDirectory.check(partial);
        // --force: the user's word, for this directory
        OutputDirectory.check(out, true);
        OutputDirectory.write(out, d -> Files.writeString(d.resolve("x.csv"), "x"));
        assertThat(names(out)).containsExactly(".metasched-output", "x.csv");
        assertThat(names(dir)).containsExactly("edited", "partial");
    }

    /**
     * {@link OutputDirectory#checkAhead}: what is there is checked now, the content of metasched's files beside the
     * work; a changed file is then refused by the write, before anything is replaced, and an unchanged directory is
     * replaced as after {@link OutputDirectory#check}.
     */
    @Test
    void aCheckAheadRefusesForeignFilesNowAndAChangedFileAtTheWrite() throws IOException {
        Path out = dir.resolve("ahead");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        Files.writeString(out.resolve("table.csv"), "1,2\n", java.nio.file.StandardOpenOption.APPEND);
        OutputDirectory.checkAhead(out, false); // the content is read on another thread
        assertThatThrownBy(() -> OutputDirectory.write(out, d -> Files.writeString(d.resolve("x.csv"), "x")))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(out + ": 'table.csv' was changed since metasched wrote it; give --force to replace the"
                        + " directory anyway, or another output directory");
        assertThat(out.resolve("table.csv")).hasContent("a,b\n1,2");
        assertThat(names(dir)).containsExactly("ahead");

        Files.writeString(out.resolve("mine.txt"), "mine");
        assertThatThrownBy(() -> OutputDirectory.checkAhead(out, false))
                .hasMessageContaining("holds 'mine.txt', which metasched did not write there");
        Files.delete(out.resolve("mine.txt"));

        // a change made after the reading ahead hashed the file (same size) is still found by the write
        Path late = dir.resolve("late");
        OutputDirectory.write(late, OutputDirectoryTest::twoFiles);
        Files.setLastModifiedTime(late.resolve("table.csv"), FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        OutputDirectory.checkAhead(late, false);
        OutputManifest.awaitAhead(OutputTargets.resolve(late));
        assertThat(OutputManifest.changedAhead(OutputTargets.resolve(late))).isFalse();
        Files.writeString(late.resolve("table.csv"), "x,y\n");
        assertThatThrownBy(() -> OutputDirectory.write(late, d -> Files.writeString(d.resolve("x.csv"), "x")))
                .hasMessageContaining("'table.csv' was changed");
        assertThat(late.resolve("table.csv")).hasContent("x,y");
        // and one made before it is seen without waiting for the write
        Path early = dir.resolve("early");
        OutputDirectory.write(early, OutputDirectoryTest::twoFiles);
        Files.writeString(early.resolve("table.csv"), "x,y\n");
        OutputDirectory.checkAhead(early, false);
        OutputManifest.awaitAhead(OutputTargets.resolve(early));
        assertThatThrownBy(() -> OutputDirectory.checkAheadResult(early, false))
                .hasMessageContaining("'table.csv' was changed");

        Path own = dir.resolve("own");
        OutputDirectory.write(own, OutputDirectoryTest::twoFiles);
        OutputDirectory.checkAhead(own, false);
        OutputDirectory.write(own, d -> Files.writeString(d.resolve("x.csv"), "x"));
        assertThat(names(own)).containsExactly(".metasched-output", "x.csv");

        OutputDirectory.checkAhead(out, true); // --force: replaced although changed
        OutputDirectory.write(out, d -> Files.writeString(d.resolve("x.csv"), "x"));
        assertThat(names(out)).containsExactly(".metasched-output", "x.csv");
    }

    /**
     * How long after its last change a file's time cannot tell a further change: 100 ms where the file system keeps
     * fractions of a second, 2 s where its times are whole seconds.
     */
    @Test
    void aFileIsRacyForTheGranularityItsTimeShows() {
        long now = 1_700_000_000_000L;
        FileTime fine = FileTime.from(java.time.Instant.ofEpochSecond(1_700_000_000L, 123_456_789));
        assertThat(OutputManifest.racy(fine, now + 123 + 99)).isTrue();
        assertThat(OutputManifest.racy(fine, now + 123 + 101)).isFalse();
        FileTime whole = FileTime.fromMillis(now);
        assertThat(OutputManifest.racy(whole, now + 1_999)).isTrue();
        assertThat(OutputManifest.racy(whole, now + 2_001)).isFalse();
    }

    /**
     * A file's hash is computed once per run when it was last modified well before (the checks before the work
     * and before the replacement read it again only when its identity, size or time changed), and every time when
     * it was modified just before: a change within the file system's timestamp granularity could keep both.
     */
    @Test
    void aChangeAfterTheFirstCheckIsStillSeenAndARecentFileIsHashedEachTime() throws IOException {
        Path out = dir.resolve("rerun");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        Path table = out.resolve("table.csv");
        FileTime hourAgo = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
        Files.setLastModifiedTime(table, hourAgo);
        OutputDirectory.check(out); // hashed and kept
        Files.writeString(table, "x,y\n"); // same size, new time
        assertThatThrownBy(() -> OutputDirectory.check(out)).hasMessageContaining("'table.csv' was changed");
        Files.writeString(table, "a,b\n");
        Files.setLastModifiedTime(table, hourAgo);
        OutputDirectory.check(out);

        // kept: the same identity, size and time stand for the content checked earlier in this run
        Files.writeString(table, "y,x\n");
        Files.setLastModifiedTime(table, hourAgo);
        OutputDirectory.check(out);

        // a file modified just before it was read is not kept: the same edit is seen
        Path recent = dir.resolve("recent");
        OutputDirectory.write(recent, OutputDirectoryTest::twoFiles);
        Path t = recent.resolve("table.csv");
        // "just before", whatever the machine's load: a time ahead of the clock is always within the window
        FileTime written = FileTime.from(java.time.Instant.now().plusSeconds(60).plusNanos(123_456));
        Files.setLastModifiedTime(t, written);
        OutputDirectory.check(recent);
        Files.writeString(t, "y,x\n");
        Files.setLastModifiedTime(t, written);
        assertThatThrownBy(() -> OutputDirectory.check(recent)).hasMessageContaining("'table.csv' was changed");
    }

    @Test
    void forceNeverReplacesAFileMetaschedDidNotWrite() throws IOException {
        Path out = dir.resolve("run");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        Files.writeString(out.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> OutputDirectory.check(out, true)).hasMessageContaining("holds 'notes.txt'");
        assertThatThrownBy(() -> OutputDirectory.write(out, OutputDirectoryTest::twoFiles))
                .hasMessageContaining("holds 'notes.txt'");
        assertThat(out.resolve("notes.txt")).hasContent("mine");
    }

    @Test
    void aSha256ManifestOfAnEarlierVersionIsStillChecked() throws IOException {
        Path old = Files.createDirectory(dir.resolve("old"));
        // the manifest first, so that the file is newer and read (not trusted by its change time)
        Files.writeString(
                old.resolve(OutputDirectory.MANIFEST),
                "# written by metasched; the next run that writes here replaces this directory as a whole unless a"
                        + " file below was changed (docs/outputs.md). SHA-256 and name of each file:\n"
                        // printf 'a\n' | sha256sum
                        + "87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7  table.csv\n");
        Files.writeString(old.resolve("table.csv"), "b\n");
        assertThatThrownBy(() -> OutputDirectory.check(old))
                .hasMessage(old + ": 'table.csv' was changed since metasched wrote it; give --force to replace the"
                        + " directory anyway, or another output directory");
        Files.writeString(old.resolve("table.csv"), "a\n");
        OutputDirectory.check(old);
        OutputDirectory.write(old, OutputDirectoryTest::twoFiles);
        assertThat(names(old)).containsExactly(".metasched-output", "report.html", "table.csv");
        assertThat(Files.readAllLines(old.resolve(OutputDirectory.MANIFEST))).contains("a2f9b9fd32136b6d  table.csv");
    }

    @Test
    void aManifestWithoutHashesOfAnEarlierVersionNeedsForce() throws IOException {
        Path old = Files.createDirectory(dir.resolve("old"));
        Files.writeString(old.resolve("table.csv"), "a\n");
        Files.writeString(
                old.resolve(OutputDirectory.MANIFEST),
                "# written by metasched; the next run that writes here replaces this directory as a whole. Files"
                        + " listed below:\ntable.csv\n");
        assertThatThrownBy(() -> OutputDirectory.check(old))
                .hasMessage(old + " was written by an earlier metasched whose manifest has no content hashes, so a"
                        + " change to its files cannot be told; give --force to replace it anyway, or another output"
                        + " directory");
        OutputDirectory.check(old, true);
        OutputDirectory.write(old, OutputDirectoryTest::twoFiles);
        assertThat(names(old)).containsExactly(".metasched-output", "report.html", "table.csv");
    }

    @Test
    void neverReplacesAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> OutputDirectory.write(file, OutputDirectoryTest::twoFiles))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(file + " exists and is not a directory; give another output directory (it is never"
                        + " replaced)");
        assertThat(file).hasContent("mine");
        assertThat(names(dir)).containsExactly("notes.txt");
    }

    @Test
    void neverReplacesADirectoryHoldingAnythingItDidNotWrite() throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(home.resolve("thesis.tex"), "precious");
        Files.writeString(home.resolve("report.html"), "mine too");
        assertThatThrownBy(() -> OutputDirectory.write(home, OutputDirectoryTest::twoFiles))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining(home + " is not empty and has no .metasched-output manifest");
        assertThat(home.resolve("thesis.tex")).hasContent("precious");
        assertThat(home.resolve("report.html")).hasContent("mine too");
        assertThat(names(dir)).containsExactly("home");
    }

    @Test
    void aFileAddedToAnOutputOrASubDirectoryMakesItForeign() throws IOException {
        Path out = dir.resolve("run");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        Files.writeString(out.resolve("notes.txt"), "my notes");
        assertThatThrownBy(() -> OutputDirectory.write(out, OutputDirectoryTest::twoFiles))
                .hasMessageContaining("holds 'notes.txt'");
        assertThat(out.resolve("notes.txt")).hasContent("my notes");
        Files.delete(out.resolve("notes.txt"));
        Files.createDirectory(out.resolve("plots.png")); // a known name, but a directory
        assertThatThrownBy(() -> OutputDirectory.write(out, OutputDirectoryTest::twoFiles))
                .hasMessageContaining("holds 'plots.png'");
        Path sub = Files.createDirectories(out.resolve("sub"));
        Files.delete(out.resolve("plots.png"));
        assertThatThrownBy(() -> OutputDirectory.write(out, OutputDirectoryTest::twoFiles))
                .hasMessageContaining("holds 'sub'");
        assertThat(sub).isDirectory();
    }

    @Test
    void aSymbolicLinkInsideIsNeverFollowedOrDeleted() throws IOException {
        Path precious = Files.writeString(dir.resolve("precious.txt"), "keep");
        Path out = dir.resolve("run");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        Files.delete(out.resolve("report.html"));
        Files.createSymbolicLink(out.resolve("report.html"), precious);
        assertThatThrownBy(() -> OutputDirectory.write(out, OutputDirectoryTest::twoFiles))
                .hasMessageContaining("holds 'report.html'");
        assertThat(precious).hasContent("keep");
        assertThat(Files.isSymbolicLink(out.resolve("report.html"))).isTrue();
    }

    @Test
    void anOutputReachedThroughASymbolicLinkIsWrittenWhereTheLinkPoints() throws IOException {
        Path real = dir.resolve("real");
        OutputDirectory.write(real, OutputDirectoryTest::twoFiles);
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        OutputDirectory.write(link, d -> Files.writeString(d.resolve("table.csv"), "via link\n"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(real.resolve("table.csv")).hasContent("via link");
    }

    @Test
    void aFileWhereADirectoryIsExpectedIsRefusedBeforeAnyWork() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        Path out = file.resolve("sub/run");
        assertThatThrownBy(() -> OutputDirectory.check(out))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("cannot write " + out + ": " + file + " is a file, not a directory");
        assertThatThrownBy(() -> OutputDirectory.write(out, d -> {
                    throw new AssertionError("must not run");
                }))
                .hasMessageContaining("is a file, not a directory");
        assertThat(names(dir)).containsExactly("file");
    }

    @Test
    void theRootDirectoryIsRefused() {
        assertThatThrownBy(() -> OutputDirectory.check(Path.of("/")))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("is the root directory");
    }

    /**
     * The directory the command runs in, and any holding it, are refused before anything else is looked at: {@code
     * -o .} in an empty folder replaced the folder the user's shell stood in.
     */
    @Test
    void theCurrentDirectoryAndItsParentsAreRefused() {
        for (String o :
                new String[] {".", "", "..", Path.of("").toAbsolutePath().toString()}) {
            assertThatThrownBy(() -> OutputDirectory.check(Path.of(o)))
                    .as("-o '%s'", o)
                    .isInstanceOf(InputFormatException.class)
                    .hasMessageContaining("the current directory; give an output directory below it");
            assertThatThrownBy(() -> OutputDirectory.write(Path.of(o), d -> {}))
                    .isInstanceOf(InputFormatException.class)
                    .hasMessageContaining("the current directory");
        }
        OutputDirectory.check(dir.resolve("below")); // anywhere else is as before
    }

    @Test
    void aFailureWhileWritingLeavesTheEarlierOutputAndNoTemporariesAndNamesTheReason() throws IOException {
        Path out = dir.resolve("run");
        OutputDirectory.write(out, OutputDirectoryTest::twoFiles);
        assertThatThrownBy(() -> OutputDirectory.write(out, d -> {
                    Files.writeString(d.resolve("table.csv"), "half");
                    throw new java.nio.file.FileSystemException(
                            d.resolve("report.html").toString(), null, "No space left on device");
                }))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("cannot write " + out + ": " + out.resolve("report.html") + ": No space left on device");
        assertThat(out.resolve("table.csv")).hasContent("a,b");
        assertThat(names(dir)).containsExactly("run");
    }

    @Test
    void aReadOnlyDirectoryIsNeverWrittenIntoOrReplacedEvenByRoot() throws IOException {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Path lockedOut = Files.createDirectory(dir.resolve("locked-out"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        Files.setPosixFilePermissions(lockedOut, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Path out = locked.resolve("a/run");
            assertThatThrownBy(() -> OutputDirectory.write(out, OutputDirectoryTest::twoFiles))
                    .isInstanceOf(InputFormatException.class)
                    .hasMessage("cannot write " + out + ": " + locked + ": Permission denied (it is read-only)");
            assertThatThrownBy(() -> OutputDirectory.check(lockedOut))
                    .hasMessage(
                            "cannot write " + lockedOut + ": " + lockedOut + ": Permission denied (it is read-only)");
            assertThat(names(locked)).isEmpty();
            assertThat(lockedOut).isDirectory();
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(lockedOut, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void anUnwritableParentIsOneLineWithTheSystemsReason() throws IOException {
        assumeFalse(
                "root".equals(System.getProperty("user.name")),
                "running as root, which may write into a read-only directory: covered by the file-in-the-way case");
        // owned by this user and writable by the owner only in name: rwx for the group, which this user is not in,
        // is not possible to arrange portably, so: the owner's write bit off, the group's on (not read-only to
        // metasched's own check), and the operating system refuses
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xrwxr-x"));
        try {
            Path out = locked.resolve("run");
            assertThatThrownBy(() -> OutputDirectory.write(out, OutputDirectoryTest::twoFiles))
                    .isInstanceOf(InputFormatException.class)
                    .hasMessageStartingWith("cannot write " + out + ": ")
                    .hasMessageEndingWith(": Permission denied");
            assertThat(names(locked)).isEmpty();
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
