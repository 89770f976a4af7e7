package org.metasched.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Sha256Test {

    private static String jdk(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private static String ours(byte[] b) {
        Sha256 s = new Sha256();
        s.update(b, 0, b.length);
        return s.hex();
    }

    @Test
    void standardTestVectors() {
        assertThat(ours(new byte[0])).isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(ours("abc".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(ours("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    }

    @Test
    void everyLengthAroundTheBlockAndPaddingBoundaries() throws Exception {
        Random r = new Random(5);
        for (int n = 0; n <= 300; n++) {
            byte[] b = new byte[n];
            r.nextBytes(b);
            assertThat(ours(b)).as("%d bytes", n).isEqualTo(jdk(b));
        }
    }

    @Test
    void sameHashWhateverPiecesTheBytesComeIn() throws Exception {
        Random r = new Random(9);
        for (int k = 0; k < 50; k++) {
            byte[] b = new byte[r.nextInt(k < 45 ? 5000 : 3_000_000)];
            r.nextBytes(b);
            Sha256 s = new Sha256();
            for (int off = 0; off < b.length; ) {
                int len = Math.min(b.length - off, r.nextInt(r.nextBoolean() ? 70 : 70_000));
                s.update(b, off, len);
                off += len;
            }
            assertThat(s.hex()).isEqualTo(jdk(b));
        }
    }
}
