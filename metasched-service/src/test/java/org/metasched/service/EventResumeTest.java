package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.metasched.model.InputFormatException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Issue 26, part 5: a client of the event stream resumes where it stopped, sees every event once, or is told not. */
class EventResumeTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String BOB = TestService.BOB;
    private static final String CAROL = TestService.CAROL;
    private static final String DAVE = TestService.DAVE;

    @TempDir
    Path dir;

    private static void nodes(Client c) {
        assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":2,\"price\":1,\"busy\":[[0,10]]}")
                        .status())
                .isEqualTo(201);
        assertThat(c.put("/v1/nodes/a2", ALICE, "{\"performance\":4,\"price\":3}")
                        .status())
                .isEqualTo(201);
        assertThat(c.put("/v1/nodes/b1", BOB, "{\"performance\":3,\"price\":2}").status())
                .isEqualTo(201);
    }

    private static String submit(Client c, String user) {
        Client.Response r = c.post("/v1/jobs", user, "{\"nodes\":1,\"volume\":30,\"budget\":1000}");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().get("id").asString();
    }

    private static void ok(Client.Response r) {
        assertThat(r.status()).as(r.toString()).isBetween(200, 201);
    }

    /** Every stored event after {@code after}, as the operator's JSON list has them, by number. */
    private static Map<Long, JsonNode> stored(Client c, long after) {
        Map<Long, JsonNode> out = new LinkedHashMap<>();
        long from = after;
        while (true) {
            Client.Response r = c.get("/v1/events?after=" + from + "&limit=100", OP);
            assertThat(r.status()).as(r.toString()).isEqualTo(200);
            if (r.json().get("events").isEmpty()) {
                return out;
            }
            for (JsonNode e : r.json().get("events")) {
                out.put(e.get("seq").asLong(), e);
            }
            from = r.json().get("last").asLong();
        }
    }

    /** A listing's {@code after} past a long is past every item: an empty page, not "not a whole number". */
    @Test
    void anAfterPastALongIsAnEmptyPage() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            nodes(c);
            submit(c, CAROL);
            for (String list : List.of("events", "jobs")) {
                Client.Response r = c.get("/v1/" + list + "?after=100000000000000000000", OP);
                assertThat(r.status()).as(r.toString()).isEqualTo(200);
                assertThat(r.json().get(list)).as(r.toString()).isEmpty();
            }
            Client.Response bad = c.get("/v1/events?after=-1", OP);
            assertThat(bad.status()).isEqualTo(400);
            assertThat(bad.detail()).isEqualTo("after: '-1' is not a whole number >= 0");
        }
    }

    private static JsonNode info(Client c, String token) {
        Client.Response r = c.get("/v1/events/info", token);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        return r.json();
    }

    /** The event's data without the instance (which the JSON list does not repeat per event). */
    private static JsonNode withoutInstance(JsonNode data) {
        ObjectNode o = (ObjectNode) data.deepCopy();
        o.remove("instance");
        return o;
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aClientResumingWithLastEventIdAfterADisconnectSeesEveryEventExactlyOnceInOrder(TestDatabases kind)
            throws Exception {
        try (TestService s = TestService.start(kind, dir, Map.of())) {
            Client c = s.client;
            String url = s.service.url();
            String instance = info(c, OP).get("instance").asString();
            nodes(c);
            List<Long> seen = new ArrayList<>();
            List<EventStream.Event> received = new ArrayList<>();
            long start;
            try (EventStream first = EventStream.open(url, OP, null)) {
                JsonNode hello = first.next("hello").data();
                start = hello.get("last").asLong();
                assertThat(start).isEqualTo(3);
                assertThat(hello.get("after").asLong()).isEqualTo(start);
                assertThat(hello.get("instance").asString()).isEqualTo(instance);
                for (int i = 0; i < 4; i++) {
                    submit(c, i % 2 == 0 ? CAROL : DAVE);
                }
                ok(c.post("/v1/cycles", OP, null));
                for (int i = 0; i < 3; i++) {
                    EventStream.Event e = first.next("change");
                    received.add(e);
                    seen.add(e.seq());
                }
            } // disconnected with changes it was sent but never read
            // changes while no one listens
            String carols = submit(c, CAROL);
            submit(c, DAVE);
            ok(c.delete("/v1/jobs/" + carols, CAROL));
            ok(c.post("/v1/clock", OP, "{\"advance\":5}"));
            ok(c.post("/v1/cycles", OP, null));
            long resumeAfter = seen.get(seen.size() - 1);
            // and changes while the client reconnects
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread more = new Thread(() -> {
                try {
                    for (int i = 0; i < 25; i++) {
                        submit(c, i % 2 == 0 ? CAROL : DAVE);
                    }
                } catch (Throwable t) {
                    failed.set(t);
                }
            });
            // another client, live from now on, at its own position while the first one is replayed
            EventStream watcher = EventStream.open(url, CAROL, null);
            long watcherAfter = watcher.next("hello").data().get("after").asLong();
            List<Long> watched = new ArrayList<>();
            more.start();
            try (watcher;
                    EventStream again = EventStream.open(url, OP, Long.toString(resumeAfter))) {
                JsonNode hello = again.next("hello").data();
                assertThat(hello.get("after").asLong()).isEqualTo(resumeAfter);
                more.join(60_000);
                assertThat(more.isAlive()).isFalse();
                assertThat(failed.get()).isNull();
                long last = info(c, OP).get("last").asLong();
                while (seen.get(seen.size() - 1) < last) {
                    EventStream.Event e = again.next("change");
                    received.add(e);
                    seen.add(e.seq());
                }
                // one more change: the next event is that one, nothing repeated after the replay
                submit(c, DAVE);
                EventStream.Event e = again.next("change");
                received.add(e);
                seen.add(e.seq());
                while (watched.isEmpty() || watched.get(watched.size() - 1) < e.seq()) {
                    watched.add(watcher.next("change").seq());
                }
            }
            assertThat(watched)
                    .containsExactlyElementsOf(stored(c, watcherAfter).keySet());
            Map<Long, JsonNode> all = stored(c, start);
            assertThat(seen).as("the seqs the client saw").containsExactlyElementsOf(all.keySet());
            for (EventStream.Event e : received) {
                assertThat(e.data().get("instance").asString()).isEqualTo(instance);
                assertThat(withoutInstance(e.data())).as("event " + e.id()).isEqualTo(all.get(e.seq()));
            }
        }
    }

    @Test
    void theQueryParameterResumesLikeTheHeaderAndReplayedEventsAreCutToTheRole() throws Exception {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            nodes(c);
            submit(c, CAROL);
            submit(c, DAVE);
            ok(c.post("/v1/cycles", OP, null));
            Map<Long, JsonNode> all = stored(c, 0);
            long last = info(c, CAROL).get("last").asLong();
            String instance = info(c, ALICE).get("instance").asString();
            int fullForCarol = 0;
            int fullForAlice = 0;
            for (String[] who : new String[][] {{CAROL, "carol", "job."}, {ALICE, "alice", "node."}}) {
                try (EventStream st = EventStream.openWithQuery(s.service.url(), who[0], "0")) {
                    assertThat(st.next("hello").data().get("after").asLong()).isZero();
                    for (long seq = 1; seq <= last; seq++) {
                        EventStream.Event e = st.next("change");
                        assertThat(e.seq()).isEqualTo(seq);
                        JsonNode stored = all.get(seq);
                        boolean full = stored.path("owner").asString("").equals(who[1])
                                && stored.get("kind").asString().startsWith(who[2]);
                        if (full) {
                            assertThat(withoutInstance(e.data())).isEqualTo(stored);
                            if (who[0].equals(CAROL)) {
                                fullForCarol++;
                            } else {
                                fullForAlice++;
                            }
                        } else {
                            assertThat(e.data().has("subject")).as(e.toString()).isFalse();
                            assertThat(e.data().has("owner")).as(e.toString()).isFalse();
                            assertThat(e.data().has("data")).as(e.toString()).isFalse();
                            assertThat(e.data().get("kind")).isEqualTo(stored.get("kind"));
                        }
                        assertThat(e.data().get("instance").asString()).isEqualTo(instance);
                    }
                }
            }
            assertThat(fullForCarol).as("carol's own job events").isPositive();
            assertThat(fullForAlice).as("alice's own node events").isEqualTo(2);
        }
    }

    @Test
    void aMalformedLastEventIdIs400NamingTheValue() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            for (String bad : List.of("abc", "-1", "1.5", "12x", "1e18")) {
                Client.Response r = s.client.send("GET", "/v1/events", CAROL, null, new String[] {
                    "Accept", "text/event-stream", "Last-Event-ID", bad
                });
                assertThat(r.status()).as(bad).isEqualTo(400);
                assertThat(r.contentType()).startsWith("application/problem+json");
                assertThat(r.json().get("field").asString()).isEqualTo("Last-Event-ID");
                assertThat(r.detail()).contains("'" + bad + "'", "whole number");
            }
            Client.Response q = s.client.send(
                    "GET", "/v1/events?lastEventId=x7", CAROL, null, new String[] {"Accept", "text/event-stream"});
            assertThat(q.status()).isEqualTo(400);
            assertThat(q.json().get("field").asString()).isEqualTo("lastEventId");
            assertThat(q.detail()).contains("'x7'");
        }
    }

    @Test
    void anIdPastTheLastEventIsARestartAResetThenLiveEvents() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            nodes(c);
            String instance = info(c, OP).get("instance").asString();
            // an id past the newest is a reset however large, past a long too (1e18 and more were 400 "not an event
            // id")
            for (String far : List.of("1000000000000000000", "99999999999999999999")) {
                try (EventStream st = EventStream.open(s.service.url(), DAVE, far)) {
                    assertThat(st.next("hello").data().get("after").asLong()).isEqualTo(3);
                    EventStream.Event reset = st.next("reset");
                    assertThat(reset.data().get("reason").asString()).isEqualTo("unknown");
                    assertThat(reset.data().get("lastEventId").asString()).isEqualTo(far);
                    assertThat(reset.data().get("detail").asString())
                            .startsWith("event " + far + " is past the last event 3 of this service");
                    assertThat(reset.id()).isEqualTo("3");
                }
            }
            try (EventStream st = EventStream.open(s.service.url(), DAVE, "1000")) {
                JsonNode hello = st.next("hello").data();
                assertThat(hello.get("last").asLong()).isEqualTo(3);
                EventStream.Event reset = st.next("reset");
                assertThat(reset.data().get("reason").asString()).isEqualTo("unknown");
                assertThat(reset.data().get("last").asLong()).isEqualTo(3);
                assertThat(reset.data().get("lastEventId").asLong()).isEqualTo(1000);
                assertThat(reset.data().get("instance").asString()).isEqualTo(instance);
                assertThat(reset.data().get("detail").asString()).contains("1000", "past the last event 3");
                assertThat(reset.id()).isEqualTo("3");
                submit(c, DAVE);
                EventStream.Event e = st.next("change");
                assertThat(e.seq()).isEqualTo(4);
                assertThat(e.data().get("kind").asString()).isEqualTo("job.submitted");
                assertThat(e.data().get("instance").asString()).isEqualTo(instance);
            }
        }
    }

    @Test
    void eventsOlderThanTheRetentionAreDeletedAndAClientResumingBeforeThemIsReset() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("event-retention", "100"))) {
            Client c = s.client;
            nodes(c); // 1-3 at time 0
            ok(c.post("/v1/clock", OP, "{\"advance\":50}")); // 4
            submit(c, CAROL); // 5 at 50
            JsonNode before = info(c, CAROL);
            assertThat(before.get("first").asLong()).isEqualTo(1);
            assertThat(before.get("count").asLong()).isEqualTo(5);
            assertThat(before.get("retention").asDouble()).isEqualTo(100);
            ok(c.post("/v1/clock", OP, "{\"to\":300}")); // 6 at 300: everything before 200 goes
            JsonNode after = info(c, ALICE);
            assertThat(after.get("first").asLong()).isEqualTo(6);
            assertThat(after.get("last").asLong()).isEqualTo(6);
            assertThat(after.get("count").asLong()).isEqualTo(1);
            assertThat(stored(c, 0).keySet()).containsExactly(6L);
            // the newest event stays however old
            ok(c.post("/v1/clock", OP, "{\"to\":1000}")); // 7 at 1000, 6 goes
            assertThat(stored(c, 0).keySet()).containsExactly(7L);
            try (EventStream st = EventStream.open(s.service.url(), CAROL, "2")) {
                assertThat(st.next("hello").data().get("after").asLong()).isEqualTo(6);
                EventStream.Event reset = st.next("reset");
                assertThat(reset.data().get("reason").asString()).isEqualTo("missed");
                assertThat(reset.data().get("first").asLong()).isEqualTo(7);
                assertThat(reset.id()).isEqualTo("6");
                EventStream.Event e = st.next("change");
                assertThat(e.seq()).isEqualTo(7);
                assertThat(e.data().get("kind").asString()).isEqualTo("clock.moved");
            }
            // first - 1 is no gap: the replay starts at first, no reset
            try (EventStream st = EventStream.open(s.service.url(), CAROL, "6")) {
                st.next("hello");
                assertThat(st.next().seq()).isEqualTo(7);
            }
            // the web view's delta after deleted events is the whole view
            Client.Response view = c.get("/v1/view?since=2", CAROL);
            assertThat(view.status()).isEqualTo(200);
            assertThat(view.json().has("since")).isFalse();
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void afterARestartTheInstanceChangesAndTheClientResumesFromTheDatabase(TestDatabases kind) {
        try (TestService s = TestService.start(kind, dir, Map.of())) {
            Client c = s.client;
            nodes(c);
            String before = info(c, OP).get("instance").asString();
            long seen;
            try (EventStream st = EventStream.open(s.service.url(), OP, "0")) {
                assertThat(st.next("hello").data().get("instance").asString()).isEqualTo(before);
                assertThat(st.next("change").seq()).isEqualTo(1);
                seen = st.next("change").seq();
            }
            s.restart();
            c = s.client;
            submit(c, CAROL);
            String now = info(c, OP).get("instance").asString();
            assertThat(now).isNotEqualTo(before);
            try (EventStream st = EventStream.open(s.service.url(), OP, Long.toString(seen))) {
                assertThat(st.next("hello").data().get("instance").asString()).isEqualTo(now);
                EventStream.Event three = st.next("change");
                assertThat(three.seq()).isEqualTo(3);
                assertThat(three.data().get("instance").asString()).isEqualTo(now);
                assertThat(st.next("change").data().get("kind").asString()).isEqualTo("job.submitted");
            }
        }
    }

    @Test
    void theRetentionSettingTakesServiceTimeOrUnitsAndRefusesTheRest() {
        Path none = null;
        assertThat(ServiceConfig.load(none, Map.of(), Map.of()).eventRetention())
                .isEqualTo(7 * 86_400);
        assertThat(ServiceConfig.load(none, Map.of(), Map.of("event-retention", "12h"))
                        .eventRetention())
                .isEqualTo(12 * 3600);
        assertThat(ServiceConfig.load(none, Map.of("METASCHED_EVENT_RETENTION", "90"), Map.of())
                        .eventRetention())
                .isEqualTo(90);
        assertThat(ServiceConfig.load(none, Map.of(), Map.of("event-retention", "1.5m"))
                        .eventRetention())
                .isEqualTo(90);
        for (String bad : List.of("0", "-3", "7x", "d", "abc", "7dd", "Infinity")) {
            assertThatThrownBy(() -> ServiceConfig.load(none, Map.of(), Map.of("event-retention", bad)))
                    .as(bad)
                    .isInstanceOf(InputFormatException.class)
                    .hasMessageContaining("--event-retention: '" + bad + "'")
                    .hasMessageContaining("expected a duration > 0");
        }
    }
}
