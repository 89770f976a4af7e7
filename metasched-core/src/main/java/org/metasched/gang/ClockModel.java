package org.metasched.gang;

import org.apache.commons.rng.UniformRandomProvider;

/** Clock rates of the processors (spec 5.1): all at the reference rate, or drawn per processor from P001's list. */
public enum ClockModel {
    /** Every processor runs at the reference clock rate: service time = processing time (+ latency). */
    HOMOGENEOUS,
    /** Each processor's rate drawn uniformly from {@link #PAPER_CLOCKS_MHZ} when the grid is created. */
    HETEROGENEOUS;

    /** P001 section 3: 1500, 1600, 1700, 1800, 1900, 2000, 2500, 3000, 3500 MHz. */
    private static final double[] PAPER_CLOCKS_MHZ = {1500, 1600, 1700, 1800, 1900, 2000, 2500, 3000, 3500};

    /** Clock rates of {@code processors} processors, in processor order. */
    public double[] draw(int processors, double referenceClockMHz, UniformRandomProvider rng) {
        double[] f = new double[processors];
        for (int p = 0; p < processors; p++) {
            f[p] = this == HOMOGENEOUS ? referenceClockMHz : PAPER_CLOCKS_MHZ[rng.nextInt(PAPER_CLOCKS_MHZ.length)];
        }
        return f;
    }
}
