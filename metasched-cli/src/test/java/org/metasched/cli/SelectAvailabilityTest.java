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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.availability.AvailabilityNode;
import org.metasched.availability.LocalJob;
import org.metasched.model.Node;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code select} with the availability strategies on random small domains (whole-number prices and runtimes),
 * against a brute force over every whole start time and every node subset within the budget.
 */
class SelectAvailabilityTest {
    @TempDir
    Path dir;

    record Domain(String json, List<AvailabilityNode> nodes, int start, int end, int n, int runtime, int budget) {}

    static Domain random(SplittableRandom r) {
        int m = 2 + r.nextInt(5);
        int n = 1 + r.nextInt(Math.min(3, m));
        int start = r.nextInt(5);
        int end = start + 1 + r.nextInt(15);
        int runtime = 1 + r.nextInt(8);
        StringBuilder json = new StringBuilder("{\"horizon\": [" + start + ", " + end + "], \"nodes\": [");
        List<AvailabilityNode> nodes = new ArrayList<>();
        int priceSum = 0;
        for (int i = 0; i < m; i++) {
            int price = 1 + r.nextInt(5);
            priceSum += price;
            double occupancy = r.nextInt(4) == 0 ? 0 : Math.round(r.nextDouble() * 0.3 * 1000) / 1000.0;
            List<LocalJob> jobs = new ArrayList<>();
            StringBuilder lj = new StringBuilder();
            int k = r.nextInt(3);
            double at = r.nextInt(6);
            for (int j = 0; j < k; j++) {
                double length = 1 + r.nextInt(8);
                double sa = r.nextInt(3) * 0.5;
                double sr = r.nextInt(4) * 0.2;
                double p = r.nextInt(3) == 0 ? 0.5 : 1;
                jobs.add(new LocalJob(at, length, sa, sr, p));
                lj.append(j == 0 ? "" : ", ")
                        .append(String.format(
                                Locale.ROOT,
                                "{\"start\": %s, \"length\": %s, \"sigmaStart\": %s, \"sigmaRelease\": %s,"
                                        + " \"probability\": %s}",
                                at,
                                length,
                                sa,
                                sr,
                                p));
                at += length + r.nextInt(6);
            }
            Node node = new Node(i, "r" + i, 1 + r.nextInt(9), price);
            nodes.add(AvailabilityNode.of(node, occupancy, jobs, List.of()));
            json.append(i == 0 ? "" : ", ")
                    .append(String.format(
                            Locale.ROOT,
                            "{\"id\": \"r%d\", \"performance\": %s, \"price\": %d, \"occupancy\": %s, \"localJobs\":"
                                    + " [%s]}",
                            i,
                            node.performance(),
                            price,
                            occupancy,
                            lj));
        }
        int budget = runtime * (n + r.nextInt(Math.max(1, priceSum)));
        json.append(String.format(
                Locale.ROOT, "], \"job\": {\"nodes\": %d, \"runtime\": %d, \"budget\": %d}}", n, runtime, budget));
        return new Domain(json.toString(), nodes, start, end, n, runtime, budget);
    }

    /** The best product over every whole start time and every n-subset within the budget; ties to the earliest. */
    static double bruteForce(Domain d) {
        double best = 0;
        int m = d.nodes().size();
        for (int t = d.start(); t <= d.end(); t++) {
            double[] p = new double[m];
            for (int i = 0; i < m; i++) {
                p[i] = d.nodes().get(i).probability(t, d.runtime());
            }
            for (int mask = 0; mask < (1 << m); mask++) {
                if (Integer.bitCount(mask) != d.n()) {
                    continue;
                }
                double prod = 1;
                double cost = 0;
                for (int i = 0; i < m; i++) {
                    if ((mask & (1 << i)) != 0) {
                        prod *= p[i];
                        cost += d.nodes().get(i).node().unitPrice() * d.runtime();
                    }
                }
                if (cost <= d.budget() && prod > best) {
                    best = prod;
                }
            }
        }
        return best;
    }

    @Test
    void theKnapsackEqualsBruteForceOnRandomDomains() throws IOException {
        SplittableRandom r = new SplittableRandom(2021);
        JsonMapper json = JsonMapper.builder().build();
        for (int i = 0; i < 150; i++) {
            Domain d = random(r);
            Path file = Files.writeString(dir.resolve("p" + i + ".json"), d.json());
            CliRunner.Result res = CliRunner.run("select", "-i", file.toString(), "-s", "availability-knapsack");
            assertThat(res.exitCode()).as(res.err()).isZero();
            JsonNode out = json.readTree(res.out());
            double expected = bruteForce(d);
            assertThat(out.get("found").asBoolean()).as(d.json()).isEqualTo(expected > 0);
            assertThat(out.get("availability").asDouble())
                    .as(d.json())
                    .isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-12));
            if (expected > 0) {
                checkWindow(out, d);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"greedy-jnt", "availability-max-p", "availability-min-c", "availability-max-p-c"})
    void aGreedyWindowIsValidAndNeverBeatsTheOptimum(String strategy) throws IOException {
        SplittableRandom r = new SplittableRandom(7);
        JsonMapper json = JsonMapper.builder().build();
        for (int i = 0; i < 40; i++) {
            Domain d = random(r);
            Path file = Files.writeString(dir.resolve("g" + i + ".json"), d.json());
            CliRunner.Result res = CliRunner.run("select", "-i", file.toString(), "-s", strategy);
            assertThat(res.exitCode()).as(res.err()).isZero();
            JsonNode out = json.readTree(res.out());
            assertThat(out.get("availability").asDouble()).isLessThanOrEqualTo(bruteForce(d) + 1e-12);
            if (out.get("found").asBoolean()) {
                checkWindow(out, d);
            }
        }
    }

    /** The window's nodes are distinct, within budget, and their product at its start is its availability. */
    static void checkWindow(JsonNode out, Domain d) {
        double start = out.get("start").asDouble();
        assertThat(start).isBetween((double) d.start(), (double) d.end());
        assertThat(start % 1).isZero();
        assertThat(out.get("slots")).hasSize(d.n());
        double prod = 1;
        double cost = 0;
        List<String> seen = new ArrayList<>();
        for (JsonNode s : out.get("slots")) {
            String id = s.get("node").asString();
            assertThat(seen).doesNotContain(id);
            seen.add(id);
            assertThat(s.get("end").asDouble() - s.get("start").asDouble()).isEqualTo(d.runtime());
            AvailabilityNode node = d.nodes().get(Integer.parseInt(id.substring(1)));
            prod *= node.probability(start, d.runtime());
            cost += node.node().unitPrice() * d.runtime();
        }
        assertThat(cost)
                .isLessThanOrEqualTo(d.budget())
                .isEqualTo(out.get("cost").asDouble());
        assertThat(out.get("availability").asDouble()).isCloseTo(prod, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(out.get("evaluations").asInt()).isPositive();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"occupancy\": 1.5",
                "\"occupancy\": -0.1",
                "\"localJobs\": [{\"start\": 1, \"length\": 2, \"sigmaStart\": -1, \"sigmaRelease\": 0.3}]",
                "\"localJobs\": [{\"start\": 1, \"length\": 2, \"sigmaStart\": 1, \"sigmaRelease\": -0.3}]",
                "\"localJobs\": [{\"start\": 1, \"length\": -2, \"sigmaStart\": 1, \"sigmaRelease\": 0.3}]"
            })
    void badNodeFieldsAreOneLineAndExit2(String field) throws IOException {
        Path file = Files.writeString(
                dir.resolve("bad.json"),
                "{\"horizon\": 10, \"nodes\": [{\"id\": \"a\"," + " \"performance\": 2, \"price\": 1, " + field
                        + "}], \"job\": {\"nodes\": 1, \"runtime\": 2}}");
        CliRunner.Result res = CliRunner.run("select", "-i", file.toString(), "-s", "greedy-jnt");
        assertThat(res.exitCode()).isEqualTo(2);
        assertThat(res.err().strip()).doesNotContain("\n").contains("bad.json").contains("nodes[0]");
    }

    /**
     * The common format's arrival and maxPrice are not used by these strategies (docs/select.md) and are accepted,
     * so one file serves every strategy; a value that is not a number is still bad input.
     */
    @Test
    void theCommonFormatsArrivalAndMaxPriceAreAcceptedAndUnused() throws IOException {
        String nodes = "{\"horizon\": 10, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}], ";
        Path plain = Files.writeString(dir.resolve("plain.json"), nodes + "\"job\": {\"nodes\": 1, \"runtime\": 2}}");
        Path common = Files.writeString(
                dir.resolve("common.json"),
                nodes + "\"job\": {\"nodes\": 1, \"runtime\": 2, \"arrival\": 3, \"maxPrice\": 9}}");
        for (String strategy : new String[] {"greedy-jnt", "availability-knapsack"}) {
            CliRunner.Result a = CliRunner.run("select", "-i", plain.toString(), "-s", strategy, "-f", "json");
            CliRunner.Result b = CliRunner.run("select", "-i", common.toString(), "-s", strategy, "-f", "json");
            assertThat(b.exitCode()).as(b.err()).isZero();
            assertThat(b.out()).isEqualTo(a.out());
        }
        Path bad = Files.writeString(
                dir.resolve("bad-arrival.json"),
                nodes + "\"job\": {\"nodes\": 1, \"runtime\": 2, \"arrival\": \"soon\"}}");
        CliRunner.Result r = CliRunner.run("select", "-i", bad.toString(), "-s", "greedy-jnt");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("arrival");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"runtime\": 2, \"volume\": 2", "\"budget\": 5"})
    void bothOrNeitherWindowLengthIsAnError(String fields) throws IOException {
        Path file = Files.writeString(
                dir.resolve("len.json"),
                "{\"horizon\": 10, \"nodes\": [{\"id\": \"a\","
                        + " \"performance\": 2, \"price\": 1}], \"job\": {\"nodes\": 1, " + fields + "}}");
        CliRunner.Result res = CliRunner.run("select", "-i", file.toString(), "-s", "availability-knapsack");
        assertThat(res.exitCode()).isEqualTo(2);
        assertThat(res.err()).contains("runtime").contains("volume");
    }
}
