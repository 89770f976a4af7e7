package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BitsTest {
    @Test
    void trailingZerosAsTheJdkCountsThem() {
        assertThat(Bits.trailingZeros(0)).isEqualTo(64);
        for (int i = 0; i < 64; i++) {
            long bit = 1L << i;
            for (long x : new long[] {bit, -bit, bit | Long.MIN_VALUE, bit * 3, ~(bit - 1)}) {
                assertThat(Bits.trailingZeros(x)).as("%x", x).isEqualTo(Long.numberOfTrailingZeros(x));
            }
        }
        SplittableRandom r = new SplittableRandom(7);
        for (int k = 0; k < 200_000; k++) {
            long x = r.nextLong() << r.nextInt(64);
            assertThat(Bits.trailingZeros(x)).isEqualTo(Long.numberOfTrailingZeros(x));
        }
    }
}
