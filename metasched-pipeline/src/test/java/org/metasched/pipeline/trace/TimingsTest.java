package org.metasched.pipeline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The start-up rows of the timings table, from the launcher's two time stamps or from the JVM's creation. */
class TimingsTest {
    @Test
    void theLaunchersStampsSplitItsOwnTimeFromTheJvmsStartUp() {
        // the script ran 8.5 ms, then java took 41.5 ms to main
        assertThat(Timings.startRows(1_000_000.0, 1_000_008.5, 1_000_050, 1_000_012))
                .containsExactly(
                        "  start-up to main                        50.0",
                        "  launcher script                          8.5",
                        "  JVM start to main                       41.5");
    }

    @Test
    void withoutTheLauncherTheStartUpCountsFromTheJvmsCreation() {
        assertThat(Timings.startRows(Double.NaN, Double.NaN, 1_000_050, 1_000_012))
                .containsExactly(
                        "  start-up to main                        38.0",
                        "  JVM start to main                       38.0");
        assertThat(Timings.startRows(Double.NaN, Double.NaN, 1_000_050, 0)).isEmpty();
        // only the exec stamp (an older launcher's variable missing): the JVM's row from it, no launcher row
        assertThat(Timings.startRows(Double.NaN, 1_000_010.0, 1_000_050, 1_000_012))
                .containsExactly(
                        "  start-up to main                        40.0",
                        "  JVM start to main                       40.0");
    }

    @Test
    void bashsTimeStampsAreReadInEitherDecimalSeparator() {
        assertThat(Timings.epochMillis("1764273600.123456")).isEqualTo(1_764_273_600_123.456, within());
        assertThat(Timings.epochMillis("1764273600,5")).isEqualTo(1_764_273_600_500.0, within());
        assertThat(Timings.epochMillis("")).isNaN();
        assertThat(Timings.epochMillis(null)).isNaN();
        assertThat(Timings.epochMillis("soon")).isNaN();
    }

    @Test
    void aJvmStartedFromThisOneDoesNotTakeItsLauncherStamps() {
        java.util.Map<String, String> env = new java.util.HashMap<>(java.util.Map.of(
                "METASCHED_LAUNCHED", "1.0", "METASCHED_EXEC", "2.0", "METASCHED_TIMINGS", "1", "PATH", "/bin"));
        Timings.forgetLauncher(env);
        assertThat(env).containsOnlyKeys("METASCHED_TIMINGS", "PATH");
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(0.001);
    }
}
