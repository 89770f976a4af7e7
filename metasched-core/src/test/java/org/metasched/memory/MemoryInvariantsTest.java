package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The invariants of {@link MemoryScheduleCheck} on seeded random runs of every policy: random cluster shapes and
 * workloads (with ties and zero-length jobs), and the paper's two streams.
 */
class MemoryInvariantsTest {
    static Stream<Arguments> policiesAndSeeds() {
        List<Arguments> out = new ArrayList<>();
        for (MemoryPolicy p : MemoryPolicy.all()) {
            for (long seed = 1; seed <= 40; seed++) {
                out.add(Arguments.of(p.name(), seed));
            }
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("policiesAndSeeds")
    void randomClustersAndWorkloads(String policy, long seed) {
        MemoryConfig c = RandomMemoryRuns.cluster(seed, policy);
        MemoryWorkload w = RandomMemoryRuns.workload(seed, c, 300);
        MemoryCluster run = MemoryCluster.of(c, w).run();
        MemoryScheduleCheck.verify(run, c.classesGiB());
        assertThat(run.jobRecords()).hasSize(300);
        if (!policy.equals("adaptive")) {
            assertThat(run.reprovisionings()).isZero();
        }
    }

    @ParameterizedTest
    @MethodSource("policiesAndSeeds")
    void thePapersStreams(String policy, long seed) {
        for (String stream : List.of(MemoryStreams.STABLE, MemoryStreams.PEAK)) {
            MemoryConfig c = MemoryConfig.defaults()
                    .withPolicy(policy)
                    .withWorkload(stream)
                    .withThreshold((seed % 6) / 10.0);
            MemoryWorkload w = MemoryStreams.generate(c, (int) seed);
            MemoryCluster run = MemoryCluster.of(c, w).run();
            MemoryScheduleCheck.verify(run, c.classesGiB());
        }
    }
}
