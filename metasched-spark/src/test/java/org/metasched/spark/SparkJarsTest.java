package org.metasched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.cert.Certificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar a sweep on a cluster hands to Spark ({@code spark.jars}) is a file path, also from a folder whose name has
 * spaces: its URL's {@code %20} is decoded (Spark's own {@code jarOfClass} keeps it, and the context then could not
 * find the jar).
 */
class SparkJarsTest {
    @TempDir
    Path dir;

    @Test
    void aJarInAFolderWithSpacesIsItsFilePath() throws IOException {
        Path jar = Files.createDirectories(dir.resolve("my projects [2026]/target"))
                .resolve("metasched-spark.jar");
        Files.write(jar, new byte[] {0x50, 0x4b, 0x05, 0x06});
        CodeSource source = new CodeSource(jar.toUri().toURL(), (Certificate[]) null);
        assertThat(source.getLocation().toString()).contains("%20");
        assertThat(SparkCells.jarsOf(source)).containsExactly(jar.toString());
    }

    @Test
    void classesNotFromAJarGiveNone() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("target classes"));
        assertThat(SparkCells.jarsOf(new CodeSource(classes.toUri().toURL(), (Certificate[]) null)))
                .isEmpty();
        assertThat(SparkCells.jarsOf(null)).isEmpty();
    }
}
