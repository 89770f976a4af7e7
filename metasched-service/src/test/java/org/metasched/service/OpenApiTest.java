package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The checked-in OpenAPI document and the routes the service serves agree: same paths, methods and roles, and the
 * answers no route gives (405 for a method a path does not take, 400 for a path that cannot be read) are documented
 * on every operation and given by the service.
 */
class OpenApiTest {
    @TempDir
    Path dir;

    /** {@code responses} documents {@code status} as an RFC 9457 problem (the document's way for every error). */
    private static void assertProblem(JsonNode responses, String status, String key) {
        assertThat(responses.has(status)).as(key + " documents " + status).isTrue();
        assertThat(responses
                        .get(status)
                        .path("content")
                        .path("application/problem+json")
                        .path("schema")
                        .path("$ref")
                        .asString(""))
                .as(key + " " + status)
                .isEqualTo("#/components/schemas/Problem");
    }

    @Test
    void theDocumentDescribesExactlyTheServedRoutes() throws Exception {
        JsonNode doc;
        try (InputStream in = Api.class.getResourceAsStream("openapi.json")) {
            doc = JsonMapper.builder().build().readTree(in);
        }
        TreeSet<String> documented = new TreeSet<>();
        Map<String, List<String>> docRoles = new java.util.HashMap<>();
        for (String path : doc.get("paths").propertyNames()) {
            for (String method : doc.get("paths").get(path).propertyNames()) {
                String key = method.toUpperCase(Locale.ROOT) + " " + path;
                documented.add(key);
                List<String> roles = new ArrayList<>();
                doc.get("paths").get(path).get(method).get("x-roles").forEach(r -> roles.add(r.asString()));
                docRoles.put(key, roles);
                assertThat(doc.get("paths")
                                .get(path)
                                .get(method)
                                .get("responses")
                                .size())
                        .as(key)
                        .isPositive();
            }
        }
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Api api = new Api(null, null);
            TreeSet<String> served = new TreeSet<>();
            for (Api.Route r : api.routes) {
                String key = r.method().name() + " " + r.path();
                served.add(key);
                List<String> roles = new ArrayList<>();
                if (r.roles() != null) {
                    r.roles().forEach(x -> roles.add(x.name().toLowerCase(Locale.ROOT)));
                }
                assertThat(new TreeSet<>(docRoles.getOrDefault(key, List.of())))
                        .as("roles of " + key)
                        .isEqualTo(new TreeSet<>(roles));
            }
            assertThat(documented).isEqualTo(served);
            // and the live service answers every documented route (never 404 or 405)
            for (String key : documented) {
                String[] mp = key.split(" ", -1);
                String path = mp[1].replace("{id}", "x1").replace("{n}", "1");
                Client.Response r = s.client.send(mp[0], path, TestService.OPERATOR, null, null);
                assertThat(r.status()).as(key).isNotEqualTo(405);
                assertThat(r.json() == null ? "" : r.json().path("code").asString())
                        .as(key)
                        .isNotEqualTo("no-route");
                if (r.status() >= 400) {
                    assertThat(r.contentType()).as(key).startsWith("application/problem+json");
                }
            }
            // the answers no route gives, on every documented path: a method the path does not take is the documented
            // 405 with Allow naming exactly the documented methods; a path Jetty cannot read (%00) the documented 400
            for (String path : doc.get("paths").propertyNames()) {
                List<String> inOrder = new ArrayList<>();
                doc.get("paths").get(path).propertyNames().forEach(m -> inOrder.add(m.toUpperCase(Locale.ROOT)));
                TreeSet<String> methods = new TreeSet<>(inOrder);
                Client.Response r = s.client.send(
                        "PATCH", path.replace("{id}", "x1").replace("{n}", "1"), TestService.OPERATOR, "{}", null);
                assertThat(r.status()).as("PATCH " + path + ": " + r.body()).isEqualTo(405);
                assertThat(r.contentType()).as("PATCH " + path).startsWith("application/problem+json");
                assertThat(r.json().get("code").asString()).as("PATCH " + path).isEqualTo("method-not-allowed");
                TreeSet<String> allow = new TreeSet<>();
                for (String m : r.raw().headers().firstValue("Allow").orElse("").split(",", -1)) {
                    allow.add(m.strip());
                }
                assertThat(allow).as("Allow of " + path).isEqualTo(methods);
                for (String method : methods) {
                    String key = method + " " + path;
                    JsonNode responses = doc.get("paths")
                            .get(path)
                            .get(method.toLowerCase(Locale.ROOT))
                            .get("responses");
                    assertProblem(responses, "405", key);
                    assertThat(responses.get("405").path("headers").has("Allow"))
                            .as(key + " 405 Allow")
                            .isTrue();
                    assertThat(responses.get("405").get("description").asString())
                            .as(key + " 405")
                            .contains("it takes " + String.join(", ", inOrder) + ",");
                    assertProblem(responses, "400", key);
                    String bad =
                            path.contains("{") ? path.replace("{id}", "%00").replace("{n}", "%00") : path + "%00";
                    Client.Response b = s.client.send(method, bad, TestService.OPERATOR, null, null);
                    assertThat(b.status())
                            .as(method + " " + bad + ": " + b.body())
                            .isEqualTo(400);
                    assertThat(b.contentType()).as(method + " " + bad).startsWith("application/problem+json");
                    assertThat(b.json().get("code").asString())
                            .as(method + " " + bad)
                            .isEqualTo("bad-input");
                }
            }
            assertThat(s.client.get("/v1/openapi.json", null).json()).isEqualTo(doc);
            assertThat(s.client
                            .get("/v1/no/such/route", TestService.OPERATOR)
                            .json()
                            .get("code")
                            .asString())
                    .isEqualTo("no-route");
        }
    }
}
