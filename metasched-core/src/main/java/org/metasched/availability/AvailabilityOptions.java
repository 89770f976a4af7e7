package org.metasched.availability;

import org.metasched.model.InputFormatException;

/**
 * How an availability window search scans time and quantises costs.
 *
 * @param startPoints 0 for the full scan over every whole start time, else K starting points (spec 4.5, D18)
 * @param placement where the K starting points lie
 * @param step the gradient step delta, {@code >= 1} (spec FLAG: default 10)
 * @param seed seeds the random placements
 * @param bounded for the full scan only: skip start times that cannot beat the best so far (the unbounded MaxP
 *     product is an upper bound for every selection) and start times whose availabilities equal the previous
 *     ones; the window is the same as the plain full scan's, with fewer {@code evaluations}
 * @param costQuantum the knapsack's cost quantum q (spec D4), or {@link KnapsackSelection#DATA_QUANTUM} (the default):
 *     the data's, exact for prices with cents
 * @param maxBudgetUnits the knapsack raises q to {@code budget / maxBudgetUnits} when that is larger
 */
public record AvailabilityOptions(
        int startPoints,
        StartPointPlacement placement,
        int step,
        long seed,
        boolean bounded,
        double costQuantum,
        long maxBudgetUnits) {
    /** The default gradient step. */
    public static final int DEFAULT_STEP = 10;

    /**
     * Full scan, plain; uniform placement and step 10 for K starting points; seed 0; the data's quantum, 10^4 units.
     */
    public static final AvailabilityOptions DEFAULTS = new AvailabilityOptions(
            0,
            StartPointPlacement.UNIFORM,
            DEFAULT_STEP,
            0L,
            false,
            KnapsackSelection.DATA_QUANTUM,
            KnapsackSelection.DEFAULT_MAX_BUDGET_UNITS);

    public AvailabilityOptions {
        if (startPoints < 0) {
            throw new InputFormatException("start-points must be 'full' or a whole number >= 1, got " + startPoints);
        }
        if (placement == null) {
            throw new IllegalArgumentException("placement must be given");
        }
        if (step < 1) {
            throw new InputFormatException("step must be a whole number >= 1, got " + step);
        }
        if (!(costQuantum >= 0) || !Double.isFinite(costQuantum)) {
            throw new InputFormatException(
                    "cost quantum must be a finite number > 0 (or 0: the data's), got " + costQuantum);
        }
        if (maxBudgetUnits < 1) {
            throw new InputFormatException("max budget units must be >= 1, got " + maxBudgetUnits);
        }
    }

    /**
     * Parses the {@code --start-points} value: {@code full} gives 0, a whole number K >= 1 gives K.
     *
     * @throws InputFormatException naming the value and what is expected
     */
    public static int parseStartPoints(String value) {
        if (value.equals("full")) {
            return 0;
        }
        try {
            int k = Integer.parseInt(value);
            if (k >= 1) {
                return k;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputFormatException("start-points must be 'full' or a whole number >= 1, got '" + value + "'");
    }

    public boolean fullScan() {
        return startPoints == 0;
    }

    public AvailabilityOptions withStartPoints(int k) {
        return new AvailabilityOptions(k, placement, step, seed, bounded, costQuantum, maxBudgetUnits);
    }

    public AvailabilityOptions withPlacement(StartPointPlacement p) {
        return new AvailabilityOptions(startPoints, p, step, seed, bounded, costQuantum, maxBudgetUnits);
    }

    public AvailabilityOptions withStep(int delta) {
        return new AvailabilityOptions(startPoints, placement, delta, seed, bounded, costQuantum, maxBudgetUnits);
    }

    public AvailabilityOptions withSeed(long s) {
        return new AvailabilityOptions(startPoints, placement, step, s, bounded, costQuantum, maxBudgetUnits);
    }

    public AvailabilityOptions withBounded(boolean b) {
        return new AvailabilityOptions(startPoints, placement, step, seed, b, costQuantum, maxBudgetUnits);
    }

    public AvailabilityOptions withQuantisation(double quantum, long units) {
        return new AvailabilityOptions(startPoints, placement, step, seed, bounded, quantum, units);
    }
}
