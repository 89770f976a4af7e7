package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cycle's too-small reason writes its numbers as the service's other messages do ({@link Metascheduler#num}): it
 * wrote them as metasched batch's reader does, in Java's ways ({@code 1.0E16}, {@code 6.000E+16}, {@code 1.00e-18},
 * {@code 6 000 000}), and a count past the largest double as {@code Infinity}.
 */
class TooSmallNumbersTest {
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    private static String submit(Client c, String body) {
        Client.Response r = c.post("/v1/jobs", CAROL, body);
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return r.json().get("id").asString();
    }

    private static String why(Client c, String job) {
        var why = c.get("/v1/jobs/" + job + "/why", CAROL).json().get("why");
        assertThat(why.get("kind").asString()).isEqualTo("too-small");
        return why.get("message").asString();
    }

    @Test
    void aTooSmallReasonWritesTheServicesNumbers() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1e-297,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            // accepted while the fastest node is slow, too small once fast nodes come
            String big = submit(c, "{\"nodes\":1,\"volume\":1e16,\"budget\":5}");
            String tiny = submit(c, "{\"nodes\":1,\"volume\":1e-290,\"budget\":5}");
            assertThat(c.put("/v1/nodes/a2", ALICE, "{\"performance\":1e20,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/cycles", TestService.OPERATOR, null).status())
                    .isIn(200, 201);
            assertThat(why(c, big))
                    .contains("its volume 10000000000000000 is a task of 0.0001 on node 'a2', whose free time of 600"
                            + " holds 6000000 of them; the search of disjoint alternatives would not end: give a volume"
                            + " of at least 60000000000000000 (a task of a millionth of that free time)")
                    .doesNotContainPattern("E[0-9+-]|e\\+|[0-9] [0-9]{3}");
            assertThat(c.put("/v1/nodes/a3", ALICE, "{\"performance\":1e297,\"price\":0}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/cycles", TestService.OPERATOR, null).status())
                    .isIn(200, 201);
            assertThat(why(c, tiny))
                    .contains("its volume 1e-290 is a task of 0 on node 'a3', whose free time of 600 holds more than"
                            + " 1.8e308 of them;")
                    .contains("give a volume of at least 6e293 (")
                    .doesNotContain("Infinity")
                    .doesNotContainPattern("E[0-9+-]|e\\+");
        }
    }
}
