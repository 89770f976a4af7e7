package org.metasched.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A service for a test: on 127.0.0.1 and a free port, with a configuration file of known tokens (an operator, two
 * owners, two users) and the given settings; {@link #restart} starts it again on the same database.
 */
final class TestService implements AutoCloseable {
    static final String OPERATOR = "op-0123456789abcdef";
    /** Owner of the nodes a*. */
    static final String ALICE = "alice-0123456789abcdef";
    /** Owner of the nodes b*. */
    static final String BOB = "bob-0123456789abcdef";

    static final String CAROL = "carol-0123456789abcdef";
    static final String DAVE = "dave-0123456789abcdef";

    final Path dir;
    final String db;
    final Path configFile;
    private final Map<String, String> options;
    Service service;
    Client client;

    private TestService(Path dir, String db, Map<String, String> settings) {
        this.dir = dir;
        this.db = db;
        this.configFile = dir.resolve("service-test.yaml");
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            s.append(e.getKey()).append(": ").append(e.getValue()).append('\n');
        }
        s.append(tokensYaml());
        try {
            Files.writeString(configFile, s.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.options = new LinkedHashMap<>();
        options.put("bind", "127.0.0.1");
        options.put("port", "0");
        options.put("db", db);
    }

    static String tokensYaml() {
        return "tokens:\n"
                + "  - {name: op, role: operator, token: " + OPERATOR + "}\n"
                + "  - {name: alice, role: owner, nodes: [\"a*\"], token: " + ALICE + "}\n"
                + "  - {name: bob, role: owner, nodes: [\"b*\"], token: " + BOB + "}\n"
                + "  - {name: carol, role: user, token: " + CAROL + "}\n"
                + "  - {name: dave, role: user, token: " + DAVE + "}\n";
    }

    /** A service with a manual clock and the given settings (config file keys). */
    static TestService start(TestDatabases kind, Path dir, Map<String, String> settings) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("clock", "manual");
        s.put("grace-period", "1");
        s.putAll(settings);
        TestService t = new TestService(dir, kind.fresh(dir), s);
        t.startService();
        return t;
    }

    private void startService() {
        service = Service.start(ServiceConfig.load(configFile, Map.of(), options));
        client = new Client(service.url());
    }

    /** Stops the service gracefully and starts it again on the same database. */
    void restart() {
        service.stop();
        startService();
    }

    /**
     * Stops the service gracefully and starts it again on the same database with the variables {@code env} (such as
     * {@code METASCHED_HORIZON}) over its settings; when that start fails the service stays stopped until the next.
     */
    void restart(Map<String, String> env) {
        if (service != null) {
            service.stop();
            service = null;
        }
        service = Service.start(ServiceConfig.load(configFile, env, options));
        client = new Client(service.url());
    }

    /**
     * A service on the database {@code db} (a {@code --db} value) whose whole configuration file is {@code yaml} (its
     * own tokens, say), bound to 127.0.0.1 on a free port.
     */
    static Service serve(Path dir, String db, String yaml) {
        try {
            Path file = dir.resolve("service-own.yaml");
            Files.writeString(file, yaml);
            Map<String, String> options = new LinkedHashMap<>();
            options.put("bind", "127.0.0.1");
            options.put("port", "0");
            options.put("db", db);
            return Service.start(ServiceConfig.load(file, Map.of(), options));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (service != null) {
            service.stop();
        }
    }
}
