package org.metasched.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.io.WrittenFiles.Check;

class WrittenFilesTest {
    @TempDir
    Path dir;

    private static void table(Path d) throws IOException {
        Files.writeString(d.resolve("table.csv"), "a,b\n");
    }

    @Test
    void aFileIsCheckedAgainstTheHashItsManifestLists() throws IOException {
        Path out = dir.resolve("run");
        OutputDirectory.write(out, WrittenFilesTest::table);
        assertThat(WrittenFiles.check(out, "table.csv")).isEqualTo(Check.UNCHANGED);
        assertThat(WrittenFiles.check(out, "other.csv")).isEqualTo(Check.NOT_LISTED);
        Files.writeString(out.resolve("table.csv"), "a,c\n"); // same size
        assertThat(WrittenFiles.check(out, "table.csv")).isEqualTo(Check.CHANGED);
    }

    @Test
    void aSha256ManifestIsCheckedWithSha256() throws IOException {
        Path old = Files.createDirectory(dir.resolve("old"));
        Files.writeString(
                old.resolve(OutputDirectory.MANIFEST),
                "# written by metasched; the next run that writes here replaces this directory as a whole unless a"
                        + " file below was changed (docs/outputs.md). SHA-256 and name of each file:\n"
                        // printf 'a\n' | sha256sum
                        + "87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7  table.csv\n");
        Files.writeString(old.resolve("table.csv"), "a\n");
        assertThat(WrittenFiles.check(old, "table.csv")).isEqualTo(Check.UNCHANGED);
        Files.writeString(old.resolve("table.csv"), "b\n");
        assertThat(WrittenFiles.check(old, "table.csv")).isEqualTo(Check.CHANGED);
    }

    @Test
    void aFileThatCannotBeCheckedIsToldApart() throws IOException {
        Path d = Files.createDirectory(dir.resolve("d"));
        table(d);
        assertThat(WrittenFiles.check(d, "table.csv")).isEqualTo(Check.NO_MANIFEST);
        Files.writeString(
                d.resolve(OutputDirectory.MANIFEST),
                "# written by metasched; the next run that writes here replaces this directory as a whole."
                        + " Files listed below:\ntable.csv\n");
        assertThat(WrittenFiles.check(d, "table.csv")).isEqualTo(Check.NO_HASH);
        Files.writeString(d.resolve(OutputDirectory.MANIFEST), "table.csv\n");
        assertThat(WrittenFiles.check(d, "table.csv")).isEqualTo(Check.NOT_A_MANIFEST);
    }
}
