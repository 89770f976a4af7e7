package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A client of {@code GET /v1/events} as a server-sent event stream, for the tests: opens it (with a {@code
 * Last-Event-ID} when given), parses the events on a thread of its own, hands them out one at a time with a timeout,
 * and disconnects on {@link #close}.
 */
final class EventStream implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final long TIMEOUT_SECONDS = 20;

    /** One event: its name, its id (null when it has none) and its data. */
    record Event(String name, String id, JsonNode data) {
        long seq() {
            return Long.parseLong(id);
        }
    }

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final InputStream body;
    private final Thread reader;
    final int status;

    private EventStream(String base, String token, String lastEventId, String query) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/v1/events" + (query == null ? "" : query)))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "text/event-stream");
        if (lastEventId != null) {
            b.header("Last-Event-ID", lastEventId);
        }
        HttpResponse<InputStream> r;
        try {
            r = http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofInputStream())
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the event stream did not answer", e);
        }
        status = r.statusCode();
        body = r.body();
        reader = new Thread(this::read, "test-event-stream");
        reader.setDaemon(true);
        reader.start();
    }

    /** Opens the stream of {@code token}; {@code lastEventId}: the Last-Event-ID header, or null for none. */
    static EventStream open(String base, String token, String lastEventId) {
        EventStream s = new EventStream(base, token, lastEventId, null);
        assertThat(s.status).as("status of the event stream").isEqualTo(200);
        return s;
    }

    /** Opens the stream with {@code ?lastEventId=} instead of the header. */
    static EventStream openWithQuery(String base, String token, String lastEventId) {
        EventStream s = new EventStream(base, token, null, "?lastEventId=" + lastEventId);
        assertThat(s.status).as("status of the event stream").isEqualTo(200);
        return s;
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String name = "message";
            String id = null;
            StringBuilder data = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                if (line.isEmpty()) {
                    if (data.length() > 0) {
                        events.add(new Event(name, id, JSON.readTree(data.toString())));
                    }
                    name = "message";
                    id = null;
                    data.setLength(0);
                } else if (line.startsWith("event:")) {
                    name = line.substring(6).strip();
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).strip();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring(5).replaceFirst("^ ", ""));
                }
            }
            events.add("end");
        } catch (IOException | RuntimeException e) {
            events.add(e);
        }
    }

    /** The next event, waiting at most 20 s; fails when none came or the stream ended. */
    Event next() {
        Object o;
        try {
            o = events.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (o instanceof Event e) {
            return e;
        }
        throw new AssertionError(o == null ? "no event within " + TIMEOUT_SECONDS + " s" : "the stream ended: " + o);
    }

    /** The next event, which must be called {@code name}. */
    Event next(String name) {
        Event e = next();
        assertThat(e.name()).as("event " + e).isEqualTo(name);
        return e;
    }

    /** Disconnects (the service notices at its next write). */
    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException e) {
            // gone already
        }
        reader.interrupt();
    }
}
