package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The read-ahead stream: the source's bytes in order, its error after the bytes before it, no thread left. */
class ReadAheadInflaterTest {
    private static byte[] payload(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    private static boolean inflaterAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("trace-inflate") && t.isAlive());
    }

    @Test
    void givesTheSourceBytesInOrderWhateverTheReadSizes() throws IOException {
        for (int n :
                new int[] {0, 1, ReadAheadInflater.BLOCK - 1, ReadAheadInflater.BLOCK, 5 * ReadAheadInflater.BLOCK + 7
                }) {
            byte[] data = payload(n);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ReadAheadInflater in = new ReadAheadInflater(new ByteArrayInputStream(data))) {
                byte[] buf = new byte[1000];
                int step = 0;
                int r;
                while ((r = in.read(buf, 0, 1 + step++ % 997)) >= 0) {
                    out.write(buf, 0, r);
                }
                assertThat(in.read()).isEqualTo(-1);
            }
            assertThat(out.toByteArray()).as("%d bytes", n).isEqualTo(data);
        }
        assertThat(inflaterAlive()).isFalse();
    }

    @Test
    void anErrorComesAfterEveryByteBeforeIt() throws IOException {
        byte[] data = payload(3 * ReadAheadInflater.BLOCK + 11);
        InputStream failing = new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                int r = super.read(b, off, len);
                if (r < 0) {
                    throw new java.io.UncheckedIOException(new IOException("boom"));
                }
                return r;
            }
        };
        try (ReadAheadInflater in = new ReadAheadInflater(failing)) {
            byte[] got = in.readNBytes(data.length);
            assertThat(got).isEqualTo(data);
            assertThatThrownBy(in::read)
                    .isInstanceOf(java.io.UncheckedIOException.class)
                    .hasRootCauseMessage("boom");
        }
        InputStream ioFailing = new InputStream() {
            private int left = 10;

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (left == 0) {
                    throw new java.util.zip.ZipException("invalid stored block lengths");
                }
                int n = Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, (byte) 'x');
                left -= n;
                return n;
            }

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0];
            }
        };
        try (ReadAheadInflater in = new ReadAheadInflater(ioFailing)) {
            assertThat(in.readNBytes(10)).hasSize(10);
            assertThatThrownBy(in::read)
                    .isInstanceOf(java.util.zip.ZipException.class)
                    .hasMessage("invalid stored block lengths");
        }
    }

    @Test
    void closingEarlyStopsTheThread() throws IOException {
        byte[] data = payload(40 * ReadAheadInflater.BLOCK);
        ReadAheadInflater in = new ReadAheadInflater(new ByteArrayInputStream(data));
        assertThat(in.read()).isEqualTo(data[0] & 0xff);
        in.close();
        assertThat(inflaterAlive()).isFalse();
        in.close(); // twice is harmless
    }
}
