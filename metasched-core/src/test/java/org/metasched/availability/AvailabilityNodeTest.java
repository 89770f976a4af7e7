package org.metasched.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.LogNormalDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.model.InputFormatException;
import org.metasched.model.Interval;
import org.metasched.model.Node;

/** Spec oracle T11 (AV-1 and the normal CDF values) and the availability formula of D17 against a direct one. */
class AvailabilityNodeTest {
    private static final Node NODE = Node.of(0, 4, 2);

    /** AV-1: P_g = 0.05, one job start 100, length 100, sigma_A 10, sigma_R 0.3; T = 50. */
    @ParameterizedTest(name = "t={0} -> {1}")
    @CsvSource({
        "0, 0.950000",
        "30, 0.928387",
        "45, 0.656889",
        "120, 0.000000",
        "200, 0.475000",
        "250, 0.866153",
        "300, 0.940091",
        "400, 0.949881"
    })
    void workedExampleAv1(double t, double expected) {
        AvailabilityNode node = AvailabilityNode.of(NODE, 0.05, List.of(LocalJob.of(100, 100, 10, 0.3)), List.of());
        assertThat(node.probability(t, 50)).isCloseTo(expected, within(5e-7));
    }

    @Test
    void av1AtT200IsHalfTheFreeProbability() {
        // F_A(250) = 1 and F_R(200) = Phi(0) = 0.5: overlap 0.5, P_a = 0.95 * 0.5
        AvailabilityNode node = AvailabilityNode.of(NODE, 0.05, List.of(LocalJob.of(100, 100, 10, 0.3)), List.of());
        assertThat(node.probability(200, 50)).isEqualTo(0.95 * 0.5);
    }

    @Test
    void normalCdfValuesOfTheSpec() {
        NormalDistribution phi = NormalDistribution.of(0, 1);
        assertThat(phi.cumulativeProbability(0)).isEqualTo(0.5);
        assertThat(phi.cumulativeProbability(1)).isCloseTo(0.841344746, within(1e-9));
        assertThat(phi.cumulativeProbability(-1.96)).isCloseTo(0.024997895, within(1e-9));
        assertThat(phi.cumulativeProbability(2.310490602)).isCloseTo(0.989569496, within(1e-9));
    }

    @Test
    void theTailCutsAreExactInDoubleArithmetic() {
        // the node skips a CDF beyond its cuts: above the upper one Commons gives exactly 1 (for every larger
        // argument too), below the lower one so little that 1 - P_o * overlap and 0.5 - F_R round it away
        NormalDistribution phi = NormalDistribution.of(0, 1);
        for (double z = AvailabilityNode.UPPER_TAIL; z < 40; z += 0.01) {
            assertThat(phi.cumulativeProbability(z)).as("Phi(%s)", z).isEqualTo(1.0);
        }
        LogNormalDistribution release = LogNormalDistribution.of(0, 0.3);
        assertThat(release.cumulativeProbability(Math.exp(AvailabilityNode.UPPER_TAIL * 0.3)))
                .isEqualTo(1.0);
        double low = phi.cumulativeProbability(-AvailabilityNode.LOWER_TAIL);
        assertThat(1 - low).isEqualTo(1.0);
        assertThat(0.5 - low).isEqualTo(0.5);
        assertThat(Math.nextDown(0.5) - low).isEqualTo(Math.nextDown(0.5));
        // the upper cut could not serve below: 0.5 - Phi(-8.3) is not 0.5
        assertThat(0.5 - phi.cumulativeProbability(-AvailabilityNode.UPPER_TAIL))
                .isNotEqualTo(0.5);
    }

    @Test
    void withZeroLengthTheOccupancyCurveRisesAtAllocationAndHasAHeavyTail() {
        // P003 Fig. 1 shape: 1 - P_o(t) with P_o(t) = F_A(t) - F_R(t)
        AvailabilityNode node = AvailabilityNode.of(NODE, 0, List.of(LocalJob.of(100, 100, 10, 0.3)), List.of());
        assertThat(node.probability(50, 0)).isCloseTo(1, within(1e-6));
        assertThat(node.probability(100, 0)).isCloseTo(0.5, within(1e-12));
        // mid-job only early releases free it: F_R(150) = Phi(ln(0.5) / 0.3)
        assertThat(node.probability(150, 0)).isCloseTo(0.010431, within(1e-6));
        assertThat(node.probability(200, 0)).isCloseTo(0.5, within(1e-12));
        assertThat(node.probability(300, 0)).isBetween(0.98, 1.0);
        assertThat(node.probability(300, 0)).isLessThan(1);
    }

    @Test
    void busyIntervalsMakeTheNodeUnavailableOverThem() {
        AvailabilityNode node = AvailabilityNode.of(NODE, 0.1, List.of(), List.of(Interval.of(20, 30)));
        assertThat(node.probability(0, 20)).isEqualTo(0.9); // [0, 20) touches [20, 30) only at its end
        assertThat(node.probability(0, 20.5)).isZero();
        assertThat(node.probability(29.5, 5)).isZero();
        assertThat(node.probability(30, 5)).isEqualTo(0.9);
    }

    @Test
    void occupationProbabilityScalesTheOverlap() {
        AvailabilityNode sure = AvailabilityNode.of(NODE, 0, List.of(LocalJob.of(10, 10, 0, 0)), List.of());
        AvailabilityNode maybe = AvailabilityNode.of(NODE, 0, List.of(new LocalJob(10, 10, 0, 0, 0.25)), List.of());
        assertThat(sure.probability(0, 15)).isZero();
        assertThat(maybe.probability(0, 15)).isEqualTo(0.75);
        assertThat(sure.probability(20, 15)).isEqualTo(1.0); // a certain release at start + length
        assertThat(sure.probability(0, 9)).isEqualTo(1.0); // a certain allocation at start
    }

    /** The node's shortcuts leave the D17 formula unchanged to the last bit. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void equalsTheDirectFormula(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int trial = 0; trial < 300; trial++) {
            AvailabilityNode node = randomNode(rnd);
            for (int k = 0; k < 40; k++) {
                double t = rnd.nextBoolean() ? rnd.nextInt(-30, 400) : rnd.nextDouble(-30, 400);
                double runtime = rnd.nextBoolean() ? rnd.nextInt(1, 150) : rnd.nextDouble(0, 150);
                assertThat(node.probability(t, runtime))
                        .as("trial %d t=%s T=%s", trial, t, runtime)
                        .isEqualTo(direct(node, t, runtime));
            }
        }
    }

    static AvailabilityNode randomNode(SplittableRandom rnd) {
        List<LocalJob> jobs = new ArrayList<>();
        int k = rnd.nextInt(5);
        for (int j = 0; j < k; j++) {
            double start = rnd.nextInt(-50, 300);
            double length = rnd.nextInt(5) == 0 ? 0 : rnd.nextDouble(1, 150);
            double sigmaA = rnd.nextInt(5) == 0 ? 0 : rnd.nextDouble(0.1, 30);
            double sigmaR = rnd.nextInt(5) == 0 ? 0 : rnd.nextDouble(0.05, 1);
            double p = rnd.nextBoolean() ? 1 : rnd.nextDouble();
            jobs.add(new LocalJob(start, length, sigmaA, sigmaR, p));
        }
        List<Interval> busy = new ArrayList<>();
        if (rnd.nextInt(4) == 0) {
            double a = rnd.nextInt(0, 300);
            busy.add(Interval.of(a, a + rnd.nextInt(1, 50)));
        }
        double occupancy = rnd.nextInt(4) == 0 ? 0 : rnd.nextDouble(0, 0.2);
        return AvailabilityNode.of(Node.of(0, 1 + rnd.nextInt(9), rnd.nextInt(1, 10)), occupancy, jobs, busy);
    }

    /** D17 literally, every CDF from Commons Statistics. */
    static double direct(AvailabilityNode node, double t, double runtime) {
        double end = t + runtime;
        for (Interval b : node.busy()) {
            if (b.start() < end - 1e-9 && t < b.end() - 1e-9) {
                return 0;
            }
        }
        double p = 1 - node.occupancy();
        for (LocalJob j : node.localJobs()) {
            double fa = j.sigmaStart() > 0
                    ? NormalDistribution.of(j.start(), j.sigmaStart()).cumulativeProbability(end)
                    : (end >= j.start() ? 1 : 0);
            double fr;
            if (t <= j.start()) {
                fr = 0;
            } else if (j.length() == 0) {
                fr = 1;
            } else if (j.sigmaRelease() == 0) {
                fr = t >= j.start() + j.length() ? 1 : 0;
            } else {
                fr = LogNormalDistribution.of(0, j.sigmaRelease()).cumulativeProbability((t - j.start()) / j.length());
            }
            double overlap = Math.max(0, Math.min(1, fa - fr));
            p *= 1 - j.probability() * overlap;
        }
        return p;
    }

    @Test
    void badOccupancyIsOneLineNamingTheField() {
        assertBad(() -> AvailabilityNode.of(NODE, 1.5), "occupancy must be a number in [0, 1], got 1.5");
        assertBad(() -> AvailabilityNode.of(NODE, -0.01), "occupancy must be a number in [0, 1], got -0.01");
        assertBad(() -> AvailabilityNode.of(NODE, Double.NaN), "occupancy must be a number in [0, 1], got NaN");
    }

    @Test
    void badLocalJobsAreOneLineNamingTheField() {
        assertBad(() -> LocalJob.of(0, 10, -1, 0.3), "sigmaStart must be a finite number >= 0, got -1.0");
        assertBad(() -> LocalJob.of(0, 10, 1, -0.3), "sigmaRelease must be a finite number >= 0, got -0.3");
        assertBad(() -> LocalJob.of(0, -5, 1, 0.3), "length must be a finite number >= 0, got -5.0");
        assertBad(() -> LocalJob.of(Double.NaN, 5, 1, 0.3), "start must be a finite number, got NaN");
        assertBad(() -> new LocalJob(0, 5, 1, 0.3, 1.2), "probability must be a number in [0, 1], got 1.2");
    }

    @Test
    void badRequestsAndHorizonsAreOneLineNamingTheField() {
        assertBad(() -> new AvailabilityRequest(2, -1, 10, 0), "runtime must be a finite number > 0, got -1.0");
        assertBad(() -> new AvailabilityRequest(0, 5, 10, 0), "nodes must be a whole number >= 1, got 0");
        assertBad(() -> new AvailabilityRequest(2, 5, -1, 0), "budget must be a number >= 0, got -1.0");
        assertBad(
                () -> new AvailabilityDomain(List.of(), 5, 1),
                "horizon must be two finite numbers [start, end] with start <= end, got [5.0, 1.0]");
    }

    private static void assertBad(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String message) {
        assertThatThrownBy(call)
                .isInstanceOf(InputFormatException.class)
                .hasMessage(message)
                .hasMessageNotContaining("\n");
    }
}
