package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A horizon so long that the searches' tolerance (1e-14 of the free time's span, spec 0.1) reaches the distance
 * between two times of the input is refused: at {@code [0, 2e14]} the worked example's node s4, busy until 12, looked
 * free from 10, and bf-finish returned a window overlapping its busy time. Every window returned on a long horizon
 * that is taken lies in its nodes' free time exactly, with no tolerance.
 */
class SelectLongHorizonTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "select-small.json");
    private static final List<String> WINDOW_SEARCHES = List.of(
            "bf-start",
            "bf-finish",
            "bf-short",
            "past",
            "cop",
            "l-sum",
            "l-min-sum",
            "amp",
            "alp",
            "min-cost",
            "min-runtime",
            "min-finish",
            "min-proc-time",
            "min-proc-time-exact");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private Path withHorizon(String horizon) throws IOException {
        return Files.writeString(
                dir.resolve("p-" + horizon.replaceAll("\\W", "_") + ".json"),
                Files.readString(EXAMPLE).replace("\"horizon\": [0, 60]", "\"horizon\": " + horizon));
    }

    @Test
    void aHorizonWhoseToleranceReachesTheInputsTimesIsRefusedInOneLine() throws IOException {
        Path f = withHorizon("[0, 2e14]");
        for (String strategy : List.of("bf-finish", "min-finish", "csa")) {
            CliRunner.Result r = CliRunner.run("select", "-i", f.toString(), "-s", strategy);
            assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip())
                    .doesNotContain("\n")
                    .startsWith("metasched: " + f + ": horizon gives free time from 0 to 200000000000000,")
                    .contains("compare times within 2 (1e-14 of it, spec 0.1)")
                    .contains("times only 2 apart (10 and 12)")
                    .endsWith("give a horizon whose free time spans less than 100000000000000");
            assertThat(r.out()).isEmpty();
        }
    }

    /** Just under the limit the example's answer is the one on its own horizon of 60: start 12, finish 32. */
    @Test
    void justUnderTheLimitTheWorkedExampleIsAnsweredAsOnItsOwnHorizon() throws IOException {
        Path f = withHorizon("[0, 9.9e13]");
        JsonNode w = JSON.readTree(
                CliRunner.run("select", "-i", f.toString(), "-s", "bf-finish").out());
        assertThat(w.get("start").asDouble()).isEqualTo(12.0);
        assertThat(w.get("finish").asDouble()).isEqualTo(32.0);
    }

    /**
     * Random problems with whole-number busy times on horizons of 10^6 to 10^14: each is refused or answered, and
     * every window answered lies inside its nodes' free time exactly (start at or after the end of every busy
     * interval it follows, end at or before the start of the next), for every window search but csa: its disjoint
     * alternatives on a horizon of a million units take one window after another (a test of its own above).
     */
    @Test
    void everyWindowTakenOnALongHorizonLiesInFreeTimeExactly() throws IOException {
        SplittableRandom random = new SplittableRandom(20261128);
        int answered = 0;
        int refused = 0;
        for (int problem = 0; problem < 16; problem++) {
            double horizon = Math.pow(10, 6 + problem % 9);
            int nodes = 3 + random.nextInt(4);
            List<List<long[]>> busy = new ArrayList<>();
            StringBuilder json = new StringBuilder(
                    "{\"horizon\": [0, " + String.format(Locale.ROOT, "%.0f", horizon) + "], \"nodes\": [");
            for (int n = 0; n < nodes; n++) {
                List<long[]> intervals = new ArrayList<>();
                long t = random.nextInt(8);
                StringBuilder b = new StringBuilder();
                for (int k = 0; k < 3; k++) {
                    long start = t + random.nextInt(10);
                    long end = start + 1 + random.nextInt(10);
                    intervals.add(new long[] {start, end});
                    b.append(k == 0 ? "" : ", ")
                            .append('[')
                            .append(start)
                            .append(", ")
                            .append(end)
                            .append(']');
                    t = end + 1;
                }
                busy.add(intervals);
                json.append(n == 0 ? "" : ", ")
                        .append("{\"id\": \"n")
                        .append(n)
                        .append("\", \"performance\": ")
                        .append(1 + random.nextInt(4))
                        .append(", \"price\": ")
                        .append(1 + random.nextInt(5))
                        .append(", \"busy\": [")
                        .append(b)
                        .append("]}");
            }
            json.append("], \"job\": {\"nodes\": 2, \"volume\": ")
                    .append(4 + random.nextInt(20))
                    .append("}}");
            Path f = Files.writeString(dir.resolve("r" + problem + ".json"), json);
            for (String strategy : WINDOW_SEARCHES) {
                CliRunner.Result r = CliRunner.run("select", "-i", f.toString(), "-s", strategy);
                if (r.exitCode() == 2) {
                    assertThat(r.err()).as(json.toString()).contains(": horizon gives free time from 0 to");
                    refused++;
                    continue;
                }
                assertThat(r.exitCode()).as(r.err()).isZero();
                JsonNode w = JSON.readTree(r.out());
                for (JsonNode slot : w.get("slots")) {
                    int node = Integer.parseInt(slot.get("node").asString().substring(1));
                    double start = slot.get("start").asDouble();
                    double end = slot.get("end").asDouble();
                    assertThat(start)
                            .as(strategy + " " + json)
                            .isGreaterThanOrEqualTo(0)
                            .isLessThan(end);
                    assertThat(end).as(strategy + " " + json).isLessThanOrEqualTo(horizon);
                    for (long[] b : busy.get(node)) {
                        assertThat(end <= b[0] || start >= b[1])
                                .as(strategy + ": " + slot + " overlaps busy [" + b[0] + ", " + b[1] + "] in " + json)
                                .isTrue();
                    }
                }
                answered++;
            }
        }
        assertThat(answered).isPositive();
        assertThat(refused).isPositive();
    }
}
