package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's copy of the page's resources: made from the class path, read back the same, and a fallback. */
class ReportAssetsTest {
    @TempDir
    Path dir;

    private static byte[] fromClassPath(String name) throws IOException {
        try (InputStream in = ReportAssetsTest.class.getClassLoader().getResourceAsStream(name)) {
            assertThat(in).as(name + " on the test class path").isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void theCopyHoldsEveryResourceStoredAndByteForByte() throws IOException {
        Path copy = dir.resolve("assets.zip");
        ReportAssets.write(copy);
        List<String> names = new ArrayList<>();
        try (ZipFile zip = new ZipFile(copy.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                names.add(e.getName());
                assertThat(e.getMethod()).as(e.getName()).isEqualTo(ZipEntry.STORED);
                try (InputStream in = zip.getInputStream(e)) {
                    assertThat(in.readAllBytes()).as(e.getName()).isEqualTo(fromClassPath(e.getName()));
                }
            }
        }
        assertThat(names).containsExactlyElementsOf(ReportAssets.NAMES);
        assertThat(fromClassPath(ReportAssets.ECHARTS)).hasSizeGreaterThan(500_000);
    }

    @Test
    void aCopyIsReadInsteadOfTheClassPath() throws IOException {
        Path copy = dir.resolve("assets.zip");
        ReportAssets.write(copy);
        Map<String, byte[]> read = ReportAssets.read(copy);
        assertThat(read.keySet()).containsExactlyElementsOf(ReportAssets.NAMES);
        for (String name : ReportAssets.NAMES) {
            assertThat(read.get(name)).as(name).isEqualTo(fromClassPath(name));
        }
        // a copy whose template differs from the class path's: the copy's is the one read
        Path changed = dir.resolve("changed.zip");
        writeZip(changed, ReportAssets.NAMES, "<!-- the copy -->");
        assertThat(new String(ReportAssets.read(changed).get(ReportAssets.TEMPLATE), StandardCharsets.UTF_8))
                .isEqualTo("<!-- the copy -->");
    }

    @Test
    void withoutAUsableCopyEveryResourceComesFromTheClassPath() throws IOException {
        Path partial = dir.resolve("partial.zip");
        writeZip(partial, ReportAssets.NAMES.subList(0, 3), "<!-- the copy -->");
        Path notAZip = Files.writeString(dir.resolve("not-a-zip.zip"), "not a zip");
        Path emptyFile = Files.createFile(dir.resolve("empty.zip"));
        for (Path copy : java.util.Arrays.asList(null, dir.resolve("missing.zip"), partial, notAZip, emptyFile)) {
            Map<String, byte[]> read = ReportAssets.read(copy);
            for (String name : ReportAssets.NAMES) {
                assertThat(read.get(name)).as(copy + ": " + name).isEqualTo(fromClassPath(name));
            }
        }
    }

    @Test
    void theCommandLineWritesTheCopyToTheFileGiven() throws IOException {
        Path copy = dir.resolve("from-main.zip");
        ReportAssets.main(new String[] {copy.toString()});
        assertThat(ReportAssets.read(copy).get(ReportAssets.SCRIPT)).isEqualTo(fromClassPath(ReportAssets.SCRIPT));
    }

    /** A zip holding {@code names}, each with {@code text} as its bytes (compressed, as any zip tool writes). */
    private static void writeZip(Path file, List<String> names, String text) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String name : names) {
                zip.putNextEntry(new ZipEntry(name));
                zip.write(text.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
    }
}
