package org.metasched.io.problem;

import java.util.Arrays;
import org.metasched.io.TreeReader;
import org.metasched.model.Parameter;
import org.metasched.model.Tolerance;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;

/**
 * Refuses a problem whose horizon is so long that the searches' tolerance would take two of its own times for one.
 *
 * <p>The searches compare the times of a slot list within a tolerance relative to its span (spec 0.1, {@link
 * Tolerance}; {@link SlotList#timeTolerance()}): {@code 1e-14} of the span beyond {@code 10^5}. With a horizon of
 * {@code 2e14} that is 2 units, and a node busy until 12 looked free from 10: {@code select} returned a window that
 * overlapped busy time. So when the tolerance has grown past the absolute {@code 1e-9} and reaches half the distance
 * between the two closest distinct start or end times of the free slots, the file is refused, naming both times and
 * the longest horizon that would do. Below {@code 10^5} nothing is refused: there the tolerance is the spec's
 * absolute one, and times closer than it are meant to be one.
 */
final class TimeResolution {
    private TimeResolution() {}

    /** Fails, naming {@code horizon}'s field, when the domain's times are closer than its tolerance can tell. */
    static void require(TreeReader horizon, ResourceDomain domain) {
        SlotList slots = domain.slots();
        int n = slots.size();
        if (n == 0) {
            return;
        }
        double first = slots.start(0); // the searches compare times from the first start on (RelativeTime)
        double[] times = new double[2 * n];
        double last = first;
        for (int i = 0; i < n; i++) {
            times[2 * i] = slots.start(i);
            times[2 * i + 1] = slots.end(i);
            last = Math.max(last, slots.end(i));
        }
        double tol = Tolerance.at(last - first);
        if (tol <= Tolerance.EPS) {
            return;
        }
        Arrays.sort(times);
        int closest = -1;
        for (int i = 1; i < times.length; i++) {
            double gap = times[i] - times[i - 1];
            if (gap > 0 && (closest < 0 || gap < times[closest] - times[closest - 1])) {
                closest = i;
            }
        }
        if (closest < 0 || 2 * tol < times[closest] - times[closest - 1]) {
            return;
        }
        double gap = times[closest] - times[closest - 1];
        throw horizon.error("gives free time from " + Parameter.shown(first) + " to " + Parameter.shown(last)
                + ", a span at which the searches compare times within " + Parameter.shown(tol) + " (1e-14 of it, spec"
                + " 0.1), but the input has times only " + Parameter.shown(gap) + " apart ("
                + Parameter.shown(times[closest - 1]) + " and " + Parameter.shown(times[closest]) + "), which they"
                + " would take for one: give a horizon whose free time spans less than "
                + Parameter.shown(gap / 2 / Tolerance.RELATIVE));
    }
}
