package org.metasched.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HashedOutputStreamTest {
    @TempDir
    Path dir;

    private static String hash(byte[] bytes) {
        return Xxh64.of(bytes);
    }

    /** Writes {@code bytes} in pieces of random sizes, single bytes among them. */
    private static void writeInPieces(OutputStream out, byte[] bytes, Random random) throws IOException {
        int i = 0;
        while (i < bytes.length) {
            if (random.nextInt(4) == 0) {
                out.write(bytes[i++]);
                continue;
            }
            int n = Math.min(bytes.length - i, random.nextInt(150_000));
            out.write(bytes, i, n);
            i += n;
        }
    }

    @Test
    void theManifestListsTheHashOfWhatWasWrittenHoweverItWasWritten() throws Exception {
        Random random = new Random(25);
        int[] sizes = {0, 1, 65_535, 65_536, 65_537, 1_000_003};
        byte[][] contents = new byte[sizes.length][];
        for (int k = 0; k < sizes.length; k++) {
            contents[k] = new byte[sizes[k]];
            random.nextBytes(contents[k]);
        }
        Path out = dir.resolve("run");
        OutputDirectory.write(out, d -> {
            for (int k = 0; k < sizes.length; k++) {
                try (OutputStream o = HashedOutputStream.open(d.resolve("f" + k + ".bin"))) {
                    writeInPieces(o, contents[k], random);
                }
            }
        });
        List<String> manifest = Files.readAllLines(out.resolve(OutputDirectory.MANIFEST));
        for (int k = 0; k < sizes.length; k++) {
            assertThat(Files.readAllBytes(out.resolve("f" + k + ".bin"))).isEqualTo(contents[k]);
            assertThat(manifest).contains(hash(contents[k]) + "  f" + k + ".bin");
        }
    }

    @Test
    void aKnownHashIsTakenOnlyForAnUnchangedFile() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "alpha\n");
        Path b = Files.writeString(dir.resolve("b.txt"), "beta\n");
        FileTime ta = Files.getLastModifiedTime(a);
        String fake = "f".repeat(64);
        OutputManifest.write(
                dir,
                Map.of(
                        "a.txt", new OutputManifest.Hashed(fake, 6, ta),
                        "b.txt", new OutputManifest.Hashed(fake, 6, Files.getLastModifiedTime(b)))); // b: 5 bytes
        List<String> manifest = Files.readAllLines(dir.resolve(OutputDirectory.MANIFEST));
        assertThat(manifest).contains(fake + "  a.txt").contains(ManifestHash.XXH64.of(b) + "  b.txt");
        assertThat(ManifestHash.XXH64.of(b)).isNotEqualTo(fake);

        Files.setLastModifiedTime(a, FileTime.fromMillis(ta.toMillis() - 60_000));
        OutputManifest.write(dir, Map.of("a.txt", new OutputManifest.Hashed(fake, 6, ta)));
        assertThat(Files.readAllLines(dir.resolve(OutputDirectory.MANIFEST)))
                .contains(ManifestHash.XXH64.of(a) + "  a.txt");
    }

    @Test
    void outsideAnOutputDirectoryItIsAPlainFile() throws IOException {
        byte[] bytes = new byte[200_000];
        new Random(7).nextBytes(bytes);
        Path f = dir.resolve("plain.bin");
        try (OutputStream o = HashedOutputStream.open(f)) {
            writeInPieces(o, bytes, new Random(8));
        }
        assertThat(Files.readAllBytes(f)).isEqualTo(bytes);
    }
}
