package org.metasched.flow;

/**
 * {@link Long#numberOfTrailingZeros} by a de Bruijn multiplication and a table: C1, the only compiler {@code simulate}
 * runs with, has no intrinsic for it in JDK 17 and does not inline the JDK's method (80 bytes of bytecode), so every
 * use was a call into a loop of shifts; this one is small enough to be inlined. Used by the processor pool and the
 * waiting sizes, once or twice per job and per instant. {@code BitsTest} compares it with the JDK's for every single
 * bit and random words.
 */
final class Bits {
    private static final long DE_BRUIJN = 0x03f79d71b4ca8b09L;
    private static final byte[] INDEX = new byte[64];

    static {
        for (int i = 0; i < 64; i++) {
            INDEX[(int) (((1L << i) * DE_BRUIJN) >>> 58)] = (byte) i;
        }
    }

    private Bits() {}

    /** The number of zero bits below the lowest one bit of {@code x}; 64 when {@code x} is 0. */
    static int trailingZeros(long x) {
        return x == 0 ? 64 : INDEX[(int) (((x & -x) * DE_BRUIJN) >>> 58)];
    }
}
