package org.metasched.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;

/**
 * Every registered window search finds the same window whatever the origin of the clock ({@link RelativeTime}):
 * 400 random problems per search and geometry, on a quarter-unit grid (exact at every shift below 2^51) with prices
 * in cents, searched as they are and with every time shifted by 1.7e15 (epoch microseconds), -1.7e15, 2^50 and
 * 10^9 + 0.5. The shifted window must start at the shifted start, on the same nodes, with the same lengths, runtime,
 * cost and processor time to the last bit; the brute-force tests ({@link WindowSearchBruteForceTest}) prove the
 * unshifted windows optimal.
 */
class ShiftedTimeTest {
    private static final double[] SHIFTS = {1.7e15, -1.7e15, 0x1p50, 1e9 + 0.5};

    static Stream<Arguments> searches() {
        return WindowSearches.names().stream()
                .flatMap(s -> Stream.of(Geometry.values()).map(g -> Arguments.of(s, g)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("searches")
    void theSameWindowShifted(String name, Geometry geometry) {
        SplittableRandom rnd = new SplittableRandom(name.hashCode() * 31L + geometry.ordinal());
        int found = 0;
        for (int trial = 0; trial < 400; trial++) {
            Problem p = Problem.random(rnd);
            double shift = SHIFTS[trial % SHIFTS.length];
            Optional<Window> plain = WindowSearches.create(name).find(p.slots(0), p.request(0), geometry, trial);
            Optional<Window> moved =
                    WindowSearches.create(name).find(p.slots(shift), p.request(shift), geometry, trial);
            String where = name + " trial " + trial + " shift " + shift + ": " + p;
            assertThat(moved.isPresent()).as(where).isEqualTo(plain.isPresent());
            if (plain.isEmpty()) {
                continue;
            }
            found++;
            Window a = plain.get();
            Window b = moved.get();
            assertThat(b.start()).as(where).isEqualTo(a.start() + shift);
            assertThat(b.runtime()).as(where).isEqualTo(a.runtime());
            assertThat(b.cost()).as(where).isEqualTo(a.cost());
            assertThat(b.processorTime()).as(where).isEqualTo(a.processorTime());
            assertThat(b.size()).as(where).isEqualTo(a.size());
            for (int i = 0; i < a.size(); i++) {
                Allocation x = a.allocations().get(i);
                Allocation y = b.allocations().get(i);
                assertThat(y.node()).as(where).isEqualTo(x.node());
                assertThat(y.start()).as(where).isEqualTo(x.start() + shift);
                assertThat(y.end()).as(where).isEqualTo(x.end() + shift); // one rounding of the same sum
                assertThat(y.host().start()).as(where).isEqualTo(x.host().start() + shift);
                assertThat(y.host().end()).as(where).isEqualTo(x.host().end() + shift);
            }
        }
        assertThat(found).as("windows found").isGreaterThan(100);
    }

    /** A random problem on a quarter-unit grid over [0, 100], prices in cents. */
    private record Problem(List<Node> nodes, List<double[]> busy, ResourceRequest request) {
        static Problem random(SplittableRandom rnd) {
            int k = 2 + rnd.nextInt(7);
            List<Node> nodes = new ArrayList<>();
            List<double[]> busy = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                nodes.add(new Node(i, "n" + i, 1 + rnd.nextInt(8), rnd.nextInt(50, 500) / 100.0));
                for (int b = rnd.nextInt(4); b > 0; b--) {
                    double a = rnd.nextInt(380) / 4.0;
                    busy.add(new double[] {i, a, Math.min(100, a + 1 + rnd.nextInt(100) / 4.0)});
                }
            }
            int n = 1 + rnd.nextInt(Math.min(4, k));
            double volume = 5 + rnd.nextInt(56);
            double budget = rnd.nextInt(4) == 0
                    ? Double.POSITIVE_INFINITY
                    : Math.round(n * volume * rnd.nextDouble(0.3, 2.5) * 100) / 100.0;
            double arrival = rnd.nextBoolean() ? 0 : rnd.nextInt(200) / 4.0;
            double maxPrice = rnd.nextInt(3) == 0 ? rnd.nextInt(100, 400) / 100.0 : Double.POSITIVE_INFINITY;
            return new Problem(nodes, busy, new ResourceRequest(n, volume, 0, budget, arrival, maxPrice));
        }

        SlotList slots(double shift) {
            ResourceDomain d = new ResourceDomain(nodes, shift, 100 + shift);
            for (double[] b : busy) {
                d.addBusy((int) b[0], Interval.of(b[1] + shift, b[2] + shift));
            }
            return d.slots();
        }

        ResourceRequest request(double shift) {
            return request.withArrival(request.arrival() + shift);
        }
    }
}
