package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.service.Service;
import org.metasched.service.ServiceConfig;

/**
 * A refusal is told in the client's words where the command has an option for what the service names: {@code nodes
 * delete} without {@code --force} told the user to send "DELETE with ?force=true", {@code submit --min-performance
 * -1} said {@code minPerformance}, a reused {@code --idempotency-key} the header's name. Against a real service, so
 * that a change of the service's wording shows here.
 */
class ClientWordsTest {
    private static final String OWNER = "owner-0123456789abcdef";
    private static final String USER = "user-0123456789abcdef";
    private static final String OPERATOR = "op-0123456789abcdef";

    @TempDir
    Path dir;

    private Service service;

    @BeforeEach
    void start() throws IOException {
        Path config = dir.resolve("service.yaml");
        Files.writeString(
                config,
                "clock: manual\ntokens:\n"
                        + "  - {name: o, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: u, role: user, token: " + USER + "}\n"
                        + "  - {name: op, role: operator, token: " + OPERATOR + "}\n");
        service = Service.start(ServiceConfig.load(
                config, Map.of(), Map.of("port", "0", "db", dir.resolve("s.db").toString())));
    }

    @AfterEach
    void stop() {
        service.stop();
    }

    private CliRunner.Result run(String token, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--url", service.url(), "--token", token));
        return CliRunner.run(all.toArray(String[]::new));
    }

    private void ok(String token, String... args) {
        CliRunner.Result r = run(token, args);
        assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isZero();
    }

    private static void refused(CliRunner.Result r, String... says) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).hasLineCount(1).contains(says);
    }

    @Test
    void aRefusalNamesTheCommandsOptionsNotTheHttpApis() {
        ok(OWNER, "nodes", "put", "n1", "--performance", "4", "--price", "4");
        ok(USER, "submit", "--nodes", "1", "--volume", "40", "--budget", "600", "--idempotency-key", "k1");
        ok(OPERATOR, "cycle", "run");

        CliRunner.Result held = run(OWNER, "nodes", "delete", "n1");
        refused(
                held,
                "409 node n1 holds the reservations of j1; add --force to cancel them (reserved jobs wait again,"
                        + " running ones fail)");
        assertThat(held.err()).doesNotContain("?force=true").doesNotContain("DELETE with");

        refused(
                run(USER, "submit", "--nodes", "1", "--volume", "40", "--budget", "600", "--min-performance", "-1"),
                "400 --min-performance: must be >= 0, got -1");
        refused(
                run(USER, "submit", "--nodes", "1", "--volume", "41", "--budget", "600", "--idempotency-key", "k1"),
                "422 --idempotency-key 'k1' was used for a different request (job j1)");
        refused(
                run(OWNER, "nodes", "put", "n2", "--performance", "-4", "--price", "4"),
                "400 --performance: must be > 0");
        refused(run(OPERATOR, "clock", "--advance", "-3"), "400 --advance: must be >= 0");
        refused(run(USER, "jobs", "--state", "nope"), "400 --state: 'nope' is not a job state");
        // a field the command has no option for is left as the service named it (a positional here)
        refused(run(OPERATOR, "cycle", "show", "0"), "400 n: '0' is not a cycle number");

        // the token's refusals: no Authorization header to send, in the client's words
        CliRunner.Result none = run("", "jobs");
        refused(none, "401 no token: give one of the service's configuration file (give --as NAME, --token or");
        assertThat(none.err()).doesNotContain("Authorization");
        CliRunner.Result spaced = run("a b", "jobs");
        refused(spaced, "401 malformed token: expected one word");
        assertThat(spaced.err()).doesNotContain("Authorization");

        CliRunner.Result forced = run(OWNER, "nodes", "delete", "n1", "--force");
        assertThat(forced.exitCode()).as(forced.err()).isZero();
        // j1 runs from 0, the clock's time: it fails
        assertThat(forced.out()).contains("deleted    n1").contains("j1 is failed now");
    }
}
