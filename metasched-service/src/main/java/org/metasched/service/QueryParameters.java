package org.metasched.service;

import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The query parameters each operation takes, as {@code openapi.json} lists them ({@code "in": "query"}): a request with
 * any other (a typo such as {@code ?stat=queued} or {@code ?forse=true}) is 400 naming it, where it was ignored and the
 * request answered as if it had not been sent.
 */
final class QueryParameters {
    private final Map<String, Set<String>> byOperation = new LinkedHashMap<>();

    /** The operations' parameters of the OpenAPI document {@code openapi}. */
    QueryParameters(byte[] openapi) {
        JsonNode paths = JsonMapper.builder().build().readTree(openapi).get("paths");
        for (String path : paths.propertyNames()) {
            JsonNode operations = paths.get(path);
            for (String method : operations.propertyNames()) {
                Set<String> names = new LinkedHashSet<>();
                JsonNode parameters = operations.get(method).get("parameters");
                if (parameters != null) {
                    for (JsonNode p : parameters) {
                        if ("query".equals(p.path("in").asString(""))) {
                            names.add(p.get("name").asString());
                        }
                    }
                }
                byOperation.put(key(method, path), names);
            }
        }
    }

    /**
     * 400 on the first query parameter of {@code ctx} that the operation {@code method path} does not take, or that
     * it gives more than once.
     */
    void check(Context ctx, String method, String path) {
        Set<String> taken = byOperation.getOrDefault(key(method, path), Set.of());
        for (Map.Entry<String, java.util.List<String>> q : ctx.queryParamMap().entrySet()) {
            String name = q.getKey();
            if (taken.contains(name) && q.getValue().size() > 1) { // ?state=queued&state=done took the first alone
                throw ApiException.badInput(
                        name,
                        "given " + q.getValue().size() + " times, expected once (" + method + " " + path
                                + " takes one value of each parameter)");
            }
            if (!taken.contains(name)) {
                throw ApiException.badInput(
                        org.metasched.io.Text.shown(name, 60),
                        "not a query parameter of " + method + " " + path
                                + (taken.isEmpty()
                                        ? ", which takes none"
                                        : " (it takes " + String.join(", ", taken) + ")"));
            }
        }
    }

    private static String key(String method, String path) {
        return method.toLowerCase(java.util.Locale.ROOT) + " " + path;
    }
}
