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
 * on every operation and given by the service; so are the answers to an unknown id in the path (404), a body over
 * 1 MB (413) and headers over 8 kB (431), each where the service gives it and nowhere else.
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

    private static JsonNode document() throws java.io.IOException {
        try (InputStream in = Api.class.getResourceAsStream("openapi.json")) {
            return JsonMapper.builder().build().readTree(in);
        }
    }

    @Test
    void theDocumentDescribesExactlyTheServedRoutes() throws Exception {
        JsonNode doc = document();
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

    /**
     * Each documented request body's {@code required} says what the service does with an empty one: refuses it ("the
     * request has no body") where it is required, takes it as {} where it is not ({@code quote accept} with no
     * criterion, {@code finished} with no runtime).
     */
    @Test
    void aRequestBodyIsDocumentedAsRequiredExactlyWhereAnEmptyOneIsRefused() throws Exception {
        JsonNode doc = document();
        Map<String, Api.Route> routes = new java.util.HashMap<>();
        for (Api.Route r : new Api(null, null).routes) {
            routes.put(r.method().name() + " " + r.path(), r);
        }
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            TreeSet<String> optional = new TreeSet<>();
            for (String path : doc.get("paths").propertyNames()) {
                for (String m : doc.get("paths").get(path).propertyNames()) {
                    JsonNode body = doc.get("paths").get(path).get(m).get("requestBody");
                    if (body == null) {
                        continue;
                    }
                    String key = m.toUpperCase(Locale.ROOT) + " " + path;
                    Client.Response r = s.client.send(
                            m.toUpperCase(Locale.ROOT),
                            path.replace("{id}", "a1").replace("{n}", "1"), // a1: a node id alice owns
                            caller(routes.get(key)),
                            null,
                            null);
                    boolean refused = r.status() == 400 && r.body().contains("the request has no body");
                    assertThat(body.path("required").asBoolean(false))
                            .as(key + " (an empty body gives " + r.status() + ": " + r.body() + ")")
                            .isEqualTo(refused);
                    if (!refused) {
                        optional.add(key);
                    }
                }
            }
            assertThat(optional).containsExactly("POST /v1/jobs/{id}/finished", "POST /v1/quotes/{id}/accept");
        }
    }

    /**
     * A token that may call {@code r}: the operator's when it may, else a user's, else an owner's (of the nodes a*);
     * none for a route anyone may call.
     */
    private static String caller(Api.Route r) {
        if (r.roles() == null) {
            return null;
        }
        return r.roles().contains(ServiceConfig.Role.OPERATOR)
                ? TestService.OPERATOR
                : r.roles().contains(ServiceConfig.Role.USER) ? TestService.CAROL : TestService.ALICE;
    }

    /**
     * {@code r} is a problem of {@code status} and {@code code} in the documented shape: every member the Problem
     * schema requires and none it does not describe.
     */
    private static void problemShape(JsonNode doc, String what, Client.Response r, int status, String code) {
        assertThat(r.status()).as(what).isEqualTo(status);
        assertThat(r.contentType()).as(what).startsWith("application/problem+json");
        assertThat(r.json().path("status").asInt()).as(what).isEqualTo(status);
        assertThat(r.json().path("code").asString()).as(what).isEqualTo(code);
        JsonNode schema = doc.get("components").get("schemas").get("Problem");
        TreeSet<String> members = new TreeSet<>(r.json().propertyNames());
        TreeSet<String> required = new TreeSet<>();
        schema.get("required").forEach(x -> required.add(x.asString()));
        assertThat(members).as(what).containsAll(required);
        assertThat(schema.get("properties").propertyNames()).as(what).containsAll(members);
    }

    /** {@code r} is the {@code status} the operation {@code key} lists as a problem, in the documented shape. */
    private static void documentedProblem(
            JsonNode doc, JsonNode responses, String key, Client.Response r, int status, String code) {
        assertProblem(responses, String.valueOf(status), key);
        problemShape(doc, key + " (" + status + "): " + r.body(), r, status, code);
    }

    /** Whatever the service answered {@code key} is listed on the operation. */
    private static void listed(JsonNode responses, String key, String input, Client.Response r) {
        assertThat(responses.has(String.valueOf(r.status())))
                .as(key + " lists the " + r.status() + " it answers " + input + ": " + r.body())
                .isTrue();
    }

    /**
     * The status of a GET of {@code path} on the service at {@code base} that declares a body of one byte over 1 MB
     * ({@code Content-Length}) and sends none, read within 10 s from a plain socket.
     */
    private static int declaringATooLargeBody(String base, String path, String token) throws java.io.IOException {
        java.net.URI uri = java.net.URI.create(base);
        try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(10_000);
            String request = "GET " + path + " HTTP/1.1\r\nHost: " + uri.getHost() + "\r\n"
                    + (token == null ? "" : "Authorization: Bearer " + token + "\r\n")
                    + "Content-Type: application/json\r\nContent-Length: " + (ServiceConfig.MAX_BODY_BYTES + 1)
                    + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            String statusLine = new java.io.BufferedReader(new java.io.InputStreamReader(
                            socket.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII))
                    .readLine();
            assertThat(statusLine).as("GET " + path).startsWith("HTTP/1.1 ");
            return Integer.parseInt(statusLine.substring(9, 12));
        }
    }

    @Test
    void anUnknownIdATooLargeBodyAndTooLargeHeadersAreAnsweredAsDocumented() throws Exception {
        JsonNode doc = document();
        assertThat(doc.get("info").get("description").asString())
                .as("the no-route 404, documented once")
                .contains("404 (no-route)");
        Map<String, Api.Route> routes = new java.util.HashMap<>();
        for (Api.Route r : new Api(null, null).routes) {
            routes.put(r.method().name() + " " + r.path(), r);
        }
        // the smallest body that gets an operation with an id in its path as far as looking the id up
        Map<String, String> bodies = Map.of(
                "POST /v1/accounts/{id}/credit",
                "{\"amount\":1}",
                "PUT /v1/nodes/{id}",
                "{\"performance\":1,\"price\":1}");
        String big = "{\"memo\":\"" + "x".repeat(ServiceConfig.MAX_BODY_BYTES) + "\"}";
        String[] bigHeader = {"X-Padding", "p".repeat(8192)};
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            int n = 0;
            for (String path : doc.get("paths").propertyNames()) {
                for (String m : doc.get("paths").get(path).propertyNames()) {
                    String method = m.toUpperCase(Locale.ROOT);
                    String key = method + " " + path;
                    JsonNode responses = doc.get("paths").get(path).get(m).get("responses");
                    String token = caller(routes.get(key));
                    n++; // a fresh id per operation: the node the PUT creates is not the one the DELETE looks up
                    String unknown = path.replace("{id}", "a404-" + n).replace("{n}", String.valueOf(900 + n));
                    // 404 not-found: only for an id in the path, on every operation that has one and answers it
                    if (path.contains("{")) {
                        Client.Response r = s.client.send(method, unknown, token, bodies.get(key), null);
                        if (responses.has("404")) {
                            documentedProblem(doc, responses, key, r, 404, "not-found");
                        } else {
                            assertThat(r.status())
                                    .as(key + " with an unknown id: " + r.body())
                                    .isNotEqualTo(404);
                            listed(responses, key, "an unknown id", r);
                        }
                    } else {
                        assertThat(responses.has("404"))
                                .as(key + " lists 404, but has no id in its path (no-route is on no operation)")
                                .isFalse();
                    }
                    // 413 too-large: a body over 1 MB, on every operation that reads one, and on no other
                    if (method.equals("GET")) {
                        // a GET reads no body: it declares one over 1 MB and sends none (the JDK client's 1 MB body,
                        // unread, races Jetty's closing of the connection and loses the answer now and then)
                        int status = declaringATooLargeBody(s.client.base, unknown, token);
                        assertThat(status)
                                .as(key + " declaring a body over 1 MB")
                                .isNotEqualTo(413);
                        assertThat(responses.has(String.valueOf(status)))
                                .as(key + " lists the " + status + " it answers declaring a body over 1 MB")
                                .isTrue();
                        assertThat(responses.has("413"))
                                .as(key + " lists 413, but a GET reads no body")
                                .isFalse();
                    } else {
                        Client.Response r = s.client.send(method, unknown, token, big, null);
                        if (responses.has("413")) {
                            documentedProblem(doc, responses, key, r, 413, "too-large");
                        } else {
                            assertThat(r.status())
                                    .as(key + " answers a body over 1 MB with a 413 it does not list: " + r.body())
                                    .isNotEqualTo(413);
                            listed(responses, key, "a body over 1 MB", r);
                        }
                    }
                    // 431 too-large: headers over 8 kB, on every operation, before any route
                    Client.Response r = s.client.send(method, unknown, token, null, bigHeader);
                    documentedProblem(doc, responses, key, r, 431, "too-large");
                    assertThat(r.json().get("title").asString())
                            .as(key + " 431")
                            .isEqualTo("Request Header Fields Too Large");
                    assertThat(r.detail()).as(key + " 431").contains("at most 8 kB");
                    assertThat(r.raw().headers().firstValue("Connection"))
                            .as(key + " 431")
                            .hasValue("close");
                }
            }
            // the 8 kB the 431s name: a 7 kB header is served
            assertThat(s.client
                            .send("GET", "/v1/health", null, null, new String[] {"X-Padding", "p".repeat(7 * 1024)})
                            .status())
                    .isEqualTo(200);
            // an unknown path is the 404 no-route the document's description names, in the same shape
            Client.Response r = s.client.get("/v1/no/such/route", TestService.OPERATOR);
            problemShape(doc, "GET /v1/no/such/route: " + r.body(), r, 404, "no-route");
        }
    }
}
