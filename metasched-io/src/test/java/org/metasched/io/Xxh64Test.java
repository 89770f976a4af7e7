package org.metasched.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Xxh64Test {

    private static String hex(byte[] b) {
        Xxh64 h = new Xxh64();
        h.update(b, 0, b.length);
        return h.hex();
    }

    /** Byte {@code i} of the inputs below: {@code ((i * 2654435761) >> 13) & 0xff}, as the values were made. */
    private static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ((i * 2654435761L) >>> 13);
        }
        return b;
    }

    @Test
    void theValuesXxhsumPrints() {
        // echo -n abc | xxhsum -H1 - (xxHash 0.8.1)
        assertThat(hex("abc".getBytes(StandardCharsets.US_ASCII))).isEqualTo("44bc2cf5ad770999");
        // python3 -c "import sys; sys.stdout.buffer.write(bytes(((i*2654435761)>>13)&0xff for i in range(N)))" \
        //     | xxhsum -H1 -
        // around the stripe (32 bytes), the lane (8), the half lane (4) and the 64 KB of lanes read at a time
        Object[][] printed = {
            {0, "ef46db3751d8e999"},
            {1, "e934a84adb052768"},
            {3, "28823e205e353f69"},
            {4, "91b65bbe720c34cf"},
            {7, "e2400cdea02ee3c5"},
            {8, "521fd2878ea69d17"},
            {9, "192535de38f73596"},
            {31, "b74baa9042b94dee"},
            {32, "4e13111ced6f735d"},
            {33, "f7b9faf20b3bce63"},
            {63, "35f935e6044a08ad"},
            {64, "cd91daec2c21766f"},
            {65, "7c795c59456ed577"},
            {100, "d61ea92c5ae13676"},
            {1000, "b260521730b6d8d9"},
            {65549, "b648b59a1d219006"},
            {1048576, "ae5ba942a34abdcf"}
        };
        for (Object[] p : printed) {
            assertThat(hex(pattern((Integer) p[0]))).as("%d bytes", p[0]).isEqualTo(p[1]);
        }
    }

    @Test
    void sameHashWhateverPiecesTheBytesComeIn() {
        Random r = new Random(9);
        for (int k = 0; k < 60; k++) {
            byte[] b = new byte[r.nextInt(k < 50 ? 5000 : 3_000_000)];
            r.nextBytes(b);
            Xxh64 h = new Xxh64();
            for (int off = 0; off < b.length; ) {
                int len = Math.min(b.length - off, r.nextInt(r.nextBoolean() ? 70 : 140_000));
                h.update(b, off, len);
                off += len;
            }
            assertThat(h.hex()).isEqualTo(hex(b));
        }
    }

    @Test
    void aChangedByteChangesTheHash() {
        byte[] b = pattern(70_000);
        String before = hex(b);
        for (int i : new int[] {0, 7, 31, 32, 65_535, 65_536, 69_999}) {
            b[i] ^= 1;
            assertThat(hex(b)).as("byte %d", i).isNotEqualTo(before);
            b[i] ^= 1;
        }
        assertThat(hex(b)).isEqualTo(before);
    }
}
