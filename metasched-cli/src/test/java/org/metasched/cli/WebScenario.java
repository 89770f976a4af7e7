package org.metasched.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * {@code metasched serve --clock manual} on 127.0.0.1 and a free port, with known tokens (an operator, an owner of
 * every node, the users carol and dave), driven over HTTP for the web view's browser tests: the nodes and jobs are
 * published and submitted as a client would.
 */
final class WebScenario implements AutoCloseable {
    static final String OPERATOR = "op-web-0123456789abcdef";
    static final String OWNER = "owner-web-0123456789abcdef";
    static final String CAROL = "carol-web-0123456789abcdef";
    static final String DAVE = "dave-web-0123456789abcdef";

    final ServeProcess serve;

    private WebScenario(ServeProcess serve) {
        this.serve = serve;
    }

    static WebScenario start(Path dir) throws IOException, InterruptedException {
        return start(dir, "horizon: 600\n");
    }

    /** With these settings (lines of the configuration file). */
    static WebScenario start(Path dir, String settings) throws IOException, InterruptedException {
        return start(dir, settings, ServeProcess.C1);
    }

    /** With these settings and the service's JVM options ({@link ServeProcess#C1}, or none). */
    static WebScenario start(Path dir, String settings, List<String> jvmOptions)
            throws IOException, InterruptedException {
        Path config = dir.resolve("service.yaml");
        Files.writeString(
                config,
                settings + "grace-period: 5\ntokens:\n"
                        + "  - {name: op, role: operator, token: " + OPERATOR + "}\n"
                        + "  - {name: owner, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: carol, role: user, token: " + CAROL + "}\n"
                        + "  - {name: dave, role: user, token: " + DAVE + "}\n");
        return new WebScenario(ServeProcess.start(
                jvmOptions, dir, config, dir.resolve("service.db").toString(), "--clock", "manual"));
    }

    String url() {
        return serve.url;
    }

    JsonNode call(String method, String path, String token, String body) throws IOException {
        ServeProcess.Answer a = serve.call(method, path, token, body, "Content-Type", "application/json");
        if (a.status() >= 300) {
            throw new AssertionError(method + " " + path + ": " + a.status() + " " + a.body());
        }
        return a.json();
    }

    void node(String id, double performance, double price, double... busy) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i + 1 < busy.length; i += 2) {
            b.append(b.length() == 0 ? "" : ",")
                    .append('[')
                    .append(busy[i])
                    .append(',')
                    .append(busy[i + 1])
                    .append(']');
        }
        call(
                "PUT",
                "/v1/nodes/" + id,
                OWNER,
                String.format(Locale.ROOT, "{\"performance\":%s,\"price\":%s,\"busy\":[%s]}", performance, price, b));
    }

    /** Submits a job; returns its id. */
    String job(String token, int nodes, double volume, double budget) throws IOException {
        return call(
                        "POST",
                        "/v1/jobs",
                        token,
                        String.format(Locale.ROOT, "{\"nodes\":%d,\"volume\":%s,\"budget\":%s}", nodes, volume, budget))
                .get("id")
                .asString();
    }

    JsonNode cycle() throws IOException {
        return call("POST", "/v1/cycles", OPERATOR, "");
    }

    void clockTo(double t) throws IOException {
        call("POST", "/v1/clock", OPERATOR, "{\"to\":" + t + "}");
    }

    void cancel(String token, String job) throws IOException {
        serve.call("DELETE", "/v1/jobs/" + job, token, null);
    }

    /** The node ids, in the service's order. */
    List<String> nodeIds() throws IOException {
        List<String> out = new ArrayList<>();
        call("GET", "/v1/nodes", OPERATOR, null)
                .get("nodes")
                .forEach(n -> out.add(n.get("id").asString()));
        return out;
    }

    /**
     * The fixed scenario of the docs' screenshots: 8 nodes, 8 jobs planned in cycle 1, the clock at 140 (one runs), 2
     * waiting.
     */
    void demo() throws IOException {
        node("n01", 4, 4, 0, 30);
        node("n02", 2, 1.5);
        node("n03", 5, 6, 40, 100);
        node("n04", 3, 2.5, 150, 220);
        node("n05", 6, 8);
        node("n06", 1.5, 1, 60, 120);
        node("n07", 4, 3.5, 250, 320);
        node("n08", 2.5, 2);
        job(CAROL, 2, 60, 600);
        job(CAROL, 2, 80, 600);
        job(DAVE, 3, 100, 900);
        job(CAROL, 1, 150, 400);
        job(DAVE, 2, 120, 700);
        job(CAROL, 3, 200, 1200);
        job(DAVE, 1, 50, 200);
        job(CAROL, 2, 90, 500);
        cycle();
        clockTo(140);
        job(CAROL, 4, 300, 150);
        job(DAVE, 2, 70, 500);
    }

    @Override
    public void close() {
        serve.close();
    }
}
