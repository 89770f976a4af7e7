package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every field of the service's answers is a property of the schema {@code openapi.json} gives for that answer, and
 * every property of the schema is in the answer, but for a quote's optional ones ({@code accepted}, {@code job}, {@code
 * reason}: on some quotes only). The POST /v1/cycles and GET /v1/cycles/{n} answers had
 * {@code exact} and {@code planMs} (docs/service.md names planMs) that their schema did not.
 */
class OpenApiSchemaTest {
    @TempDir
    Path dir;

    private static final JsonNode doc = document();

    private static JsonNode document() {
        try (InputStream in = Api.class.getResourceAsStream("openapi.json")) {
            return JsonMapper.builder().build().readTree(in);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Set<String> properties(JsonNode schema) {
        Set<String> p = new TreeSet<>();
        if (schema.has("$ref")) {
            String name = schema.get("$ref").asString().replace("#/components/schemas/", "");
            return properties(doc.get("components").get("schemas").get(name));
        }
        if (schema.has("properties")) {
            p.addAll(schema.get("properties").propertyNames());
        }
        for (JsonNode part : schema.path("allOf")) {
            p.addAll(properties(part));
        }
        return p;
    }

    /** The schema of {@code method path}'s answer {@code status} (application/json). */
    private static JsonNode schema(String method, String path, String status) {
        return doc.get("paths")
                .get(path)
                .get(method)
                .get("responses")
                .get(status)
                .get("content")
                .get("application/json")
                .get("schema");
    }

    private static void fits(String what, JsonNode answer, JsonNode schema, boolean all) {
        Set<String> fields = new TreeSet<>(answer.propertyNames());
        Set<String> documented = properties(schema);
        assertThat(documented).as(what + ": the answer's fields documented").containsAll(fields);
        if (all) {
            assertThat(fields).as(what + ": the schema's properties answered").containsAll(documented);
        }
    }

    private static void fits(String what, JsonNode answer, String method, String path, String status, boolean all) {
        fits(what, answer, schema(method, path, status), all);
    }

    @Test
    void theAnswersHaveTheFieldsTheirSchemasName() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            String op = TestService.OPERATOR;
            String user = TestService.CAROL;
            Client.Response node =
                    c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\": 2, \"price\": 1, \"busy\": [[0, 5]]}");
            fits("PUT /v1/nodes/a1", node.json(), "put", "/v1/nodes/{id}", "201", true);
            c.put("/v1/nodes/a2", TestService.ALICE, "{\"performance\": 1, \"price\": 2}");
            Client.Response job = c.post("/v1/jobs", user, "{\"nodes\": 2, \"volume\": 10, \"budget\": 500}");
            fits("POST /v1/jobs", job.json(), "post", "/v1/jobs", "201", true);
            Client.Response cycle = c.post("/v1/cycles", op, null);
            assertThat(cycle.status()).isEqualTo(201);
            fits("POST /v1/cycles", cycle.json(), "post", "/v1/cycles", "201", true);
            fits("GET /v1/cycles/1", c.get("/v1/cycles/1", op).json(), "get", "/v1/cycles/{n}", "200", true);
            JsonNode summaries = c.get("/v1/cycles?limit=1", op).json(); // a full page: with its next
            fits("GET /v1/cycles", summaries, "get", "/v1/cycles", "200", true);
            JsonNode summary = schema("get", "/v1/cycles", "200")
                    .get("properties")
                    .get("cycles")
                    .get("items");
            fits("a cycle's summary", summaries.get("cycles").get(0), summary, true);
            fits("GET /v1/nodes/a1", c.get("/v1/nodes/a1", user).json(), "get", "/v1/nodes/{id}", "200", true);
            fits("GET /v1/jobs/j1", c.get("/v1/jobs/j1", user).json(), "get", "/v1/jobs/{id}", "200", true);
            JsonNode jobs = c.get("/v1/jobs", user).json();
            fits("GET /v1/jobs", jobs.get("jobs").get(0), schema("get", "/v1/jobs/{id}", "200"), true);
            fits("GET /v1/jobs/j1/why", c.get("/v1/jobs/j1/why", user).json(), "get", "/v1/jobs/{id}/why", "200", true);
            JsonNode events = c.get("/v1/events?limit=1", op).json();
            fits("GET /v1/events", events, "get", "/v1/events", "200", true);
            JsonNode event = schema("get", "/v1/events", "200")
                    .get("properties")
                    .get("events")
                    .get("items");
            fits("an event (node.published)", events.get("events").get(0), event, true);
            fits("GET /v1/clock", c.get("/v1/clock", user).json(), "get", "/v1/clock", "200", true);
            fits("GET /v1/events/info", c.get("/v1/events/info", user).json(), "get", "/v1/events/info", "200", true);
            fits("GET /v1/view", c.get("/v1/view", op).json(), "get", "/v1/view", "200", true);
            Client.Response credit = c.post("/v1/accounts/carol/credit", op, "{\"amount\": 100}");
            fits("POST /v1/accounts/carol/credit", credit.json(), "post", "/v1/accounts/{id}/credit", "201", true);
            fits("GET /v1/accounts", c.get("/v1/accounts", op).json(), "get", "/v1/accounts", "200", true);
            fits(
                    "GET /v1/accounts/carol/ledger",
                    c.get("/v1/accounts/carol/ledger?limit=1", op).json(),
                    "get",
                    "/v1/accounts/{id}/ledger",
                    "200",
                    true);
            Client.Response quote = c.post("/v1/quotes", user, "{\"nodes\": 1, \"volume\": 10, \"budget\": 500}");
            fits("POST /v1/quotes", quote.json(), "post", "/v1/quotes", "201", false);
        }
    }

    /**
     * A quote's {@code criterion} (a job's, checked and otherwise ignored) is documented with the values the service
     * takes and its default, as a job's is: openapi.json said only "accepted and ignored", with neither.
     */
    @Test
    void aQuotesCriterionIsDocumentedWithItsValuesAndDefault() {
        JsonNode schemas = doc.get("components").get("schemas");
        JsonNode quote = schemas.get("QuoteRequest").get("properties").get("criterion");
        java.util.List<String> values = new java.util.ArrayList<>();
        quote.path("enum").forEach(v -> values.add(v.asString()));
        assertThat(values).isEqualTo(org.metasched.batch.BatchJob.Criterion.REGISTRY.names());
        assertThat(quote.path("default").asString()).isEqualTo("cost");
        assertThat(quote)
                .isEqualTo(withDescriptionOf(
                        schemas.get("JobRequest").get("properties").get("criterion"), quote));
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\": 1, \"price\": 1}");
            for (String v : values) {
                Client.Response r = c.post(
                        "/v1/quotes",
                        TestService.CAROL,
                        "{\"nodes\": 1, \"volume\": 10, \"budget\": 500, \"criterion\": \"" + v + "\"}");
                assertThat(r.status()).as(r.toString()).isEqualTo(201);
            }
            Client.Response bad = c.post(
                    "/v1/quotes",
                    TestService.CAROL,
                    "{\"nodes\": 1, \"volume\": 10, \"budget\": 500, \"criterion\": \"csa\"}");
            assertThat(bad.status()).isEqualTo(400);
            assertThat(bad.detail())
                    .isEqualTo("criterion: 'csa' is not a criterion, expected one of " + String.join(", ", values));
        }
    }

    /** {@code schema} with the description of {@code other} (null when it has none). */
    private static JsonNode withDescriptionOf(JsonNode schema, JsonNode other) {
        tools.jackson.databind.node.ObjectNode copy = ((tools.jackson.databind.node.ObjectNode) schema).deepCopy();
        copy.remove("description");
        if (other.has("description")) {
            copy.set("description", other.get("description"));
        }
        return copy;
    }
}
