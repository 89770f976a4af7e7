package org.metasched.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * XXH64, xxHash's 64-bit hash with seed 0 (the value {@code xxhsum -H1} prints), of the files of an output directory,
 * for its manifest ({@link OutputManifest}): it tells whether a file changed since metasched wrote it; it is not a
 * security boundary. Chosen over SHA-256, which the manifests held before, for what it costs in the short JVMs of
 * {@code simulate} (C1 only): 20 MB in about 25 ms of CPU against 140 ms (docs/performance.md). {@code Xxh64Test}
 * checks it against values {@code xxhsum} printed, and in random pieces against the whole.
 *
 * <p>The stripes' 64-bit lanes are read through a little-endian {@link java.nio.LongBuffer} view, 64 KB at a time,
 * whose bulk copy is much faster under C1 than assembling each lane from bytes.
 */
public final class Xxh64 {
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;
    /** Bytes per stripe: four lanes of 8 bytes. */
    private static final int STRIPE = 32;

    /** The lanes of up to 64 KB of stripes. */
    private final long[] lanes = new long[1 << 13];
    /** The bytes of an incomplete stripe. */
    private final byte[] tail = new byte[STRIPE];

    private long v1 = 0x60EA27EEADC0B5D6L; // P1 + P2, modulo 2^64
    private long v2 = P2;
    private long v3;
    private long v4 = -P1;
    private long length;
    private int filled;

    /** The hash of {@code b} in lower-case hexadecimal, 16 digits (as {@code xxhsum -H1} prints it). */
    public static String of(byte[] b) {
        Xxh64 h = new Xxh64();
        h.update(b, 0, b.length);
        return h.hex();
    }

    void update(byte[] b, int off, int len) {
        length += len;
        if (filled > 0) {
            int k = Math.min(len, STRIPE - filled);
            System.arraycopy(b, off, tail, filled, k);
            filled += k;
            off += k;
            len -= k;
            if (filled < STRIPE) {
                return;
            }
            stripes(tail, 0, STRIPE);
            filled = 0;
        }
        int whole = len & -STRIPE;
        stripes(b, off, whole);
        System.arraycopy(b, off + whole, tail, 0, len - whole);
        filled = len - whole;
    }

    /** Takes {@code len} bytes of {@code b} from {@code off}, a whole number of stripes. */
    private void stripes(byte[] b, int off, int len) {
        long[] w = lanes;
        long a = v1;
        long c = v2;
        long d = v3;
        long e = v4;
        while (len > 0) {
            int n = Math.min(len, w.length * 8);
            ByteBuffer.wrap(b, off, n)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .asLongBuffer()
                    .get(w, 0, n / 8);
            for (int i = 0, m = n / 8; i < m; i += 4) {
                a = round(a, w[i]);
                c = round(c, w[i + 1]);
                d = round(d, w[i + 2]);
                e = round(e, w[i + 3]);
            }
            off += n;
            len -= n;
        }
        v1 = a;
        v2 = c;
        v3 = d;
        v4 = e;
    }

    private static long round(long acc, long lane) {
        return Long.rotateLeft(acc + lane * P2, 31) * P1;
    }

    private static long merge(long h, long v) {
        return (h ^ round(0, v)) * P1 + P4;
    }

    /** The hash in lower-case hexadecimal, 16 digits (as {@code xxhsum} prints it); the instance is used up. */
    String hex() {
        long h;
        if (length >= STRIPE) {
            h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
            h = merge(merge(merge(merge(h, v1), v2), v3), v4);
        } else {
            h = v3 + P5; // v3 is still the seed, 0
        }
        h += length;
        int i = 0;
        for (; i + 8 <= filled; i += 8) {
            h = Long.rotateLeft(h ^ round(0, littleEndian(i, 8)), 27) * P1 + P4;
        }
        if (i + 4 <= filled) {
            h = Long.rotateLeft(h ^ littleEndian(i, 4) * P1, 23) * P2 + P3;
            i += 4;
        }
        for (; i < filled; i++) {
            h = Long.rotateLeft(h ^ (tail[i] & 0xffL) * P5, 11) * P1;
        }
        h = (h ^ (h >>> 33)) * P2;
        h = (h ^ (h >>> 29)) * P3;
        h ^= h >>> 32;
        String digits = Long.toHexString(h);
        return "0".repeat(16 - digits.length()) + digits;
    }

    /** The {@code n} bytes of the tail from {@code i} as a little-endian number. */
    private long littleEndian(int i, int n) {
        long v = 0;
        for (int k = n - 1; k >= 0; k--) {
            v = v << 8 | (tail[i + k] & 0xffL);
        }
        return v;
    }
}
