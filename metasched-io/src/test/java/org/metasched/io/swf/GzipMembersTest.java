package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gzipped trace is its members and nothing else: concatenated members read as one text, bytes after the last
 * member that start no member are an error naming their offset (java.util.zip's GZIPInputStream ignored them), and
 * the text is what GZIPInputStream inflates.
 */
class GzipMembersTest {
    @TempDir
    Path dir;

    private static final byte[] TEXT =
            SwfTraces.random(new Random(91), 3_000, 64, 0).getBytes(StandardCharsets.UTF_8);

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private SwfTrace read(String name, byte[] file) throws IOException {
        Path p = Files.write(dir.resolve(name), file);
        return new SwfReader(SwfOptions.DEFAULTS).read(p);
    }

    @Test
    void concatenatedMembersReadAsTheWholeText() throws IOException {
        int cut = TEXT.length / 3;
        byte[] a = SwfPipeTest.gzip(Arrays.copyOf(TEXT, cut));
        byte[] b = SwfPipeTest.gzip(Arrays.copyOfRange(TEXT, cut, TEXT.length));
        byte[] empty = SwfPipeTest.gzip(new byte[0]);
        SwfTrace whole = read("t.swf.gz", SwfPipeTest.gzip(TEXT));
        assertThat(whole.records()).isEqualTo(3_000);
        SwfTraces.assertSame(read("t.swf.gz", concat(a, empty, b, empty)), whole);
    }

    @Test
    void bytesAfterTheLastMemberAreAnErrorNamingTheirOffset() throws IOException {
        byte[] gz = SwfPipeTest.gzip(TEXT);
        Path p = Files.write(dir.resolve("t.swf.gz"), concat(gz, "garbage\n".getBytes(StandardCharsets.US_ASCII)));
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(p))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage(p + ": data after the end of the gzip stream, at byte offset " + gz.length
                        + " (0x67 0x61), that starts no gzip member; expected the end of the file or another gzip"
                        + " member (as gzip -c a >> b appends)");
        // after a second member, one byte, garbage after zeros (zeros alone are padding: see below), a bad record
        byte[] two = concat(gz, gz);
        assertThat(SwfTraces.catchMessage(() -> read(two, new byte[] {'x'})))
                .contains("at byte offset " + two.length + " (0x78), that starts no gzip member");
        assertThat(SwfTraces.catchMessage(() -> read(gz, new byte[] {0, 0, 0, 'x', 'y'})))
                .contains("at byte offset " + (gz.length + 3) + " (0x78 0x79)");
        byte[] bad = SwfPipeTest.gzip("; MaxProcs: 8\n1 2 3\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(SwfTraces.catchMessage(() -> read(bad, new byte[] {1, 2})))
                .contains("at byte offset " + bad.length + " (0x01 0x02)");
        // what looks like a member and is not one is damaged gzip data
        assertThat(SwfTraces.catchMessage(() -> read(gz, new byte[] {0x1f, (byte) 0x8b, 7})))
                .endsWith(": the gzip data is damaged (Unsupported compression method); expected a gzipped SWF trace");
    }

    @Test
    void zeroBytesAfterTheLastMemberArePaddingAsForGzip() throws IOException {
        byte[] gz = SwfPipeTest.gzip(TEXT);
        for (int zeros : new int[] {1, 2, 512, 70_000}) { // one, a pair, a block, more than the buffer below
            byte[] file = concat(gz, gz, new byte[zeros]);
            assertThat(inflate(new GzipMembers(new ByteArrayInputStream(file), 1 << 10)))
                    .as("%d zero bytes", zeros)
                    .isEqualTo(concat(TEXT, TEXT));
        }
        SwfTraces.assertSame(read("t.swf.gz", concat(gz, new byte[512])), read("t.swf.gz", gz));
    }

    private void read(byte[] gz, byte[] after) {
        try {
            read("t.swf.gz", concat(gz, after));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A member header with every optional field (extra, name, comment, header CRC), as other gzip writers give. */
    @Test
    void everyOptionalHeaderFieldIsReadAndChecked() throws IOException {
        byte[] member = member(TEXT);
        byte[] file = concat(member, SwfPipeTest.gzip(TEXT));
        assertThat(inflate(new GzipMembers(new ByteArrayInputStream(file), 1 << 10)))
                .isEqualTo(concat(TEXT, TEXT));
        try (InputStream jdk = new GZIPInputStream(new ByteArrayInputStream(file))) {
            assertThat(jdk.readAllBytes()).isEqualTo(concat(TEXT, TEXT));
        }
        byte[] badHeaderCrc = member.clone();
        badHeaderCrc[HEADER_CRC_AT]++;
        assertThatThrownBy(() -> inflate(new GzipMembers(new ByteArrayInputStream(badHeaderCrc), 64)))
                .hasMessage("Corrupt GZIP header");
        byte[] badCrc = member.clone();
        badCrc[badCrc.length - 8]++;
        assertThatThrownBy(() -> inflate(new GzipMembers(new ByteArrayInputStream(badCrc), 64)))
                .hasMessage("Corrupt GZIP trailer");
        byte[] badSize = member.clone();
        badSize[badSize.length - 1]++;
        assertThatThrownBy(() -> inflate(new GzipMembers(new ByteArrayInputStream(badSize), 64)))
                .hasMessage("Corrupt GZIP trailer");
        byte[] cut = Arrays.copyOf(member, member.length - 3);
        assertThatThrownBy(() -> inflate(new GzipMembers(new ByteArrayInputStream(cut), 64)))
                .isInstanceOf(java.io.EOFException.class);
    }

    private static final int HEADER_CRC_AT = 10 + 2 + 3 + 5 + 8;

    /** A gzip member of {@code text} with extra field "abc", name "name", comment "comment" and a header CRC. */
    private static byte[] member(byte[] text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3});
        out.writeBytes(new byte[] {3, 0, 'a', 'b', 'c'});
        out.writeBytes("name\0comment\0".getBytes(StandardCharsets.US_ASCII));
        CRC32 h = new CRC32();
        h.update(out.toByteArray());
        int hv = (int) h.getValue();
        out.write(hv & 0xff);
        out.write(hv >>> 8 & 0xff);
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        d.setInput(text);
        d.finish();
        byte[] chunk = new byte[4096];
        while (!d.finished()) {
            out.write(chunk, 0, d.deflate(chunk));
        }
        d.end();
        CRC32 c = new CRC32();
        c.update(text);
        for (long v : new long[] {c.getValue(), text.length}) {
            for (int i = 0; i < 4; i++) {
                out.write((int) (v >>> (8 * i)) & 0xff);
            }
        }
        return out.toByteArray();
    }

    private static byte[] inflate(InputStream in) throws IOException {
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] b = new byte[777];
            int n;
            while ((n = in.read(b, 0, b.length)) >= 0) {
                out.write(b, 0, n);
            }
            return out.toByteArray();
        }
    }
}
