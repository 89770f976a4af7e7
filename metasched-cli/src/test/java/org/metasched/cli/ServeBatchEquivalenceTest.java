package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metasched.batch.BatchGenerator;
import org.metasched.batch.BatchJob;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.service.Service;
import org.metasched.service.ServiceConfig;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.ResourceDomain;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 23, item 7: every cycle the service plans equals {@code metasched batch --format json} on the same input.
 * The test publishes a P002 domain ({@link DomainGenerator#p002}) and submits P002 batches ({@link BatchGenerator})
 * over HTTP, cycle after cycle with the manual clock; before each cycle it writes, from what it published and what
 * the API says is reserved, the batch file of the nodes' slots at the cycle's time and the waiting jobs; it runs the
 * batch command on it and compares the JSON field by field with the cycle's (and also with the cycle's stored input).
 */
class ServeBatchEquivalenceTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String OWNER = "owner-token-0123456789";
    private static final String USER = "user-token-0123456789";
    private static final String OPERATOR = "operator-token-0123456789";
    private static final double HORIZON = 600;
    private static final double STEP = 30;

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private String base;

    @ParameterizedTest(name = "{0} ({2} cycles)")
    @CsvSource({"css, 1, 50, 7", "slicer, 3, 12, 8", "bsf, 2, 12, 9", "backfill, 1, 12, 10"})
    void everyCycleEqualsTheBatchCommand(String scheme, int subBatches, int cycles, long seed) throws IOException {
        Path config = dir.resolve("service.yaml");
        Files.writeString(
                config,
                "clock: manual\nhorizon: " + HORIZON + "\nscheme: " + scheme + "\nsub-batches: "
                        + subBatches + "\nmax-cycles: 3\nbackfilling: " + (scheme.equals("backfill") ? "on" : "off")
                        + "\n"
                        + "tokens:\n"
                        + "  - {name: o, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: u, role: user, token: " + USER + "}\n"
                        + "  - {name: op, role: operator, token: " + OPERATOR + "}\n");
        ServiceConfig c = ServiceConfig.load(
                config, Map.of(), Map.of("port", "0", "db", dir.resolve("s.db").toString()));
        Service service = Service.start(c);
        try {
            base = service.url();
            UniformRandomProvider rng = RandomSource.PHILOX_4X64.create(seed);
            ResourceDomain domain =
                    DomainGenerator.p002(24, cycles * STEP + HORIZON).generate(rng);
            List<Node> nodes = domain.nodes();
            for (Node n : nodes) {
                StringBuilder busy = new StringBuilder("[");
                for (Interval iv : domain.timeline(n.index()).busy()) {
                    busy.append(busy.length() > 1 ? "," : "")
                            .append('[')
                            .append(iv.start())
                            .append(',')
                            .append(iv.end())
                            .append(']');
                }
                busy.append(']');
                JsonNode r = call(
                        "PUT",
                        "/v1/nodes/" + n.id(),
                        OWNER,
                        "{\"performance\":" + n.performance() + ",\"price\":" + n.unitPrice() + ",\"busy\":" + busy
                                + "}");
                assertThat(r.get("id").asString()).isEqualTo(n.id());
            }
            BatchGenerator generator = new BatchGenerator(6, 2, 6, 50, 250, -0.1, 0.6);
            int compared = 0;
            int reservedTotal = 0;
            for (int cycle = 1; cycle <= cycles; cycle++) {
                for (BatchJob j : generator.generate(rng)) {
                    call(
                            "POST",
                            "/v1/jobs",
                            USER,
                            String.format(
                                    Locale.ROOT,
                                    "{\"nodes\":%d,\"volume\":%s,\"budget\":%s,\"criterion\":\"%s\"}",
                                    j.request().nodes(),
                                    j.request().volume(),
                                    j.request().budget(),
                                    j.criterion().name()));
                }
                double now = call("GET", "/v1/clock", USER, null).get("time").asDouble();
                JsonNode waiting =
                        call("GET", "/v1/jobs?state=queued", USER, null).get("jobs");
                JsonNode holding = call("GET", "/v1/jobs?state=reserved,running", USER, null)
                        .get("jobs");
                JsonNode plan = call("POST", "/v1/cycles", OPERATOR, "");
                assertThat(plan.get("cycle").asInt()).isEqualTo(cycle);
                assertThat(plan.get("time").asDouble()).isEqualTo(now);
                List<String> dropped = new ArrayList<>();
                plan.get("dropped").forEach(d -> dropped.add(d.asString()));
                Path file = dir.resolve("cycle-" + cycle + ".json");
                Files.writeString(file, batchFile(now, domain, waiting, holding, dropped, scheme, subBatches));
                JsonNode expected = batch(file);
                for (String f : List.of("scheme", "problem", "feasible", "limit", "objective", "jobs")) {
                    assertThat(plan.get(f)).as("cycle %d, field %s", cycle, f).isEqualTo(expected.get(f));
                }
                Path stored = dir.resolve("stored-" + cycle + ".json");
                Files.writeString(
                        stored, JSON.writeValueAsString(call("GET", "/v1/cycles/" + cycle + "/input", OPERATOR, null)));
                JsonNode again = batch(stored);
                for (String f : List.of("scheme", "problem", "feasible", "limit", "objective", "jobs")) {
                    assertThat(again.get(f))
                            .as("cycle %d stored input, field %s", cycle, f)
                            .isEqualTo(plan.get(f));
                }
                compared++;
                reservedTotal += plan.get("reserved").size();
                // time passes; under backfilling some running jobs end early and the reservations behind move
                call("POST", "/v1/clock", OPERATOR, "{\"advance\":" + STEP + "}");
                if (scheme.equals("backfill")) {
                    for (JsonNode j :
                            call("GET", "/v1/jobs?state=running", USER, null).get("jobs")) {
                        double t =
                                call("GET", "/v1/clock", USER, null).get("time").asDouble();
                        double ran = (t - j.get("reservation").get("start").asDouble()) / 2;
                        if (ran > 0) {
                            call(
                                    "POST",
                                    "/v1/jobs/" + j.get("id").asString() + "/finished",
                                    USER,
                                    "{\"runtime\":" + ran + "}");
                        }
                    }
                }
            }
            assertThat(compared).isEqualTo(cycles);
            assertThat(reservedTotal).as("jobs reserved over all cycles").isGreaterThan(cycles);
        } finally {
            service.stop();
        }
    }

    /** The batch file of a cycle at {@code now}, written from the test's own records. */
    private static String batchFile(
            double now,
            ResourceDomain domain,
            JsonNode waiting,
            JsonNode holding,
            List<String> dropped,
            String scheme,
            int subBatches) {
        StringBuilder s = new StringBuilder("{\"horizon\":[" + now + "," + (now + HORIZON) + "],\"geometry\":\"rough\","
                + "\"scheme\":\"" + scheme + "\",\"problem\":\"min-time\",\"time\":\"processor-time\",");
        int k = 0;
        for (JsonNode j : waiting) {
            k += dropped.contains(j.get("id").asString()) ? 0 : 1;
        }
        if (scheme.equals("slicer") || scheme.equals("bsf")) {
            s.append("\"subBatches\":").append(Math.min(subBatches, k)).append(',');
        }
        s.append("\"nodes\":[");
        for (Node n : domain.nodes()) {
            List<String> busy = new ArrayList<>();
            for (Interval iv : domain.timeline(n.index()).busy()) {
                busy.add("[" + iv.start() + "," + iv.end() + "]");
            }
            for (JsonNode j : holding) {
                for (JsonNode sl : j.get("reservation").get("slots")) {
                    if (sl.get("node").asString().equals(n.id())) {
                        busy.add("[" + sl.get("start").asDouble() + ","
                                + sl.get("end").asDouble() + "]");
                    }
                }
            }
            s.append(n.index() == 0 ? "" : ",")
                    .append("{\"id\":\"")
                    .append(n.id())
                    .append("\",\"performance\":")
                    .append(n.performance())
                    .append(",\"price\":")
                    .append(n.unitPrice())
                    .append(",\"busy\":[")
                    .append(String.join(",", busy))
                    .append("]}");
        }
        s.append("],\"jobs\":[");
        boolean first = true;
        for (JsonNode j : waiting) { // submission order: the batch's priority order
            if (dropped.contains(j.get("id").asString())) {
                continue;
            }
            s.append(first ? "" : ",")
                    .append("{\"id\":\"")
                    .append(j.get("id").asString())
                    .append("\",\"nodes\":")
                    .append(j.get("nodes").asInt())
                    .append(",\"volume\":")
                    .append(j.get("volume").asDouble())
                    .append(",\"budget\":")
                    .append(j.get("budget").asDouble())
                    .append(",\"criterion\":\"")
                    .append(j.get("criterion").asString())
                    .append("\"}");
            first = false;
        }
        s.append("]}");
        return s.toString();
    }

    private static JsonNode batch(Path file) {
        CliRunner.Result r = CliRunner.run("batch", "-i", file.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return JSON.readTree(r.out());
    }

    private JsonNode call(String method, String path, String token, String body) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                    .header("Authorization", "Bearer " + token)
                    .method(
                            method,
                            body == null
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofString(body));
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(method + " " + path + ": " + r.body()).isBetween(200, 201);
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
