package org.metasched.flow;

/**
 * How many waiting jobs there are of each size (processors), and the smallest size with any: a count per size and
 * a bit per size with a non-zero count, so that the smallest is found a 64-size word at a time. The time series
 * asks for it after every instant; scanning the counts one size at a time from the last smallest cost more than
 * any other part of that step on a machine of 1,152 processors (SDSC-BLUE).
 */
final class SizeCounts {
    private final int[] count;
    private final long[] nonEmpty;
    /** No size below {@code 64 * lowWord} has a waiting job (a lower bound the search starts from). */
    private int lowWord;

    /** Sizes 0 to {@code maxSize}. */
    SizeCounts(int maxSize) {
        this.count = new int[maxSize + 1];
        this.nonEmpty = new long[(maxSize >>> 6) + 1];
        this.lowWord = nonEmpty.length;
    }

    void add(int size) {
        if (count[size]++ == 0) {
            int w = size >>> 6;
            nonEmpty[w] |= 1L << size;
            if (w < lowWord) {
                lowWord = w;
            }
        }
    }

    void remove(int size) {
        if (--count[size] == 0) {
            nonEmpty[size >>> 6] &= ~(1L << size);
        }
    }

    /** The smallest size with a waiting job, or {@link Integer#MAX_VALUE} when none waits. */
    int smallest() {
        for (int w = lowWord; w < nonEmpty.length; w++) {
            if (nonEmpty[w] != 0) {
                lowWord = w;
                return (w << 6) + Bits.trailingZeros(nonEmpty[w]);
            }
        }
        lowWord = nonEmpty.length;
        return Integer.MAX_VALUE;
    }
}
