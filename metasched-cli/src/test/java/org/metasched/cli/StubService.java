package org.metasched.cli;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for {@code metasched serve} in the client commands' tests: an HTTP server on 127.0.0.1 and a free port
 * that answers every request with what {@link Handler} returns for its path and query, and records the requests
 * ({@link #asked}: the path and the raw query, as sent).
 */
final class StubService implements AutoCloseable {
    /** An answer: its status, content type and body. */
    record Reply(int status, String contentType, String body) {
        static Reply json(String body) {
            return new Reply(200, "application/json", body);
        }

        /** A problem answer ({@code application/problem+json}) of {@code status} with {@code detail}. */
        static Reply problem(int status, String detail) {
            return new Reply(
                    status,
                    "application/problem+json",
                    "{\"type\":\"about:blank\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}");
        }
    }

    /** What the stub answers to a request of {@code path} with the query's parameters (undecoded). */
    interface Handler {
        Reply answer(String path, Map<String, String> query);
    }

    private final HttpServer server;
    private final List<String> asked = new ArrayList<>();

    private StubService(Handler handler) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", ex -> {
            String path = ex.getRequestURI().getPath();
            String raw = ex.getRequestURI().getRawQuery();
            Map<String, String> query = new HashMap<>();
            for (String kv : raw == null ? new String[0] : raw.split("&", -1)) {
                String[] p = kv.split("=", 2);
                query.put(p[0], p.length > 1 ? p[1] : "");
            }
            synchronized (asked) {
                asked.add(path + (raw == null ? "" : "?" + raw));
            }
            Reply r = handler.answer(path, query);
            byte[] body = r.body().getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", r.contentType());
            ex.sendResponseHeaders(r.status(), body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        server.start();
    }

    static StubService start(Handler handler) {
        return new StubService(handler);
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The requests so far, oldest first: path, and {@code ?} and the raw query when it has one. */
    List<String> asked() {
        synchronized (asked) {
            return List.copyOf(asked);
        }
    }

    void forget() {
        synchronized (asked) {
            asked.clear();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
