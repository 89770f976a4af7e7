package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.random.RandomStreams;

/**
 * The grid's queues against lists: random additions and removals (anywhere in a queue, as starts under the
 * adapted rule, sequential jobs and migrations remove them), with and without ranks; after each, every queue holds
 * the same tasks as its list and, with ranks, its head is the job of least rank.
 */
class ProcessorQueuesTest {
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void queuesHoldTheirTasksAndHeadTheLeastRank(long seed) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("queues");
        int processors = 1 + rng.nextInt(4);
        int jobs = 50 + rng.nextInt(200);
        int[] taskJob = new int[3 * jobs];
        for (int t = 0; t < taskJob.length; t++) {
            taskJob[t] = t / 3; // three tasks a job: some land in one queue, ranks then tie
        }
        int[] rank = new int[jobs];
        for (int j = 0; j < jobs; j++) {
            rank[j] = j;
        }
        for (int i = jobs - 1; i > 0; i--) { // a random permutation
            int k = rng.nextInt(i + 1);
            int x = rank[i];
            rank[i] = rank[k];
            rank[k] = x;
        }
        GangJobs.Builder b = GangJobs.builder();
        double[] latency = new double[jobs];
        for (int j = 0; j < jobs; j++) {
            b.add(j + 1, 0, 3, 1 + rng.nextInt(100), 0, 100);
            latency[j] = rng.nextInt(3) * 0.25;
        }
        GangJobs gangJobs = b.build();
        for (int[] r : new int[][] {rank, null}) {
            ProcessorQueues queues = new ProcessorQueues(processors, taskJob, r, gangJobs, latency);
            List<List<Integer>> lists = new ArrayList<>();
            for (int p = 0; p < processors; p++) {
                lists.add(new ArrayList<>());
            }
            int[] where = new int[taskJob.length];
            Arrays.fill(where, -1);
            for (int step = 0; step < 20 * jobs; step++) {
                boolean growing = step / 200 % 2 == 0; // queues grow and drain in turn
                int t = rng.nextInt(taskJob.length);
                int p = where[t];
                if (p < 0 && (growing || rng.nextInt(4) == 0)) {
                    p = rng.nextInt(processors);
                    long v = queues.version(p);
                    queues.add(t, p);
                    assertThat(queues.version(p)).isNotEqualTo(v);
                    lists.get(p).add(t);
                    where[t] = p;
                } else if (p >= 0 && (!growing || rng.nextInt(4) == 0)) {
                    if (rng.nextBoolean()) { // the first task: under the queue-heads rule the head starts
                        t = queues.task(p, 0);
                    }
                    queues.remove(t, p);
                    lists.get(p).remove(Integer.valueOf(t));
                    where[t] = -1;
                } else {
                    continue;
                }
                check(queues, p, lists.get(p), taskJob, r);
                double work = 0;
                for (int task : lists.get(p)) {
                    work += gangJobs.processingSeconds(taskJob[task]) + latency[taskJob[task]];
                }
                assertThat(queues.processingSeconds(p) + queues.latencySeconds(p))
                        .isCloseTo(work, within(1e-6));
            }
        }
    }

    private static void check(ProcessorQueues queues, int p, List<Integer> list, int[] taskJob, int[] rank) {
        int n = queues.length(p);
        int[] held = new int[n];
        int least = -1;
        for (int i = 0; i < n; i++) {
            int t = queues.task(p, i);
            held[i] = t;
            if (rank != null && (least < 0 || rank[taskJob[t]] < rank[least])) {
                least = taskJob[t];
            }
        }
        int[] expected = list.stream().mapToInt(Integer::intValue).toArray();
        Arrays.sort(held);
        Arrays.sort(expected);
        assertThat(held).isEqualTo(expected);
        if (rank != null) {
            assertThat(queues.headJob(p)).as("head of %d", p).isEqualTo(least);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aTaskIsQueuedOnceAndRemovedWhereItIs(boolean ranked) {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 1, 5, 0, 5)
                .add(2, 0, 1, 5, 0, 5)
                .add(3, 0, 1, 5, 0, 5)
                .build();
        int[] rank = ranked ? new int[] {2, 1, 0} : null;
        ProcessorQueues queues = new ProcessorQueues(2, new int[] {0, 1, 2}, rank, jobs, new double[3]);
        queues.add(0, 0);
        assertThatThrownBy(() -> queues.add(0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> queues.remove(0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> queues.remove(1, 0)).isInstanceOf(IllegalStateException.class);
        queues.remove(0, 0);
        assertThat(queues.length(0)).isZero();
    }
}
