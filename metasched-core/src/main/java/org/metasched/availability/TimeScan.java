package org.metasched.availability;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

/**
 * The dynamic problem of paper P003 (sections 3.2 and 3.5, spec 4.5): find the start time with the greatest window
 * availability {@code F(t)}, where evaluating F solves one static problem. Start times are the offsets {@code 0..L}
 * of the horizon ({@code count = L + 1}); F returns a value {@code >= 0}, 0 meaning no window. The answer is the
 * greatest value among the evaluated offsets, ties to the earliest; {@code evaluations} counts the distinct offsets
 * evaluated.
 *
 * <ul>
 *   <li>{@link #full}: every offset, in order;
 *   <li>{@link #fromStartPoints}: the starting-point search with gradient steps (decision D18);
 *   <li>{@link #fullBounded}: every offset that could still win, by decreasing upper bound; same answer as {@link
 *       #full}.
 * </ul>
 */
public final class TimeScan {
    private TimeScan() {}

    /**
     * The best offset found.
     *
     * @param offset the start time's offset in the horizon (the first evaluated one when nothing was found)
     * @param value its F, 0 when no evaluated offset has a window
     * @param evaluations distinct offsets evaluated (static problems solved)
     */
    public record Result(int offset, double value, int evaluations) {
        public boolean found() {
            return value > 0;
        }
    }

    /** Evaluates every offset; the greatest F wins, ties to the earliest. */
    public static Result full(int count, IntToDoubleFunction f) {
        int best = 0;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int t = 0; t < count; t++) {
            double v = f.applyAsDouble(t);
            if (v > bestValue) {
                bestValue = v;
                best = t;
            }
        }
        return new Result(best, Math.max(0, bestValue), count);
    }

    /**
     * The full scan's answer with fewer evaluations: offsets are visited by decreasing {@code upperBound} (then
     * increasing offset) and the visit stops once the bound falls below the best value; an offset whose static
     * problem equals the previous offset's ({@code sameAsPrevious}) is skipped, since it has the same F and comes
     * later.
     *
     * @param upperBound for every offset a number at least F there (already allowing for rounding)
     * @param sameAsPrevious whether offset k ({@code k >= 1}) has exactly the static problem of offset k - 1
     */
    public static Result fullBounded(
            int count, double[] upperBound, IntPredicate sameAsPrevious, IntToDoubleFunction f) {
        Integer[] order = new Integer[count];
        int n = 0;
        for (int t = 0; t < count; t++) {
            if (t == 0 || !sameAsPrevious.test(t)) {
                order[n++] = t;
            }
        }
        Arrays.sort(order, 0, n, (a, b) -> {
            int c = Double.compare(upperBound[b], upperBound[a]);
            return c != 0 ? c : Integer.compare(a, b);
        });
        int best = 0;
        double bestValue = Double.NEGATIVE_INFINITY;
        int evaluations = 0;
        for (int i = 0; i < n; i++) {
            int t = order[i];
            // products this small lose relative precision (subnormals): never prune there
            if (bestValue > 1e-280 && upperBound[t] < bestValue) {
                break;
            }
            double v = f.applyAsDouble(t);
            evaluations++;
            if (v > bestValue || (v == bestValue && t < best)) {
                bestValue = v;
                best = t;
            }
        }
        return new Result(best, Math.max(0, bestValue), evaluations);
    }

    /**
     * The starting-point search (D18). From each starting point s (ascending): evaluate F(s), F(s-1), F(s+1); if
     * neither neighbour is better, s is a local maximum; otherwise walk towards the better one (the right on a tie
     * of gradients) in steps of {@code step}, evaluating {@code x = s +- step k}, and stop when F(x) drops below the
     * previous point's value, when x would reach or pass the neighbouring starting point in that direction (its own
     * search covers the rest), or after evaluating the horizon's end. The answer is the best evaluated offset.
     *
     * @param starts distinct starting offsets, ascending
     */
    public static Result fromStartPoints(int count, int[] starts, int step, IntToDoubleFunction f) {
        if (step < 1) {
            throw new IllegalArgumentException("step must be >= 1, got " + step);
        }
        Memo memo = new Memo(f);
        int last = count - 1;
        for (int i = 0; i < starts.length; i++) {
            int s = starts[i];
            double fs = memo.at(s);
            double up = s < last ? memo.at(s + 1) - fs : Double.NEGATIVE_INFINITY;
            double down = s > 0 ? memo.at(s - 1) - fs : Double.NEGATIVE_INFINITY;
            if (Math.max(up, down) <= 0) {
                continue;
            }
            int d = up >= down ? 1 : -1;
            boolean hasNeighbour = d > 0 ? i + 1 < starts.length : i > 0;
            int neighbour = hasNeighbour ? starts[i + d] : 0;
            int prev = s;
            for (int k = 1; ; k++) {
                long x = s + (long) d * step * k;
                if (hasNeighbour && (d > 0 ? x >= neighbour : x <= neighbour)) {
                    break;
                }
                boolean clamped = x < 0 || x > last;
                int xi = (int) Math.max(0, Math.min(last, x));
                if (xi == prev) {
                    break;
                }
                if (memo.at(xi) < memo.at(prev)) {
                    break;
                }
                prev = xi;
                if (clamped) {
                    break;
                }
            }
        }
        return memo.best();
    }

    /**
     * F evaluated at most once per offset, kept by offset: memory for the offsets evaluated, not for the horizon (a
     * search from a few starting points on a horizon of 10^9 start times evaluates a handful). Each lookup is boxed,
     * which costs nothing next to the static problem an evaluation solves.
     */
    private static final class Memo {
        private final Map<Integer, Double> value = new HashMap<>();
        private final IntToDoubleFunction f;

        Memo(IntToDoubleFunction f) {
            this.f = f;
        }

        double at(int t) {
            Double v = value.get(t);
            if (v == null) {
                v = f.applyAsDouble(t);
                value.put(t, v);
            }
            return v;
        }

        /** The greatest value, ties to the earliest offset. */
        Result best() {
            int best = -1;
            double bestValue = Double.NEGATIVE_INFINITY;
            for (Map.Entry<Integer, Double> e : value.entrySet()) {
                int t = e.getKey();
                double v = e.getValue();
                if (v > bestValue || (v == bestValue && t < best)) {
                    bestValue = v;
                    best = t;
                }
            }
            return new Result(Math.max(0, best), Math.max(0, bestValue), value.size());
        }
    }
}
