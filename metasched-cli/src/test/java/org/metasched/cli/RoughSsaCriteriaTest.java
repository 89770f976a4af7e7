package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The SSA criteria in ROUGH geometry sum each slot's own finish (docs/select.md, "The SSA criteria in rough
 * geometry"): bf-finish minimises the sum of its slots' finishes, which is not the window's finish (its slowest
 * slot's). The docs' example, as a user runs it: bf-finish A and B (sum 7, finish 6), min-finish C and D (sum 8,
 * finish 4); in COMMON geometry, where every slot ends at the window's finish, both take C and D.
 */
class RoughSsaCriteriaTest {
    @TempDir
    Path dir;

    private Path problem(String geometry) throws IOException {
        return Files.writeString(
                dir.resolve(geometry + ".json"),
                "{\"horizon\": 100, \"geometry\": \"" + geometry + "\", \"nodes\": ["
                        + "{\"id\": \"A\", \"performance\": 12, \"price\": 20},"
                        + " {\"id\": \"B\", \"performance\": 2, \"price\": 0.5},"
                        + " {\"id\": \"C\", \"performance\": 3, \"price\": 2},"
                        + " {\"id\": \"D\", \"performance\": 3, \"price\": 2}],"
                        + " \"job\": {\"nodes\": 2, \"volume\": 12, \"budget\": 24}}");
    }

    private static JsonNode select(Path file, String strategy) {
        CliRunner.Result r = CliRunner.run("select", "-i", file.toString(), "-s", strategy, "-f", "json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return JsonMapper.builder().build().readTree(r.out());
    }

    private static List<String> nodes(JsonNode w) {
        List<String> ids = new ArrayList<>();
        w.get("slots").forEach(s -> ids.add(s.get("node").asString()));
        return ids;
    }

    private static double sumOfSlotFinishes(JsonNode w) {
        double sum = 0;
        for (JsonNode s : w.get("slots")) {
            sum += s.get("end").asDouble();
        }
        return sum;
    }

    @Test
    void bfFinishInRoughGeometryMinimisesTheSumOfItsSlotsFinishes() throws IOException {
        Path rough = problem("rough");
        JsonNode bf = select(rough, "bf-finish");
        assertThat(nodes(bf)).containsExactly("A", "B");
        assertThat(bf.get("finish").asDouble()).isEqualTo(6);
        assertThat(bf.get("cost").asDouble()).isEqualTo(23);
        assertThat(sumOfSlotFinishes(bf)).isEqualTo(7);
        assertThat(bf.get("exact").asBoolean()).isTrue();
        JsonNode earliest = select(rough, "min-finish");
        assertThat(nodes(earliest)).containsExactlyInAnyOrder("C", "D");
        assertThat(earliest.get("finish").asDouble()).isEqualTo(4);
        assertThat(sumOfSlotFinishes(earliest)).isEqualTo(8);

        Path common = problem("common");
        for (String strategy : List.of("bf-finish", "min-finish")) {
            JsonNode w = select(common, strategy);
            assertThat(nodes(w)).as(strategy).containsExactlyInAnyOrder("C", "D");
            assertThat(w.get("finish").asDouble()).as(strategy).isEqualTo(4);
        }
    }
}
