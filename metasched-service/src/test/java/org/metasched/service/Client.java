package org.metasched.service;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small HTTP client for the tests: JSON in, status and JSON out. */
final class Client {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    final String base;

    Client(String base) {
        this.base = base;
    }

    /** A response: status, content type, body text, body as JSON (null when it is not JSON). */
    record Response(int status, String contentType, String body, JsonNode json, HttpResponse<String> raw) {
        String detail() {
            return json == null || json.get("detail") == null
                    ? body
                    : json.get("detail").asString();
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    Response get(String path, String token) {
        return send("GET", path, token, null, null);
    }

    Response post(String path, String token, String body) {
        return send("POST", path, token, body, null);
    }

    Response put(String path, String token, String body) {
        return send("PUT", path, token, body, null);
    }

    Response delete(String path, String token) {
        return send("DELETE", path, token, null, null);
    }

    Response send(String method, String path, String token, String body, String[] headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (headers != null) {
            for (int i = 0; i < headers.length; i += 2) {
                b.header(headers[i], headers[i + 1]);
            }
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            String type = r.headers().firstValue("Content-Type").orElse("");
            JsonNode json = null;
            if (type.contains("json") && !r.body().isEmpty()) {
                json = JSON.readTree(r.body());
            }
            return new Response(r.statusCode(), type, r.body(), json, r);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
