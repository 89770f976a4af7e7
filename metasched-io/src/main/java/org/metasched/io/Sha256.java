package org.metasched.io;

import java.util.HexFormat;

/**
 * SHA-256 (FIPS 180-4) of the files of an output directory whose manifest an earlier version wrote with SHA-256
 * ({@link ManifestHash}; manifests hold {@link Xxh64} since 2026-11-28). The JDK's {@code MessageDigest} computes the
 * same; it is not used here because of what it costs in the short JVMs of {@code simulate} (C1 only, where its SHA-256
 * has no intrinsic): its first use loads and initialises the security providers (tens of milliseconds), and its
 * compression function, compiled by C1, is no faster than this one. A content hash for the manifest, not a security
 * boundary. {@code Sha256Test} compares it with {@code MessageDigest} on the standard test vectors and on random data
 * in random pieces.
 */
final class Sha256 {
    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
    };

    private final int[] state = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    };
    private final int[] w = new int[64];
    /** The bytes of an incomplete block. */
    private final byte[] block = new byte[64];

    private int filled;
    private long length;

    void update(byte[] b, int off, int len) {
        length += len;
        if (filled > 0) {
            int k = Math.min(len, 64 - filled);
            System.arraycopy(b, off, block, filled, k);
            filled += k;
            off += k;
            len -= k;
            if (filled < 64) {
                return;
            }
            compress(block, 0);
            filled = 0;
        }
        for (; len >= 64; off += 64, len -= 64) {
            compress(b, off);
        }
        System.arraycopy(b, off, block, 0, len);
        filled = len;
    }

    /** The hash in lower-case hexadecimal (as {@code sha256sum} prints it); the instance is used up. */
    String hex() {
        long bits = length * 8;
        byte[] pad = new byte[(filled < 56 ? 64 : 128) - filled];
        pad[0] = (byte) 0x80;
        for (int i = 0; i < 8; i++) {
            pad[pad.length - 1 - i] = (byte) (bits >>> (8 * i));
        }
        update(pad, 0, pad.length);
        byte[] out = new byte[32];
        for (int i = 0; i < 8; i++) {
            int h = state[i];
            out[4 * i] = (byte) (h >>> 24);
            out[4 * i + 1] = (byte) (h >>> 16);
            out[4 * i + 2] = (byte) (h >>> 8);
            out[4 * i + 3] = (byte) h;
        }
        return HexFormat.of().formatHex(out);
    }

    private void compress(byte[] b, int off) {
        int[] w = this.w;
        for (int t = 0; t < 16; t++, off += 4) {
            w[t] = (b[off] << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8) | (b[off + 3] & 0xff);
        }
        for (int t = 16; t < 64; t++) {
            int x = w[t - 15];
            int y = w[t - 2];
            int s0 = Integer.rotateRight(x, 7) ^ Integer.rotateRight(x, 18) ^ (x >>> 3);
            int s1 = Integer.rotateRight(y, 17) ^ Integer.rotateRight(y, 19) ^ (y >>> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        int[] s = state;
        int a = s[0];
        int bb = s[1];
        int c = s[2];
        int d = s[3];
        int e = s[4];
        int f = s[5];
        int g = s[6];
        int h = s[7];
        for (int t = 0; t < 64; t++) {
            int sum1 = Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25);
            int choice = (e & f) ^ (~e & g);
            int t1 = h + sum1 + choice + K[t] + w[t];
            int sum0 = Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22);
            int majority = (a & bb) ^ (a & c) ^ (bb & c);
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = bb;
            bb = a;
            a = t1 + sum0 + majority;
        }
        s[0] += a;
        s[1] += bb;
        s[2] += c;
        s[3] += d;
        s[4] += e;
        s[5] += f;
        s[6] += g;
        s[7] += h;
    }
}
