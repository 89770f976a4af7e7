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

    /**
     * Java 23 and later refuse Subject.getSubject, which Spark 4.0 and Hadoop call: one line saying so and the way out.
     */
    @Test
    void javaNewerThanSparkSupportsIsRefusedWithTheWayOut() {
        assertThat(SparkEngine.unsupportedJava(17)).isNull();
        assertThat(SparkEngine.unsupportedJava(21)).isNull();
        assertThat(SparkEngine.unsupportedJava(22)).isNull();
        assertThat(SparkEngine.unsupportedJava(23))
                .contains("Java 17 to 22", "this is Java 23", "--engine local")
                .doesNotContain("\n");
        assertThat(SparkEngine.unsupportedJava(25)).contains("this is Java 25");
    }
}
