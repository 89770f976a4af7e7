package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.model.Workload;

/**
 * {@link EasyBackfilling} (one pass over the queue, the extra processors updated as jobs are backfilled) starts every
 * job when EASY as its definition reads does: the head's shadow time and extra processors recomputed from scratch,
 * the pass repeated after every start. 200 seeded workloads of 400 jobs with bursts, early completions and kills.
 */
class EasyBackfillingOracleTest {
    static LongStream seeds() {
        return LongStream.range(1, 201);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void startsEveryJobWhenTheDefinitionDoes(long seed) {
        Workload w = RandomWorkloads.of(seed, 400);
        MachineSimulation fast = new MachineSimulation(w, new EasyBackfilling(w), null).run();
        MachineSimulation plain = new MachineSimulation(w, new PlainEasy(w), null).run();
        for (int j = 0; j < w.size(); j++) {
            assertThat(fast.startSeconds(j))
                    .as("job %d of seed %d", w.id(j), seed)
                    .isEqualTo(plain.startSeconds(j));
        }
    }

    /** EASY recomputed from scratch at every start: the head's shadow time and extra processors, then one job. */
    private static final class PlainEasy implements SchedulingPolicy {
        private final Workload w;
        private final List<Integer> queue = new ArrayList<>();
        private final Map<Integer, Long> estimatedEnd = new HashMap<>();

        PlainEasy(Workload w) {
            this.w = w;
        }

        @Override
        public void jobSubmitted(int job, long now) {
            queue.add(job);
        }

        @Override
        public void jobEnded(int job, long now) {
            estimatedEnd.remove(job);
        }

        @Override
        public void decide(long now, Decisions decisions) {
            while (!queue.isEmpty()) {
                int free = decisions.freeProcessors();
                int head = queue.get(0);
                int need = w.processors(head);
                if (need <= free) {
                    start(queue.remove(0), now, decisions);
                    continue;
                }
                List<Map.Entry<Integer, Long>> running = new ArrayList<>(estimatedEnd.entrySet());
                running.sort(Map.Entry.comparingByValue());
                long shadow = Long.MAX_VALUE;
                int available = free;
                for (Map.Entry<Integer, Long> r : running) { // every job ending by the shadow time frees its share
                    if (available >= need && r.getValue() > shadow) {
                        break;
                    }
                    available += w.processors(r.getKey());
                    if (available >= need && shadow == Long.MAX_VALUE) {
                        shadow = r.getValue();
                    }
                }
                int extra = available - need;
                int started = -1;
                for (int k = 1; k < queue.size() && started < 0; k++) {
                    int j = queue.get(k);
                    int p = w.processors(j);
                    if (p <= free && (now + w.estimateSeconds(j) <= shadow || p <= extra)) {
                        started = k;
                    }
                }
                if (started < 0) {
                    return;
                }
                start(queue.remove(started), now, decisions);
            }
        }

        private void start(int j, long now, Decisions decisions) {
            decisions.start(j);
            estimatedEnd.put(j, now + w.estimateSeconds(j));
        }
    }
}
