package org.metasched.availability;

import java.util.List;
import org.metasched.model.InputFormatException;
import org.metasched.model.Sizes;

/**
 * Nodes with uncertain availability and the scheduling horizon {@code [horizonStart, horizonEnd]}: a window may
 * start at every whole time in it and may end after {@code horizonEnd} (paper P003: 801 start times for [0, 800]).
 *
 * @param nodes the nodes; their positions (0-based) identify them in results and break ties
 * @param horizonStart earliest window start
 * @param horizonEnd latest window start, {@code >= horizonStart}
 */
public record AvailabilityDomain(List<AvailabilityNode> nodes, double horizonStart, double horizonEnd) {
    public AvailabilityDomain {
        nodes = List.copyOf(nodes);
        if (!Double.isFinite(horizonStart) || !Double.isFinite(horizonEnd) || horizonEnd < horizonStart) {
            throw new InputFormatException("horizon must be two finite numbers [start, end] with start <= end, got ["
                    + horizonStart + ", " + horizonEnd + "]");
        }
    }

    /** The first whole start time, {@code ceil(horizonStart)}. */
    public long firstStart() {
        return (long) Math.ceil(horizonStart);
    }

    /** How many whole start times the horizon holds (0 when it holds none), however many. */
    public long startTimeCount() {
        return Math.max(0, (long) Math.floor(horizonEnd) - firstStart() + 1);
    }

    /**
     * How many whole start times the horizon holds (0 when it holds none).
     *
     * @throws InputFormatException when they are more than {@link Integer#MAX_VALUE}, the most a search numbers
     *     ({@link AvailabilityWindowSearch#requireFits} says so first, naming the file)
     */
    public int startTimes() {
        long n = startTimeCount();
        if (n > Integer.MAX_VALUE) {
            throw new InputFormatException("horizon [" + Sizes.count(horizonStart) + ", " + Sizes.count(horizonEnd)
                    + "] holds " + Sizes.count(n) + " start times; the limit is " + Sizes.count(Integer.MAX_VALUE)
                    + ": give a shorter horizon");
        }
        return (int) n;
    }
}
