package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The client's listings ({@code jobs}, {@code cycle}, {@code accounts ledger}) show every item, however many pages the
 * service sends them in. A page holds at most {@code limit} items (default 1000); the jobs' page says where the next
 * starts ({@code next}), the cycles and ledger rows are numbered ({@code cycle}, {@code seq}) and {@code after} takes
 * the last one seen (openapi.json). Before, each listing showed the first page alone: {@code metasched jobs} stopped
 * at the 1000th job, the oldest, without a word. This stub pages as the service does.
 */
class ClientPagingTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private StubService server;

    private static final int JOBS = 2345;
    private static final int CYCLES = 1000;
    private static final int ROWS = 1001;

    @BeforeEach
    void start() {
        server = StubService.start(ClientPagingTest::page);
    }

    /** A page as the service sends it. */
    private static StubService.Reply page(String path, Map<String, String> q) {
        long after = Long.parseLong(q.getOrDefault("after", "0"));
        int limit = Integer.parseInt(q.getOrDefault("limit", "1000"));
        StringBuilder b = new StringBuilder();
        switch (path) {
            case "/v1/jobs" -> {
                // the job of sequence number k is j(2k): the ids are not the sequence numbers
                b.append("{\"jobs\":[");
                long last = after;
                int n = 0;
                for (long k = after + 1; k <= JOBS && n < limit; k++, n++) {
                    b.append(n > 0 ? "," : "")
                            .append("{\"id\":\"j")
                            .append(2 * k)
                            .append("\",\"user\":\"u\",\"state\":\"queued\",\"nodes\":1,\"volume\":1,"
                                    + "\"budget\":1,\"criterion\":\"cost\",\"reservation\":null}");
                    last = k;
                }
                b.append(']');
                if (n == limit) {
                    b.append(",\"next\":").append(last);
                }
                b.append('}');
            }
            case "/v1/cycles" -> {
                b.append("{\"cycles\":[");
                int n = 0;
                for (long k = after + 1; k <= CYCLES && n < limit; k++, n++) {
                    b.append(n > 0 ? "," : "")
                            .append("{\"cycle\":")
                            .append(k)
                            .append(",\"time\":")
                            .append(k)
                            .append(",\"scheme\":\"css\",\"problem\":\"min-time\",\"feasible\":true,"
                                    + "\"objective\":1,\"jobs\":1,\"reserved\":1,\"queued\":0,\"failed\":0,"
                                    + "\"durationMs\":1}");
                }
                b.append("]}");
            }
            case "/v1/accounts/u/ledger" -> {
                // sequence numbers are shared by every account: this one's rows are the odd ones
                b.append("{\"account\":\"u\",\"rows\":[");
                int n = 0;
                for (long k = after + 1; k <= 2 * ROWS && n < limit; k++) {
                    if (k % 2 == 1) {
                        b.append(n > 0 ? "," : "")
                                .append("{\"seq\":")
                                .append(k)
                                .append(",\"entry\":1,\"time\":0,\"bucket\":\"available\",\"amount\":1,"
                                        + "\"kind\":\"credit\",\"job\":null,\"memo\":null}");
                        n++;
                    }
                }
                b.append("]}");
            }
            default -> b.append("{}");
        }
        return StubService.Reply.json(b.toString());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String url() {
        return server.url();
    }

    private CliRunner.Result run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--url", url(), "--token", "t"));
        CliRunner.Result r = CliRunner.run(all.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return r;
    }

    private static List<String> firstWords(String table) {
        List<String> words = new ArrayList<>();
        for (String line : table.split("\n", -1)) {
            String s = line.strip();
            if (!s.isEmpty()) {
                words.add(s.split("\\s+", -1)[0]);
            }
        }
        return words;
    }

    @Test
    void everyJobIsListedWhateverThePages() {
        List<String> ids = firstWords(run("jobs").out());
        assertThat(ids).hasSize(JOBS + 1); // and the header
        assertThat(ids.get(1)).isEqualTo("j2");
        assertThat(ids.get(JOBS)).isEqualTo("j" + 2 * JOBS);
        JsonNode json = JSON.readTree(run("jobs", "--format", "json").out());
        assertThat(json.get("jobs")).hasSize(JOBS);
        assertThat(json.has("next")).isFalse();
        // the state filter is kept on every page
        server.forget();
        run("jobs", "--state", "queued");
        assertThat(server.asked()).hasSize(3).allSatisfy(a -> assertThat(a).contains("state=queued"));
    }

    @Test
    void everyCycleAndLedgerRowIsListed() {
        List<String> cycles = firstWords(run("cycle").out());
        assertThat(cycles).hasSize(CYCLES + 1);
        assertThat(cycles.get(CYCLES)).isEqualTo(Integer.toString(CYCLES));
        // exactly a page: one more request, which finds nothing
        server.forget();
        run("cycle", "--format", "json");
        assertThat(server.asked()).containsExactly("/v1/cycles?after=0&limit=1000", "/v1/cycles?after=1000&limit=1000");
        List<String> rows = firstWords(run("accounts", "ledger", "u").out());
        assertThat(rows).hasSize(ROWS + 1);
        assertThat(rows.get(ROWS)).isEqualTo(Long.toString(2L * ROWS - 1));
    }
}
