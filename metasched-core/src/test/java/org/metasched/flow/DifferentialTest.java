package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.model.Workload;

/**
 * Every policy against {@link NaiveReference} on seeded random workloads, job by job: pins the incremental EASY
 * update, the profile bookkeeping, the compression shortcut, wake-ups and the event order.
 */
class DifferentialTest {
    static Stream<Arguments> cases() {
        return FlowPolicy.values().stream()
                .flatMap(p -> java.util.stream.LongStream.range(1, 31).mapToObj(seed -> Arguments.of(p, seed)));
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("cases")
    void sameStartTimesAsTheNaiveReference(FlowPolicy policy, long seed) {
        Workload w = RandomWorkloads.of(seed, 100);
        MachineSimulation sim = new MachineSimulation(w, policy.create(w), null).run();
        long[] expected = NaiveReference.starts(w, policy);
        for (int j = 0; j < w.size(); j++) {
            assertThat(sim.startSeconds(j))
                    .as("%s seed %d job %d", policy, seed, w.id(j))
                    .isEqualTo(expected[j]);
        }
    }
}
