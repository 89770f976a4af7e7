package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The event kinds docs/service.md lists are exactly the kinds the service records ({@code account.credited} was
 * missing from the list), in the same order as {@link SchedulerContext#EVENT_KINDS}, which openapi.json's
 * {@code Event.kind} lists too; and every kind the sources record is one of them.
 */
class EventKindsTest {
    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Pattern KIND = Pattern.compile("\"([a-z]+\\.[a-z]+)\"");

    @TempDir
    Path dir;

    @Test
    void theDocumentedKindsAreTheRecordedOnes() throws IOException {
        String docs = Files.readString(MODULE.resolveSibling("docs").resolve("service.md"));
        int from = docs.indexOf("Events (`seq`");
        assertThat(from).as("the events paragraph of docs/service.md").isPositive();
        // the list: up to the sentence that ends it (the paragraph names some kinds again after it)
        int to = docs.indexOf("these are every kind", from);
        String paragraph = docs.substring(from, to > 0 ? to : docs.indexOf("`instance` names", from));
        List<String> documented = new ArrayList<>();
        Matcher m = Pattern.compile("`([a-z]+\\.[a-z]+)`").matcher(paragraph);
        while (m.find()) {
            documented.add(m.group(1));
        }
        assertThat(documented).isEqualTo(SchedulerContext.EVENT_KINDS);

        JsonNode doc;
        try (InputStream in = Api.class.getResourceAsStream("openapi.json")) {
            doc = JsonMapper.builder().build().readTree(in);
        }
        List<String> schema = new ArrayList<>();
        doc.get("components")
                .get("schemas")
                .get("Event")
                .get("properties")
                .get("kind")
                .get("enum")
                .forEach(k -> schema.add(k.asString()));
        assertThat(schema).isEqualTo(SchedulerContext.EVENT_KINDS);

        assertThat(recordedInSources()).isEqualTo(new TreeSet<>(SchedulerContext.EVENT_KINDS));
    }

    /** The kinds the main sources pass to {@code event} and {@code eventInBatch}, each call's kind a literal. */
    private static Set<String> recordedInSources() throws IOException {
        Set<String> kinds = new TreeSet<>();
        Pattern call = Pattern.compile("(?:\\.event|eventInBatch)\\(\\s*c,\\s*[^,]+,\\s*([^,]+),");
        Path sources = MODULE.resolve("src/main/java/org/metasched/service");
        try (Stream<Path> files = Files.list(sources)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = call.matcher(Files.readString(f));
                while (m.find()) {
                    Matcher k = KIND.matcher(m.group(1));
                    assertThat(k.find())
                            .as("%s: a kind that is not a literal: %s", f, m.group(1))
                            .isTrue();
                    do {
                        kinds.add(k.group(1));
                    } while (k.find());
                }
            }
        }
        return kinds;
    }

    /** The one kind the list missed is recorded, as the operator's event listing shows. */
    @Test
    void aCreditIsRecordedAsAccountCredited() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.post("/v1/accounts/carol/credit", TestService.OPERATOR, "{\"amount\":5}")
                            .status())
                    .isEqualTo(201);
            JsonNode events = c.get("/v1/events", TestService.OPERATOR).json().get("events");
            JsonNode last = events.get(events.size() - 1);
            assertThat(last.get("kind").asString()).isEqualTo("account.credited");
            assertThat(last.get("subject").asString()).isEqualTo("carol");
        }
    }
}
