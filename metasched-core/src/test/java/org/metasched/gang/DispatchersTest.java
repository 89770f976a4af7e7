package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.random.RandomStreams;

/** The grid dispatcher (spec 5.2, oracle T15) and the local dispatchers (5.3, oracle T16). */
class DispatchersTest {
    private static final UniformRandomProvider RNG = new RandomStreams(1).stream("test");

    /** GD-1: LC_A = 9/4 = 2.25, LC_B = 8/8 = 1; a 6-task job fits only B, a 3-task job goes to B (less load). */
    @Test
    void t15GridDispatcherExample() {
        int[] queuedA = {2, 0, 1, 3};
        int[] runningA = {1, 0, 1, 1};
        int[] queuedB = {1, 1, 0, 0, 1, 0, 0, 0};
        int[] runningB = {1, 1, 1, 0, 1, 0, 0, 1};
        assertThat(LeastLoadedCluster.load(queuedA, runningA)).isEqualTo(2.25);
        assertThat(LeastLoadedCluster.load(queuedB, runningB)).isEqualTo(1.0);
        int[] sizes = {4, 8};
        long[] loads = {9, 8};
        for (TieBreak tb : TieBreak.values()) {
            assertThat(LeastLoadedCluster.choose(6, sizes, loads, tb, RNG)).isEqualTo(1);
            assertThat(LeastLoadedCluster.choose(3, sizes, loads, tb, RNG)).isEqualTo(1);
            assertThat(LeastLoadedCluster.choose(9, sizes, loads, tb, RNG)).isEqualTo(LeastLoadedCluster.REJECT);
        }
    }

    @Test
    void loadsAreComparedExactlyAndTiesFollowTheTieBreak() {
        int[] sizes = {3, 6, 9};
        long[] loads = {1, 2, 3}; // all exactly 1/3
        assertThat(LeastLoadedCluster.choose(2, sizes, loads, TieBreak.FIRST, RNG))
                .isZero();
        int[] hits = new int[3];
        UniformRandomProvider rng = new RandomStreams(7).stream("ties");
        for (int i = 0; i < 3000; i++) {
            hits[LeastLoadedCluster.choose(2, sizes, loads, TieBreak.RANDOM, rng)]++;
        }
        for (int h : hits) {
            assertThat(h).isBetween(850, 1150);
        }
        // only the tied clusters are drawn from: cluster 2 is less loaded than the others here
        long[] unequal = {1, 2, 2};
        for (int i = 0; i < 100; i++) {
            assertThat(LeastLoadedCluster.choose(2, sizes, unequal, TieBreak.RANDOM, rng))
                    .isEqualTo(2);
        }
        // a job of 4 tasks is not eligible for the 3-processor cluster even if it is the least loaded
        assertThat(LeastLoadedCluster.choose(4, sizes, new long[] {0, 5, 9}, TieBreak.FIRST, rng))
                .isEqualTo(1);
    }

    @Test
    void sequentialJobsGoToAnEligibleClusterAtRandomWhateverTheLoad() {
        int[] sizes = {2, 4};
        long[] loads = {100, 0};
        int[] hits = new int[2];
        UniformRandomProvider rng = new RandomStreams(3).stream("seq");
        for (int i = 0; i < 2000; i++) {
            hits[LeastLoadedCluster.choose(1, sizes, loads, TieBreak.FIRST, rng)]++;
        }
        assertThat(hits[0]).isBetween(850, 1150);
    }

    /** JSEQ-1: est = [30, 10, 25, 10, 0]; a 3-task job goes to P5, P2, P4 (stable: P2 before P4). */
    @Test
    void t16JseqExample() {
        int[] order = new int[5];
        JoinShortestExecutionQueue.choose(new double[] {30, 10, 25, 10, 0}, 5, 3, order, new int[5]);
        assertThat(new int[] {order[0], order[1], order[2]}).containsExactly(4, 1, 3);
    }

    @Test
    void jseqOnTheGridUsesRemainingPlusQueuedServiceOnEachProcessor() {
        // one cluster of 3; processor 0 at 1000 MHz runs a 10 s task (20 s there), processor 2 holds a queued task
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 1, 10, 0)
                .add(2, 0, 1, 3, 0)
                .add(3, 0, 1, 1, 0)
                .add(4, 0, 2, 1, 0)
                .build();
        Grid g = new Grid(jobs, new int[] {3}, new double[] {1000, 2000, 2000}, 2000, new double[4]);
        g.dispatch(0, 0);
        g.enqueue(g.firstTask(0), 0);
        g.startJob(0, 0);
        g.dispatch(1, 0);
        g.enqueue(g.firstTask(1), 1);
        g.startJob(1, 0);
        g.dispatch(2, 0);
        g.enqueue(g.firstTask(2), 1); // queued behind job 2 on processor 1
        assertThat(g.estimatedWorkSeconds(0, 5)).isEqualTo(15.0);
        assertThat(g.estimatedWorkSeconds(1, 1)).isEqualTo(2.0 + 1.0);
        assertThat(g.estimatedWorkSeconds(2, 1)).isZero();
        int[] out = new int[2];
        new JoinShortestExecutionQueue().place(g, 0, 2, 1, RNG, out);
        assertThat(out).containsExactly(2, 1);
    }

    @Test
    void olbPutsIdleProcessorsFirstInRandomOrder() {
        GangJobs jobs = GangJobs.builder().add(1, 0, 1, 5, 0).add(2, 0, 4, 5, 0).build();
        Grid g = new Grid(jobs, new int[] {5}, new double[] {2000, 2000, 2000, 2000, 2000}, 2000, new double[2]);
        g.dispatch(0, 0);
        g.enqueue(g.firstTask(0), 2);
        g.startJob(0, 0); // processor 2 busy
        UniformRandomProvider rng = new RandomStreams(5).stream("olb");
        int[] firstSlot = new int[5];
        for (int i = 0; i < 4000; i++) {
            int[] out = new int[5];
            new OpportunisticLoadBalancing().place(g, 0, 5, 1, rng, out);
            assertThat(out[4]).isEqualTo(2); // the busy one comes last
            assertThat(out).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
            firstSlot[out[0]]++;
        }
        assertThat(firstSlot[2]).isZero();
        for (int p : new int[] {0, 1, 3, 4}) {
            assertThat(firstSlot[p] / 4000.0).isCloseTo(0.25, within(0.04));
        }
    }

    @Test
    void aSequentialJobTakesTheFastestIdleProcessorElseTheLeastEstimatedWork() {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 1, 10, 0)
                .add(2, 0, 1, 10, 0)
                .add(3, 0, 1, 10, 0)
                .build();
        // clocks: 1500, 3000, 3000 -> fastest idle is processor 1 (lowest index among the 3000 MHz ones)
        Grid g = new Grid(jobs, new int[] {3}, new double[] {1500, 3000, 3000}, 2000, new double[3]);
        assertThat(SequentialJobRule.choose(g, 0, 0)).isEqualTo(1);
        g.dispatch(0, 0);
        g.enqueue(g.firstTask(0), 1);
        g.startJob(0, 0);
        assertThat(SequentialJobRule.choose(g, 0, 0)).isEqualTo(2);
        g.dispatch(1, 0);
        g.enqueue(g.firstTask(1), 2);
        g.startJob(1, 0);
        assertThat(SequentialJobRule.choose(g, 0, 0)).isEqualTo(0);
        g.dispatch(2, 0);
        g.enqueue(g.firstTask(2), 0);
        g.startJob(2, 0);
        // all busy: remaining work 10*2000/1500 = 13.33, 6.67, 6.67 -> processor 1 (ties by index)
        assertThat(SequentialJobRule.choose(g, 0, 0)).isEqualTo(1);
    }
}
