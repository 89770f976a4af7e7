package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.random.RandomStreams;

/** The queue policies' orders (spec 5.4, oracle T17). */
class QueuePoliciesTest {
    /** P001 Fig. 2: J1 (4 tasks), J2 (3), J3 (3), J4 (4), J5 (2), arriving in that order. */
    private static final GangJobs FIG2 = GangJobs.builder()
            .add(1, 0, 4, 10, 0)
            .add(2, 1, 3, 10, 0)
            .add(3, 2, 3, 10, 0)
            .add(4, 3, 4, 10, 0)
            .add(5, 4, 2, 10, 0)
            .build();

    private static long[] ordered(GangJobs jobs, QueuePolicy policy, double now) {
        int[] a = {0, 1, 2, 3, 4};
        new PriorityOrder(policy, false, jobs).sort(a, a.length, now);
        long[] ids = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            ids[i] = jobs.id(a[i]);
        }
        return ids;
    }

    @Test
    void t17Afcfs() {
        assertThat(ordered(FIG2, QueuePolicies.AFCFS, 10)).containsExactly(5, 2, 3, 1, 4);
    }

    @Test
    void t17Ljfs() {
        assertThat(ordered(FIG2, QueuePolicies.LJFS, 10)).containsExactly(1, 4, 2, 3, 5);
    }

    /** (pt, t_wait) = J1 (10, 6), J2 (4, 6), J3 (5, 4), J4 (10, 7), J5 (10, 3): XF 1.6, 2.5, 1.8, 1.7, 1.3. */
    @Test
    void t17Lxf() {
        double now = 10;
        GangJobs jobs = GangJobs.builder()
                .add(1, now - 6, 4, 10, 0)
                .add(2, now - 6, 3, 4, 0)
                .add(3, now - 4, 3, 5, 0)
                .add(4, now - 7, 4, 10, 0)
                .add(5, now - 3, 2, 10, 0)
                .build();
        double[] xf = new double[5];
        for (int j = 0; j < 5; j++) {
            xf[(int) jobs.id(j) - 1] = ((LargestExpansionFactorFirst) QueuePolicies.LXF).expansionFactor(jobs, j, now);
        }
        assertThat(xf[0]).isCloseTo(1.6, within(1e-12));
        assertThat(xf[1]).isCloseTo(2.5, within(1e-12));
        assertThat(xf[2]).isCloseTo(1.8, within(1e-12));
        assertThat(xf[3]).isCloseTo(1.7, within(1e-12));
        assertThat(xf[4]).isCloseTo(1.3, within(1e-12));
        assertThat(ordered(jobs, QueuePolicies.LXF, now)).containsExactly(2, 3, 4, 1, 5);
        // Algorithm 7 as printed (shift while t1 < XF(q[j])): ascending
        assertThat(ordered(jobs, QueuePolicies.LXF_PRINTED, now)).containsExactly(5, 1, 4, 3, 2);
    }

    @Test
    void lxfOrderChangesWithTime() {
        // a short job that just arrived overtakes a long one that has waited, once it has waited a little
        GangJobs jobs =
                GangJobs.builder().add(1, 0, 2, 1000, 0).add(2, 100, 2, 10, 0).build();
        int[] a = {0, 1};
        PriorityOrder order = new PriorityOrder(QueuePolicies.LXF, false, jobs);
        order.sort(a, 2, 100); // XF 1.1 vs 1.0
        assertThat(a).containsExactly(0, 1);
        order.sort(a, 2, 105); // 1.105 vs 1.5
        assertThat(a).containsExactly(1, 0);
    }

    /** Same run times, different estimates: plain LXF keeps arrival order, the estimate variant does not. */
    @Test
    void lxfOnTheEstimateOrdersByTheRequestedTime() {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 2, 100, 0, 1000)
                .add(2, 10, 2, 100, 0, 100)
                .build();
        assertThat(jobs.estimateSeconds(0)).isEqualTo(1000);
        int[] a = {0, 1};
        new PriorityOrder(QueuePolicies.LXF, false, jobs).sort(a, 2, 110); // XF 2.1 vs 2.0
        assertThat(a).containsExactly(0, 1);
        new PriorityOrder(QueuePolicies.LXF_ESTIMATE, false, jobs).sort(a, 2, 110); // XF 1.11 vs 2.0
        assertThat(a).containsExactly(1, 0);
        // on the estimates XF_1 = 1 + t / 1000 and XF_2 = 1 + (t - 10) / 100 meet at t = 100 / 9
        assertThat(QueuePolicies.LXF_ESTIMATE.overtakeTime(jobs, 0, 1, 10)).isCloseTo(100.0 / 9, within(1e-3));
        assertThat(QueuePolicies.LXF.overtakeTime(jobs, 0, 1, 10)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    /**
     * {@link QueueHeads} keeps a head until the earliest overtake time, so that time must never be after the order
     * changes: just before it the first job is still served first, at trace scale and for pts a few seconds apart,
     * where {@code t*} cancels ({@code t* - Tolerance.at(t*)} fails here; issue 21).
     */
    @Test
    void lxfOvertakeTimeIsNeverAfterTheOrderChanges() {
        UniformRandomProvider rng = new RandomStreams(21).stream("overtake");
        int checked = 0;
        for (int i = 0; i < 100_000; i++) {
            double af = rng.nextInt(30_000_000) + (rng.nextBoolean() ? rng.nextDouble() : 0);
            double ao = af + rng.nextInt(100_000) + rng.nextDouble();
            double pf = 2 + rng.nextInt(200_000);
            double po = rng.nextBoolean() ? 1 + rng.nextInt((int) pf - 1) : Math.max(1, pf - 1 - rng.nextInt(3));
            GangJobs jobs =
                    GangJobs.builder().add(1, af, 2, pf, 0).add(2, ao, 2, po, 0).build();
            double t = QueuePolicies.LXF.overtakeTime(jobs, 0, 1, ao);
            if (t > ao && t < Double.POSITIVE_INFINITY) {
                assertThat(new PriorityOrder(QueuePolicies.LXF, false, jobs).compare(0, 1, Math.nextDown(t)))
                        .as("at %s pt %s, at %s pt %s: overtake time %s", af, pf, ao, po, t)
                        .isNegative();
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(50_000);
    }

    /**
     * The same for the printed order (smallest XF first): a job that arrived later with a shorter pt comes first
     * and is overtaken once its XF, growing faster, passes the other's; never after the order changes.
     */
    @Test
    void printedOvertakeTimeIsNeverAfterTheOrderChanges() {
        UniformRandomProvider rng = new RandomStreams(22).stream("overtake");
        int checked = 0;
        for (int i = 0; i < 100_000; i++) {
            double ao = rng.nextInt(30_000_000) + (rng.nextBoolean() ? rng.nextDouble() : 0);
            double af = ao + 1 + rng.nextInt(100_000) + rng.nextDouble(); // "first" arrives later, at "now"
            double po = 2 + rng.nextInt(200_000);
            double pf = rng.nextBoolean() ? 1 + rng.nextInt((int) po - 1) : Math.max(1, po - 1 - rng.nextInt(3));
            GangJobs jobs =
                    GangJobs.builder().add(1, ao, 2, po, 0).add(2, af, 2, pf, 0).build();
            PriorityOrder order = new PriorityOrder(QueuePolicies.LXF_PRINTED, false, jobs);
            assertThat(order.compare(1, 0, af)).isNegative(); // XF 1 against more than 1
            double t = QueuePolicies.LXF_PRINTED.overtakeTime(jobs, 1, 0, af);
            assertThat(QueuePolicies.LXF_PRINTED.overtakeTime(jobs, 0, 1, af))
                    .as("a job with the shorter pt never falls behind")
                    .isEqualTo(Double.POSITIVE_INFINITY);
            if (t > af && t < Double.POSITIVE_INFINITY) {
                assertThat(order.compare(1, 0, Math.nextDown(t)))
                        .as("at %s pt %s, at %s pt %s: overtake time %s", ao, po, af, pf, t)
                        .isNegative();
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(50_000);
    }

    @Test
    void anEstimateBelowTheRunTimeIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> GangJobs.builder().add(7, 0, 1, 100, 0, 99))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("job 7");
    }

    @Test
    void withoutAnEstimateItIsTheRunTime() {
        GangJobs jobs = GangJobs.builder().add(1, 0, 2, 40, 0).build();
        assertThat(jobs.estimateSeconds(0)).isEqualTo(40);
    }

    @Test
    void sequentialFirstPutsOneTaskJobsAheadUnderEveryPolicy() {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 4, 10, 0)
                .add(2, 5, 1, 10, 0)
                .add(3, 1, 2, 10, 0)
                .build();
        for (QueuePolicy p :
                new QueuePolicy[] {QueuePolicies.AFCFS, QueuePolicies.LJFS, QueuePolicies.LXF, QueuePolicies.LXF_PRINTED
                }) {
            int[] a = {0, 1, 2};
            new PriorityOrder(p, true, jobs).sort(a, 3, 20);
            assertThat(jobs.id(a[0])).as(p.name()).isEqualTo(2);
        }
    }

    @Test
    void largeSortsAgreeWithInsertionOrder() {
        GangJobs.Builder b = GangJobs.builder();
        for (int i = 0; i < 200; i++) {
            b.add(i, i % 7, 1 + (i * 37) % 13, 1 + (i * 11) % 17, 0);
        }
        GangJobs jobs = b.build();
        for (QueuePolicy p :
                new QueuePolicy[] {QueuePolicies.AFCFS, QueuePolicies.LJFS, QueuePolicies.LXF, QueuePolicies.LXF_PRINTED
                }) {
            PriorityOrder order = new PriorityOrder(p, false, jobs);
            int[] a = new int[200];
            for (int i = 0; i < 200; i++) {
                a[i] = 199 - i;
            }
            order.sort(a, 200, 50);
            for (int i = 1; i < 200; i++) {
                assertThat(order.compare(a[i - 1], a[i], 50)).as(p.name()).isNegative();
            }
        }
    }
}
