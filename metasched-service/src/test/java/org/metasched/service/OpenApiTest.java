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

/** The checked-in OpenAPI document and the routes the service serves agree: same paths, methods and roles. */
class OpenApiTest {
    @TempDir
    Path dir;

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
