package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.random.RandomStreams;

/**
 * The kinetic heads of queues under the expansion-factor orders against a scan that compares the keys at the same
 * time: random additions of jobs that have arrived and removals (anywhere in a queue), time going on by steps of 0
 * (several looks at one instant), a fraction of a second and seconds to half an hour, jobs with equal and nearly equal lengths and arrivals (ties,
 * and crossings that the rounding decides), with and without sequential jobs first. After every step each queue's
 * head is the scan's, and no head changes before {@link ProcessorQueues#headValidUntil} unless its queue does.
 */
class KineticHeadsTest {
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (QueuePolicy policy : List.of(QueuePolicies.LXF, QueuePolicies.LXF_ESTIMATE, QueuePolicies.LXF_PRINTED)) {
            for (boolean sequentialFirst : List.of(false, true)) {
                for (long seed = 1; seed <= 8; seed++) {
                    out.add(Arguments.of(policy, sequentialFirst, seed));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} sequential first {1} seed {2}")
    @MethodSource("cases")
    void headsAreTheScansAtEveryTime(QueuePolicy policy, boolean sequentialFirst, long seed) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("kinetic");
        int processors = 1 + rng.nextInt(4);
        int jobs = 100 + rng.nextInt(300);
        GangJobs.Builder b = GangJobs.builder();
        double submit = 0;
        for (int j = 0; j < jobs; j++) {
            submit += rng.nextInt(3) == 0 ? 0 : rng.nextInt(2000) + (rng.nextBoolean() ? rng.nextDouble() : 0);
            double pt = switch (rng.nextInt(4)) {
                case 0 -> 100; // equal lengths
                case 1 -> 100 + rng.nextInt(3); // nearly equal: crossings far away
                case 2 -> 1 + rng.nextInt(10);
                default -> 1 + rng.nextInt(5000);
            };
            b.add(j + 1, submit, 1 + rng.nextInt(3), pt, 0, pt * (1 + rng.nextInt(3)));
        }
        GangJobs gangJobs = b.build();
        int[] taskJob = new int[jobs];
        for (int t = 0; t < jobs; t++) {
            taskJob[t] = t; // one task a job: each job at most once in a queue
        }
        PriorityOrder order = new PriorityOrder(policy, sequentialFirst, gangJobs);
        KineticHeads kinetic = new KineticHeads(processors, order);
        ProcessorQueues queues = new ProcessorQueues(processors, taskJob, null, kinetic, gangJobs, new double[jobs]);
        int[] where = new int[jobs];
        Arrays.fill(where, -1);
        int[] head = new int[processors];
        double[] until = new double[processors];
        long[] version = new long[processors];
        double now = 0;
        for (int step = 0; step < 60 * jobs; step++) {
            now += switch (rng.nextInt(5)) {
                case 0, 1 -> 0;
                case 2 -> rng.nextDouble();
                case 3 -> rng.nextInt(100);
                default -> rng.nextInt(2000);
            };
            int t = rng.nextInt(jobs);
            boolean growing = step / 300 % 2 == 0;
            if (where[t] < 0 && gangJobs.submitSeconds(t) <= now && (growing || rng.nextInt(4) == 0)) {
                where[t] = rng.nextInt(processors);
                queues.add(t, where[t]);
            } else if (where[t] >= 0 && (!growing || rng.nextInt(4) == 0)) {
                queues.remove(t, where[t]);
                where[t] = -1;
            }
            for (int p = 0; p < processors; p++) {
                int h = queues.headJob(p, now);
                assertThat(h).as("head of %d at %s, step %d", p, now, step).isEqualTo(scan(queues, p, order, now));
                if (queues.version(p) == version[p] && now < until[p]) {
                    assertThat(h)
                            .as("head of %d changed before %s", p, until[p])
                            .isEqualTo(head[p]);
                }
                head[p] = h;
                until[p] = queues.headValidUntil(p);
                version[p] = queues.version(p);
                assertThat(until[p]).isGreaterThan(now);
            }
        }
    }

    private static int scan(ProcessorQueues queues, int p, PriorityOrder order, double now) {
        int best = -1;
        for (int i = 0; i < queues.length(p); i++) {
            int j = queues.task(p, i); // task t is job t
            if (best < 0 || order.compareKeys(j, best, now) < 0) {
                best = j;
            }
        }
        return best;
    }
}
