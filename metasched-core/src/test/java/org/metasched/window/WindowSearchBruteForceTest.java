package org.metasched.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.window.criterion.PlacementCriterion;

/**
 * Differential tests (spec T3, T8; ENGINEERING.md section 5): every optimising search equals exhaustive
 * enumeration of all windows (every candidate start, every n-subset of nodes) on random small instances: up to 8
 * nodes, several busy intervals each, random budgets, arrivals and performance floors, both geometries. 5 seeds x
 * 300 instances = 1,500 instances per strategy and geometry.
 *
 * <p>The searches that run the SSA dynamic programme on a budget see quantised costs (spec 2.1.3, decision D4).
 * The brute force does not borrow the code it checks: it quantises with its own transcription of the spec
 * ({@link SpecQuantum}) and, independently of any quantisation, checks the guarantee the spec states: the chosen
 * window fits the real budget, and is no worse than the best window whose real cost is at least {@code n q}
 * under the budget. The SSA scan departs from D4 where the data have a decimal quantum (docs/select.md): the brute
 * force decides that with its own transcription ({@link DataQuantum}) and then compares real costs, exactly, in
 * millionths ({@link Micros}).
 */
class WindowSearchBruteForceTest {
    private static final long[] SEEDS = {101, 202, 303, 404, 505};
    private static final int PER_SEED = 300;

    static Stream<Arguments> aepCases() {
        return Stream.of("amp", "min-cost", "min-runtime", "min-finish", "min-proc-time-exact")
                .flatMap(s -> Stream.of(Geometry.values()).map(g -> Arguments.of(s, g)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("aepCases")
    void aepStrategiesEqualExhaustiveSearch(String strategy, Geometry geometry) {
        int found = 0;
        int byData = 0;
        for (long seed : SEEDS) {
            SplittableRandom rnd = new SplittableRandom(seed);
            for (int trial = 0; trial < PER_SEED; trial++) {
                RandomInstances.Instance inst = RandomInstances.next(rnd, 2, 8, 4);
                SlotList slots = inst.domain().slots();
                ResourceRequest req = inst.request();
                Optional<Window> got = WindowSearches.create(strategy).find(slots, req, geometry);
                boolean dp = strategy.equals("min-proc-time-exact");
                // its programme counts in the data's quantum where the SSA criteria do (docs/select.md): then exactly
                boolean quantised = dp && !(req.hasBudget() && DataQuantum.applies(slots, req, geometry, 1));
                byData += dp && !quantised && req.hasBudget() ? 1 : 0;
                Best want = exhaustive(slots, req, geometry, quantised, strategy, 0);
                String where = "seed " + seed + " trial " + trial;
                assertThat(got.isPresent()).as(where + " found").isEqualTo(want.found);
                if (got.isEmpty()) {
                    continue;
                }
                found++;
                Window w = got.get();
                assertThat(value(strategy, w)).as(where).isCloseTo(want.value, within(1e-7));
                if (quantised && req.hasBudget()) {
                    // the spec's guarantee, with real costs only: within budget, and at least as good as any
                    // window that stays n q under it
                    assertThat(w.cost()).as(where + " real budget").isLessThanOrEqualTo(req.budget() + 1e-9);
                    double slack = req.nodes() * SpecQuantum.of(req.budget()).q();
                    Best safe = exhaustive(slots, req, geometry, false, strategy, slack);
                    if (safe.found) {
                        assertThat(value(strategy, w))
                                .as(where + " vs budget - n q")
                                .isLessThanOrEqualTo(safe.value + 1e-7);
                    }
                }
            }
        }
        // the generator must produce mostly feasible instances, or the comparison proves little
        assertThat(found).isGreaterThan(SEEDS.length * PER_SEED / 3);
        if (strategy.equals("min-proc-time-exact")) {
            assertThat(byData).as("instances counted in a data quantum").isGreaterThan(SEEDS.length * PER_SEED / 20);
        }
    }

    static Stream<Arguments> ssaCases() {
        Stream<Arguments> rough =
                WindowSearches.registry().family("ssa").stream().map(c -> Arguments.of(c.name(), Geometry.ROUGH));
        // In COMMON geometry the p* enumeration is exact for the monotone criteria only (decision D5).
        Stream<Arguments> common =
                Stream.of("bf-start", "bf-finish", "bf-short").map(c -> Arguments.of(c, Geometry.COMMON));
        return Stream.concat(rough, common);
    }

    /**
     * Half of the random instances have whole prices, performances and volumes; where every cost the scan can price
     * is then a decimal (all eligible performances among 1, 2, 4, 5: about one instance in five) the scan counts
     * costs exactly, and the brute force must find that by its own rule. Where the scan says it was exact without a
     * data quantum (the budget bound no programme), its answer must also be the real-budget optimum.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("ssaCases")
    void ssaScanEqualsExhaustiveSearch(String name, Geometry geometry) {
        PlacementCriterion criterion = ((SsaWindowSearch) WindowSearches.create(name)).criterion();
        int found = 0;
        int byData = 0;
        for (long seed : SEEDS) {
            SplittableRandom rnd = new SplittableRandom(seed);
            for (int trial = 0; trial < PER_SEED; trial++) {
                RandomInstances.Instance inst = RandomInstances.next(rnd, 2, 8, 4);
                SlotList slots = inst.domain().slots();
                ResourceRequest req = inst.request();
                SsaWindowSearch.Result got = new SsaWindowSearch(criterion).search(slots, req, geometry);
                boolean data = req.hasBudget() && DataQuantum.applies(slots, req, geometry, criterion);
                byData += data ? 1 : 0;
                String where = "seed " + seed + " trial " + trial;
                checkSsa(got.window(), exhaustiveSsa(slots, req, geometry, criterion, data), criterion, where);
                if (data || !req.hasBudget()) {
                    assertThat(got.exact()).as(where + " exact").isTrue();
                } else if (got.exact()) {
                    checkSsa(got.window(), exhaustiveSsa(slots, req, geometry, criterion, true), criterion, where);
                }
                found += got.window().isPresent() ? 1 : 0;
            }
        }
        assertThat(found).isGreaterThan(SEEDS.length * PER_SEED / 3);
        assertThat(byData).isGreaterThan(SEEDS.length * PER_SEED / 20);
    }

    /** SSA's window has the brute force's best value (or both found none). */
    private static void checkSsa(Optional<Window> got, Best want, PlacementCriterion criterion, String where) {
        assertThat(got.isPresent()).as(where + " found").isEqualTo(want.found);
        if (got.isEmpty()) {
            return;
        }
        Window w = got.get();
        double z = 0;
        for (var a : w.allocations()) {
            z += criterion.z(a.host().start(), a.host().end(), a.node().performance(), w.start(), a.length());
        }
        assertThat(z).as(where).isCloseTo(want.value, within(1e-7));
    }

    static Stream<Arguments> centsCases() {
        // bf-short plans with 0.99 of the volume: its costs are multiples of 10^-4, so a budget above 1 would pass
        // the 10^4-unit cap and fall back to D4; the quantum rule it runs is the same code as the others'
        Stream<Arguments> rough = WindowSearches.registry().family("ssa").stream()
                .filter(c -> !c.name().equals("bf-short"))
                .map(c -> Arguments.of(c.name(), Geometry.ROUGH));
        Stream<Arguments> common = Stream.of("bf-start", "bf-finish").map(c -> Arguments.of(c, Geometry.COMMON));
        return Stream.concat(rough, common);
    }

    /**
     * Prices with cents (spec D4's default quantum 1 loses windows on them): performances 1, 2, 4 or 5 and volumes
     * multiples of 20, so every occupation is whole and every cost a whole number of cents; budgets of at most 100
     * (10^4 cents), in cents, half of them the exact cost of some set of nodes, to hit the boundary. The scan must
     * say it was exact and find the optimum under the real budget, compared in exact arithmetic. The brute force
     * under D4's rounding must lose windows on some of them, or the comparison proves little.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("centsCases")
    void ssaScanCountsCentsExactly(String name, Geometry geometry) {
        PlacementCriterion criterion = ((SsaWindowSearch) WindowSearches.create(name)).criterion();
        int found = 0;
        int lostByD4 = 0;
        for (long seed : SEEDS) {
            SplittableRandom rnd = new SplittableRandom(seed);
            for (int trial = 0; trial < PER_SEED; trial++) {
                RandomInstances.Instance inst = RandomInstances.cents(rnd, 2, 7, 3);
                SlotList slots = inst.domain().slots();
                ResourceRequest req = inst.request();
                SsaWindowSearch.Result got = new SsaWindowSearch(criterion).search(slots, req, geometry);
                String where = "seed " + seed + " trial " + trial + " budget " + req.budget();
                // by construction (unless no slot is eligible: minPerformance 2 on nodes of performance 1)
                assertThat(DataQuantum.applies(slots, req, geometry, criterion)
                                || got.window().isEmpty())
                        .as(where + " data quantum")
                        .isTrue();
                assertThat(got.exact()).as(where + " exact").isTrue();
                Best want = exhaustiveSsa(slots, req, geometry, criterion, true);
                checkSsa(got.window(), want, criterion, where);
                if (got.window().isPresent()) {
                    found++;
                    assertThat(Micros.of(got.window().get().cost()))
                            .as(where + " real budget")
                            .isLessThanOrEqualTo(Micros.budget(req.budget()));
                }
                Best spec = exhaustiveSsa(slots, req, geometry, criterion, false);
                if (want.found && (!spec.found || spec.value < want.value - 1e-7)) {
                    lostByD4++;
                }
            }
        }
        assertThat(found).isGreaterThan(SEEDS.length * PER_SEED / 3);
        assertThat(lostByD4).isGreaterThan(SEEDS.length * PER_SEED / 20);
    }

    private record Best(boolean found, double value) {}

    static double value(String strategy, Window w) {
        return switch (strategy) {
            case "amp" -> w.start();
            case "min-cost" -> w.cost();
            case "min-runtime" -> w.runtime();
            case "min-finish" -> w.finish();
            case "min-proc-time-exact" -> w.processorTime();
            default -> throw new IllegalArgumentException(strategy);
        };
    }

    /**
     * Every start t (effective slot starts), every n-subset of the nodes whose slot covers t. With {@code
     * quantised}, the budget check is the spec's quantised one; otherwise real costs must stay {@code slack}
     * under the budget.
     */
    private static Best exhaustive(
            SlotList slots, ResourceRequest req, Geometry g, boolean quantised, String strategy, double slack) {
        double v = req.volume();
        SpecQuantum q = req.hasBudget() ? SpecQuantum.of(req.budget()) : null;
        boolean alpLike = false;
        TreeSet<Double> starts = new TreeSet<>();
        for (int i = 0; i < slots.size(); i++) {
            if (eligible(slots, i, req, alpLike)) {
                starts.add(Math.max(slots.start(i), req.arrival()));
            }
        }
        double best = Double.POSITIVE_INFINITY;
        boolean found = false;
        for (double t : starts) {
            int[] cover = covering(slots, req, t, alpLike);
            int k = cover.length;
            for (int mask = 0; mask < (1 << k); mask++) {
                if (Integer.bitCount(mask) != req.nodes()) {
                    continue;
                }
                double minP = Double.POSITIVE_INFINITY;
                for (int j = 0; j < k; j++) {
                    if ((mask & (1 << j)) != 0) {
                        minP = Math.min(minP, slots.performance(cover[j]));
                    }
                }
                double runtime = 0;
                double cost = 0;
                double proc = 0;
                long qcost = 0;
                boolean fits = true;
                for (int j = 0; j < k; j++) {
                    if ((mask & (1 << j)) == 0) {
                        continue;
                    }
                    int i = cover[j];
                    double len = g == Geometry.ROUGH ? v / slots.performance(i) : v / minP;
                    if (slots.end(i) - t < len - Tolerance.EPS) {
                        fits = false;
                        break;
                    }
                    runtime = Math.max(runtime, len);
                    cost += slots.price(i) * len;
                    proc += len;
                    if (q != null) {
                        qcost += q.units(slots.price(i) * len);
                    }
                }
                if (!fits) {
                    continue;
                }
                if (req.hasBudget()) {
                    boolean within = quantised
                            ? qcost <= q.budgetUnits(req.budget())
                            : cost <= req.budget() - slack + Tolerance.EPS;
                    if (!within) {
                        continue;
                    }
                }
                double value = switch (strategy) {
                    case "amp" -> t;
                    case "min-cost" -> cost;
                    case "min-runtime" -> runtime;
                    case "min-finish" -> t + runtime;
                    default -> proc;
                };
                found = true;
                best = Math.min(best, value);
            }
        }
        return new Best(found, best);
    }

    /**
     * The SSA scan's start candidates: the arrival and every slot start after it. With {@code exactBudget}, a set
     * fits when its real cost, summed exactly ({@link Micros}), is at most the budget; otherwise D4's quantised
     * check ({@link SpecQuantum}).
     */
    private static Best exhaustiveSsa(
            SlotList slots, ResourceRequest req, Geometry g, PlacementCriterion c, boolean exactBudget) {
        double v = req.volume() * c.volumeFactor();
        SpecQuantum q = req.hasBudget() && !exactBudget ? SpecQuantum.of(req.budget()) : null;
        long budgetMicros = req.hasBudget() && exactBudget ? Micros.budget(req.budget()) : 0;
        TreeSet<Double> starts = new TreeSet<>();
        starts.add(req.arrival());
        for (int i = 0; i < slots.size(); i++) {
            if (eligible(slots, i, req, false) && slots.start(i) >= req.arrival()) {
                starts.add(slots.start(i));
            }
        }
        double best = Double.NEGATIVE_INFINITY;
        boolean found = false;
        for (double t : starts) {
            int[] cover = covering(slots, req, t, false);
            int k = cover.length;
            for (int mask = 0; mask < (1 << k); mask++) {
                if (Integer.bitCount(mask) != req.nodes()) {
                    continue;
                }
                double minP = Double.POSITIVE_INFINITY;
                for (int j = 0; j < k; j++) {
                    if ((mask & (1 << j)) != 0) {
                        minP = Math.min(minP, slots.performance(cover[j]));
                    }
                }
                double z = 0;
                long qcost = 0;
                long micros = 0;
                boolean fits = true;
                for (int j = 0; j < k && fits; j++) {
                    if ((mask & (1 << j)) == 0) {
                        continue;
                    }
                    int i = cover[j];
                    double len = g == Geometry.ROUGH ? v / slots.performance(i) : v / minP;
                    fits = slots.end(i) - t >= len - Tolerance.EPS;
                    z += c.z(slots.start(i), slots.end(i), slots.performance(i), t, len);
                    if (q != null) {
                        qcost += q.units(slots.price(i) * len);
                    }
                    if (exactBudget && req.hasBudget()) {
                        micros += Micros.of(slots.price(i) * len);
                    }
                }
                if (!fits
                        || (q != null && qcost > q.budgetUnits(req.budget()))
                        || (exactBudget && req.hasBudget() && micros > budgetMicros)) {
                    continue;
                }
                found = true;
                best = Math.max(best, z);
            }
        }
        return new Best(found, best);
    }

    /**
     * Spec 2.1.3 (decision D4) transcribed for the brute force: quantum {@code q = 1}, or {@code C / 10^4} when
     * {@code C / 1 > 10^4}; item costs round up, {@code ceil(c / q - 1e-12)}; the budget rounds down, {@code
     * floor(C / q + 1e-12)}.
     */
    private record SpecQuantum(double q) {
        static SpecQuantum of(double budget) {
            return new SpecQuantum(budget > 10_000 ? budget / 10_000 : 1.0);
        }

        long units(double cost) {
            return (long) Math.ceil(cost / q - 1e-12);
        }

        long budgetUnits(double budget) {
            return (long) Math.floor(budget / q + 1e-12);
        }
    }

    /**
     * Decimals in exact arithmetic: a value with at most 6 decimals as a whole number of millionths. A double counts
     * as such a decimal when its value times 10^6 is within 10^-12 (relative) of a whole number, the tolerance
     * docs/select.md states for the data quantum.
     */
    private static final class Micros {
        /** The millionths of {@code x}, or -1 when x is no decimal with at most 6 decimals. */
        static long of(double x) {
            double y = x * 1e6;
            double r = Math.rint(y);
            return Math.abs(y - r) <= 1e-12 * Math.max(1, Math.abs(r)) ? (long) r : -1;
        }

        /** The whole millionths at most {@code budget}: a sum of millionths fits the budget when at most this. */
        static long budget(double budget) {
            long exact = of(budget);
            return exact >= 0 ? exact : (long) Math.floor(budget * 1e6);
        }
    }

    /**
     * The rule of docs/select.md, transcribed for the brute force: the scan counts costs in a data quantum when
     * every cost it can price (every eligible slot's price times {@code V / p_i} in ROUGH, times {@code V / p} for
     * every eligible performance {@code p <= p_i} in COMMON) is a decimal with at most 6 decimals, not all 0, and
     * the budget is at most 10^4 units of their greatest common divisor.
     */
    private static final class DataQuantum {
        static boolean applies(SlotList slots, ResourceRequest req, Geometry g, PlacementCriterion c) {
            return applies(slots, req, g, c.volumeFactor());
        }

        /** The same for a search that plans with {@code volumeFactor} times the request's volume. */
        static boolean applies(SlotList slots, ResourceRequest req, Geometry g, double volumeFactor) {
            double v = req.volume() * volumeFactor;
            TreeSet<Double> perfs = new TreeSet<>();
            java.util.List<Integer> el = new java.util.ArrayList<>();
            for (int i = 0; i < slots.size(); i++) {
                if (slots.performance(i) >= req.minPerformance() && slots.end(i) > req.arrival()) {
                    el.add(i);
                    perfs.add(slots.performance(i));
                }
            }
            long gcd = 0;
            for (int i : el) {
                for (double p : g == Geometry.ROUGH ? java.util.Set.of(slots.performance(i)) : perfs) {
                    if (p > slots.performance(i)) {
                        continue;
                    }
                    long micros = Micros.of(slots.price(i) * (v / p));
                    if (micros < 0) {
                        return false;
                    }
                    gcd = java.math.BigInteger.valueOf(gcd)
                            .gcd(java.math.BigInteger.valueOf(micros))
                            .longValueExact();
                }
            }
            return gcd > 0 && Math.floor(req.budget() * 1e6 / gcd + 1e-9) <= 10_000;
        }
    }

    private static boolean eligible(SlotList slots, int i, ResourceRequest req, boolean alp) {
        return slots.performance(i) >= req.minPerformance()
                && slots.end(i) - Math.max(slots.start(i), req.arrival()) > Tolerance.EPS
                && (!alp || slots.price(i) <= req.maxUnitPrice());
    }

    /** The eligible slots (at most one per node) that are idle at t. */
    private static int[] covering(SlotList slots, ResourceRequest req, double t, boolean alp) {
        return java.util.stream.IntStream.range(0, slots.size())
                .filter(i -> eligible(slots, i, req, alp))
                .filter(i -> Math.max(slots.start(i), req.arrival()) <= t + Tolerance.EPS && slots.end(i) > t)
                .toArray();
    }
}
