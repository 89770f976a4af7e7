package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SparkEngineTest {
    /** The engine's JVM gets the command's JIT and collector, and nothing that belongs to the command's JVM alone. */
    @Test
    void theEnginesJvmGetsTheJitAndTheCollectorOnly() {
        assertThat(SparkEngine.jvmOptions(List.of(
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseParallelGC",
                        "-XX:-UseAdaptiveSizePolicy",
                        "-Xmx200m",
                        "-XX:SharedArchiveFile=/tmp/a.jsa",
                        "-Xlog:cds=off",
                        "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                        "-Dfoo=bar")))
                .containsExactly("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC", "-XX:-UseAdaptiveSizePolicy");
    }
}
