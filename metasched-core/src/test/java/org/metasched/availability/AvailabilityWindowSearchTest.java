package org.metasched.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.model.InputFormatException;
import org.metasched.model.Interval;
import org.metasched.model.Node;

/**
 * The whole search on random small domains with whole-number prices and runtimes, against an independent brute
 * force over every start time and every node subset (D17 evaluated directly, real costs against the real budget).
 */
class AvailabilityWindowSearchTest {
    /** The brute-force answer: greatest product, then earliest start, then colex-minimal subset. */
    record Best(double availability, long start, int mask) {}

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {21, 22, 23})
    void theKnapsackScanEqualsBruteForce(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int found = 0;
        for (int trial = 0; trial < 150; trial++) {
            AvailabilityDomain domain = randomDomain(rnd);
            AvailabilityRequest request = randomRequest(rnd, domain.nodes().size());
            String where = "trial " + trial + " " + request;
            Best want = bruteForce(domain, request);
            AvailabilityWindow got = AvailabilityWindowSearch.create(
                            "availability-knapsack", AvailabilityOptions.DEFAULTS)
                    .find(domain, request);
            if (want == null) {
                assertThat(got.found()).as(where).isFalse();
                continue;
            }
            found++;
            assertThat(got.found()).as(where).isTrue();
            assertThat(got.availability()).as(where).isEqualTo(want.availability());
            assertThat(got.start()).as(where).isEqualTo((double) want.start());
            assertThat(got.nodes()).as(where).containsExactlyElementsOf(members(want.mask()));
            assertThat(got.evaluations()).isEqualTo(domain.startTimes());
            double cost = 0;
            double product = 1;
            for (int i : got.nodes()) {
                AvailabilityNode node = domain.nodes().get(i);
                cost += node.node().unitPrice() * request.runtime();
                product *= node.probability(got.start(), request.runtime());
                assertThat(node.node().performance()).isGreaterThanOrEqualTo(request.minPerformance());
            }
            assertThat(got.cost()).as(where).isEqualTo(cost).isLessThanOrEqualTo(request.budget());
            assertThat(got.availability()).as(where).isEqualTo(product);
        }
        assertThat(found).isBetween(40, 140);
    }

    /** The other strategies and scans against the knapsack's full scan. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {31, 32})
    void otherStrategiesAndScansNeverBeatTheFullKnapsackScan(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int trial = 0; trial < 150; trial++) {
            AvailabilityDomain domain = randomDomain(rnd);
            AvailabilityRequest request = randomRequest(rnd, domain.nodes().size());
            String where = "trial " + trial;
            AvailabilityOptions full = AvailabilityOptions.DEFAULTS;
            AvailabilityWindow knapsack = search("availability-knapsack", full, domain, request);
            for (String name :
                    List.of("availability-max-p", "availability-min-c", "availability-max-p-c", "greedy-jnt")) {
                AvailabilityWindow w = search(name, full, domain, request);
                assertThat(w.availability()).as(where + " " + name).isLessThanOrEqualTo(knapsack.availability());
                if (w.found()) {
                    assertThat(w.cost()).as(where + " " + name).isLessThanOrEqualTo(request.budget());
                }
            }
            AvailabilityWindow bounded = search("availability-knapsack", full.withBounded(true), domain, request);
            assertThat(withEvaluations(bounded, knapsack.evaluations()))
                    .as(where)
                    .isEqualTo(knapsack);
            assertThat(bounded.evaluations()).isLessThanOrEqualTo(knapsack.evaluations());
            for (StartPointPlacement placement : StartPointPlacement.values()) {
                AvailabilityOptions k = full.withStartPoints(1 + rnd.nextInt(4))
                        .withPlacement(placement)
                        .withStep(1 + rnd.nextInt(4))
                        .withSeed(trial);
                AvailabilityWindow w = search("availability-knapsack", k, domain, request);
                assertThat(w.availability()).as(where).isLessThanOrEqualTo(knapsack.availability());
                assertThat(w.evaluations()).as(where).isLessThanOrEqualTo(domain.startTimes());
            }
            AvailabilityWindow everyPoint =
                    search("availability-knapsack", full.withStartPoints(domain.startTimes() + 1), domain, request);
            assertThat(everyPoint.availability()).as(where).isEqualTo(knapsack.availability());
            if (request.budget() == Double.POSITIVE_INFINITY) {
                // same value; the sets may differ on ties, where MaxP prefers the cheaper node and the knapsack the
                // lower position
                assertThat(search("availability-max-p", full, domain, request).availability())
                        .as(where)
                        .isEqualTo(knapsack.availability());
            }
        }
    }

    @Test
    void unknownStrategiesAndStartPointsAreRejected() {
        assertThatThrownBy(() -> AvailabilityWindowSearch.create("knapsack", AvailabilityOptions.DEFAULTS))
                .hasMessage("unknown strategy 'knapsack', expected one of availability-knapsack, availability-max-p,"
                        + " availability-min-c, availability-max-p-c, greedy-jnt");
        assertThat(AvailabilityOptions.parseStartPoints("full")).isZero();
        assertThat(AvailabilityOptions.parseStartPoints("20")).isEqualTo(20);
        assertThatThrownBy(() -> AvailabilityOptions.parseStartPoints("0"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("start-points must be 'full' or a whole number >= 1, got '0'");
        assertThatThrownBy(() -> StartPointPlacement.byName("even"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("placement must be one of uniform, random, mixed, got 'even'");
    }

    @Test
    void aHorizonWithoutWholeStartTimesOrTooFewNodesHasNoWindow() {
        AvailabilityDomain d = new AvailabilityDomain(List.of(AvailabilityNode.of(Node.of(0, 1, 1), 0)), 0.2, 0.8);
        assertThat(search("greedy-jnt", AvailabilityOptions.DEFAULTS, d, AvailabilityRequest.of(1, 5)))
                .isEqualTo(AvailabilityWindow.none(5, 0));
        AvailabilityDomain one = new AvailabilityDomain(List.of(AvailabilityNode.of(Node.of(0, 1, 1), 0)), 0, 3);
        assertThat(search("availability-knapsack", AvailabilityOptions.DEFAULTS, one, AvailabilityRequest.of(2, 5))
                        .found())
                .isFalse();
        AvailabilityWindow w =
                search("availability-knapsack", AvailabilityOptions.DEFAULTS, one, AvailabilityRequest.of(1, 5));
        assertThat(w).isEqualTo(new AvailabilityWindow(true, 0, 5, List.of(0), 1.0, 5, 4));
    }

    private static AvailabilityWindow withEvaluations(AvailabilityWindow w, int evaluations) {
        return new AvailabilityWindow(
                w.found(), w.start(), w.runtime(), w.nodes(), w.availability(), w.cost(), evaluations);
    }

    private static AvailabilityWindow search(
            String name, AvailabilityOptions options, AvailabilityDomain d, AvailabilityRequest r) {
        return AvailabilityWindowSearch.create(name, options).find(d, r);
    }

    static AvailabilityDomain randomDomain(SplittableRandom rnd) {
        int nodes = 1 + rnd.nextInt(7);
        List<AvailabilityNode> list = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            List<LocalJob> jobs = new ArrayList<>();
            for (int j = rnd.nextInt(4); j > 0; j--) {
                jobs.add(new LocalJob(
                        rnd.nextInt(-5, 40),
                        rnd.nextInt(0, 20),
                        rnd.nextInt(4) == 0 ? 0 : rnd.nextDouble(0.2, 4),
                        rnd.nextInt(4) == 0 ? 0 : rnd.nextDouble(0.05, 0.6),
                        rnd.nextInt(3) == 0 ? rnd.nextDouble() : 1));
            }
            List<Interval> busy = new ArrayList<>();
            if (rnd.nextInt(4) == 0) {
                int a = rnd.nextInt(0, 40);
                busy.add(Interval.of(a, a + rnd.nextInt(1, 10)));
            }
            double occupancy = rnd.nextInt(3) == 0 ? 0 : rnd.nextDouble(0, 0.3);
            Node node = new Node(i, "n" + i, 1 + rnd.nextInt(5), rnd.nextInt(0, 10));
            list.add(AvailabilityNode.of(node, occupancy, jobs, busy));
        }
        double start = rnd.nextInt(4) == 0 ? rnd.nextDouble(-3, 3) : rnd.nextInt(0, 5);
        return new AvailabilityDomain(list, start, start + rnd.nextDouble(0, 30));
    }

    static AvailabilityRequest randomRequest(SplittableRandom rnd, int nodes) {
        int n = 1 + rnd.nextInt(Math.min(4, nodes));
        double budget = rnd.nextInt(5) == 0 ? Double.POSITIVE_INFINITY : rnd.nextInt(0, 150);
        return new AvailabilityRequest(n, rnd.nextInt(1, 16), budget, rnd.nextInt(4) == 0 ? 2 : 0);
    }

    /** Every start time, every subset: D17 directly, real costs, ties to the earliest start then colex. */
    static Best bruteForce(AvailabilityDomain d, AvailabilityRequest r) {
        Best best = null;
        int m = d.nodes().size();
        for (long t = (long) Math.ceil(d.horizonStart()); t <= Math.floor(d.horizonEnd()); t++) {
            double[] p = new double[m];
            for (int i = 0; i < m; i++) {
                p[i] = AvailabilityNodeTest.direct(d.nodes().get(i), t, r.runtime());
            }
            for (int mask = 0; mask < 1 << m; mask++) {
                if (Integer.bitCount(mask) != r.nodes()) {
                    continue;
                }
                double cost = 0;
                double product = 1;
                boolean eligible = true;
                for (int i = 0; i < m; i++) {
                    if ((mask & (1 << i)) != 0) {
                        Node node = d.nodes().get(i).node();
                        eligible &= node.performance() >= r.minPerformance();
                        cost += node.unitPrice() * r.runtime();
                        product *= p[i];
                    }
                }
                if (!eligible || cost > r.budget() || !(product > 0)) {
                    continue;
                }
                if (best == null || product > best.availability()) {
                    best = new Best(product, t, mask);
                }
            }
        }
        return best;
    }

    private static List<Integer> members(int mask) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; mask >> i != 0; i++) {
            if ((mask & (1 << i)) != 0) {
                out.add(i);
            }
        }
        return out;
    }
}
