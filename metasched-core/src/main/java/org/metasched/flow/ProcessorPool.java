package org.metasched.flow;

import org.metasched.model.GrowableArrays;

/**
 * Concrete processor ids {@code 0..P-1} of a homogeneous machine, handed out lowest-free-first and recorded
 * compactly as ranges (for Gantt charts). One bit per processor; allocation and release are word-at-a-time loops.
 */
public final class ProcessorPool {
    private final int size;
    private final long[] freeBits;
    private int free;
    /** Every word below this one has no free processor (where an allocation's search starts). */
    private int firstFreeWord;
    /** All ranges ever handed out, as pairs {@code first, lastInclusive}. */
    private int[] ranges;

    private int rangesLength;
    private int lastCount;

    public ProcessorPool(int processors) {
        this(processors, 64);
    }

    /**
     * A pool whose range table has room for {@code expectedJobs} allocations of two ranges each before it grows (a
     * trace replay knows its number of jobs; growing by doubling copied the table a dozen times on SDSC-BLUE,
     * which averages 1.7 ranges a job).
     */
    public ProcessorPool(int processors, int expectedJobs) {
        this.ranges = new int[(int) Math.min(1 << 28, Math.max(256L, 4L * expectedJobs))];
        this.size = processors;
        this.freeBits = new long[(processors + 63) >>> 6];
        for (int i = 0; i < processors; i++) {
            freeBits[i >>> 6] |= 1L << (i & 63);
        }
        this.free = processors;
    }

    public int size() {
        return size;
    }

    public int free() {
        return free;
    }

    /**
     * Takes the {@code count} lowest free processors.
     *
     * @return the offset of the first range in {@link #ranges()}; the number of ranges is {@link #lastRangeCount()}
     */
    public int allocate(int count) {
        if (count < 1 || count > free) {
            throw new IllegalStateException("cannot allocate " + count + " processors, " + free + " free");
        }
        int offset = rangesLength;
        int need = count;
        int runStart = -1;
        int prev = -2;
        // run by run of free ids within each word (not bit by bit): the same lowest-first ids and ranges
        for (int w = firstFreeWord; w < freeBits.length && need > 0; w++) {
            long bits = freeBits[w];
            while (bits != 0 && need > 0) {
                int bit = Bits.trailingZeros(bits);
                int run = Math.min(Bits.trailingZeros(~(bits >>> bit)), need); // free ids from bit on
                long mask = (run == 64 ? -1L : (1L << run) - 1) << bit;
                bits &= ~mask;
                freeBits[w] &= ~mask;
                need -= run;
                int id = (w << 6) + bit;
                if (id != prev + 1) {
                    if (runStart >= 0) {
                        push(runStart, prev);
                    }
                    runStart = id;
                }
                prev = id + run - 1;
            }
        }
        push(runStart, prev);
        while (firstFreeWord < freeBits.length && freeBits[firstFreeWord] == 0) {
            firstFreeWord++;
        }
        free -= count;
        lastCount = (rangesLength - offset) / 2;
        return offset;
    }

    /** Number of ranges made by the last {@link #allocate}. */
    public int lastRangeCount() {
        return lastCount;
    }

    /** Gives back the processors of ranges {@code [offset, offset + count)}. */
    public void release(int offset, int count) {
        for (int r = 0; r < count; r++) {
            int first = ranges[offset + 2 * r];
            int last = ranges[offset + 2 * r + 1];
            firstFreeWord = Math.min(firstFreeWord, first >>> 6);
            // word by word: the ids of the range that fall into word w
            for (int w = first >>> 6; w <= last >>> 6; w++) {
                int from = Math.max(first, w << 6) & 63;
                int to = Math.min(last, (w << 6) + 63) & 63;
                long mask = (to - from == 63 ? -1L : (1L << (to - from + 1)) - 1) << from;
                long twice = freeBits[w] & mask;
                if (twice != 0) {
                    throw new IllegalStateException(
                            "processor " + ((w << 6) + Long.numberOfTrailingZeros(twice)) + " released twice");
                }
                freeBits[w] |= mask;
                free += to - from + 1;
            }
        }
    }

    /** The range table: pairs {@code first, lastInclusive}. */
    public int[] ranges() {
        return ranges;
    }

    private void push(int first, int last) {
        ranges = GrowableArrays.ensure(ranges, rangesLength + 2);
        ranges[rangesLength++] = first;
        ranges[rangesLength++] = last;
    }
}
