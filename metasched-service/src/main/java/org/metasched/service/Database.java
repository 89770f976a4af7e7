package org.metasched.service;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.flywaydb.core.Flyway;
import org.metasched.model.InputFormatException;

/**
 * The database: SQLite (one file, WAL) or PostgreSQL, one schema through Flyway ({@code db/V*.sql}, the same
 * statements for both). Writes are serialised: one connection, one transaction per state change, under one lock
 * (SQLite has one writer anyway, and a serial writer keeps the invariants simple); reads use a small pool of their
 * own connections and see only committed state. A write the database refuses (read-only, disk full, connection
 * lost) is rolled back whole and becomes {@link Unavailable}, which the API answers with 503 and the reason.
 */
final class Database implements AutoCloseable {
    /** The database refused or failed a statement: nothing of the transaction was kept. */
    static final class Unavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unavailable(String reason, Throwable cause) {
            super(reason, cause);
        }
    }

    /** Work inside a transaction. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private static final int READERS = 4;
    private static final String MIGRATIONS = "classpath:org/metasched/service/db";

    private final String url;
    private final Properties properties;
    private final boolean sqlite;
    private final String sqliteSync;
    private final ReentrantLock writer = new ReentrantLock(true);
    private final BlockingQueue<Connection> readers = new ArrayBlockingQueue<>(READERS);
    private Connection writeConnection;
    /** Statements prepared on the write connection and kept for its life ({@link #writeStatement}). */
    private final java.util.Map<String, java.sql.PreparedStatement> writeStatements = new java.util.HashMap<>();

    private volatile boolean closed;
    /** This service's hold on the database: a second service on it is refused at start. */
    private DatabaseOwner owner;

    private Database(String url, String user, String password, String sqliteSync) {
        this.url = url;
        this.sqlite = url.startsWith("jdbc:sqlite:");
        this.sqliteSync = sqliteSync;
        this.properties = new Properties();
        if (!user.isEmpty()) {
            properties.setProperty("user", user);
        }
        if (!password.isEmpty()) {
            properties.setProperty("password", password);
        }
        if (sqlite) {
            // no statement here reads generated keys; with them on, the driver matched every executed statement
            // against a regular expression to find the INSERTs (a few per cent of a submission's CPU)
            properties.setProperty("jdbc.get_generated_keys", "false");
        }
    }

    /** Opens the database, creating the SQLite file and its folder on first use, and applies the migrations. */
    static Database open(ServiceConfig config) {
        Database d = new Database(config.db(), config.dbUser(), config.dbPassword(), config.sqliteSync());
        if (d.sqlite) {
            Path file = sqliteFile(config.db());
            if (file != null && file.toAbsolutePath().getParent() != null) {
                try {
                    Files.createDirectories(file.toAbsolutePath().getParent());
                } catch (java.io.IOException e) {
                    throw new InputFormatException(
                            "--db " + file + ": cannot create its folder: " + org.metasched.io.IoErrors.reason(e));
                }
            }
        }
        d.owner = DatabaseOwner.take(
                config.db(), d.properties, d.sqlite ? sqliteFile(config.db()) : null, ServiceConfig.mask(config.db()));
        try {
            d.writeConnection = d.connect(true);
        } catch (SQLException e) {
            d.close();
            throw new InputFormatException(
                    "--db " + ServiceConfig.mask(config.db()) + ": cannot open the database: " + reason(e));
        }
        d.migrate();
        try {
            for (int i = 0; i < READERS; i++) {
                d.readers.add(d.connect(false));
            }
        } catch (SQLException e) {
            d.close();
            throw new InputFormatException(
                    "--db " + ServiceConfig.mask(config.db()) + ": cannot open the database: " + reason(e));
        }
        return d;
    }

    /** The file of a {@code jdbc:sqlite:} URL, or null for an in-memory one. */
    static Path sqliteFile(String url) {
        String rest = url.substring("jdbc:sqlite:".length());
        int q = rest.indexOf('?');
        if (q >= 0) {
            rest = rest.substring(0, q);
        }
        if (rest.startsWith("file:")) {
            rest = rest.substring("file:".length());
        }
        if (rest.isEmpty() || rest.equals(":memory:")) {
            return null;
        }
        return Path.of(rest);
    }

    private Connection connect(boolean write) throws SQLException {
        Connection c = DriverManager.getConnection(url, properties);
        if (sqlite) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA busy_timeout = 10000");
                if (write) {
                    try {
                        s.execute("PRAGMA journal_mode = WAL");
                    } catch (SQLException e) {
                        // a read-only database keeps its journal mode; its writes fail later, with a reason
                    }
                }
                s.execute("PRAGMA synchronous = " + sqliteSync.toUpperCase(java.util.Locale.ROOT));
            }
        }
        c.setAutoCommit(false);
        return c;
    }

    private void migrate() {
        try {
            Flyway flyway = Flyway.configure()
                    .dataSource(url, properties.getProperty("user"), properties.getProperty("password"))
                    .locations(MIGRATIONS)
                    .load();
            if (flyway.info().pending().length > 0) { // a read-only database with the schema still opens
                flyway.migrate();
            }
        } catch (RuntimeException e) {
            close();
            throw new InputFormatException(
                    "--db " + ServiceConfig.mask(url) + ": cannot apply the schema: " + oneLine(e.getMessage()));
        }
    }

    /**
     * Runs {@code work} as one write transaction: committed whole, or rolled back whole and reported as {@link
     * Unavailable} when the database refused it.
     */
    <T> T write(Work<T> work) {
        writer.lock();
        try {
            if (closed) {
                throw new Unavailable("the service is shutting down", null);
            }
            Connection c = writeConnection();
            try {
                T out = work.run(c);
                c.commit();
                return out;
            } catch (SQLException e) {
                discard(c);
                throw new Unavailable("the database refused the change: " + reason(e), e);
            } catch (RuntimeException | Error e) {
                discard(c);
                throw e;
            }
        } finally {
            writer.unlock();
        }
    }

    /**
     * A statement of the open write transaction, prepared on the write connection the first time and kept for the
     * next transactions (SQLite would otherwise prepare, i.e. compile, the same statement for every submission). The
     * caller sets every parameter and does not close it; it is closed with the connection.
     */
    java.sql.PreparedStatement writeStatement(Connection c, String sql) throws SQLException {
        if (!isWriteConnection(c)) {
            throw new IllegalStateException("a kept statement outside the write transaction");
        }
        java.sql.PreparedStatement p = writeStatements.get(sql);
        if (p == null) {
            p = c.prepareStatement(sql);
            writeStatements.put(sql, p);
        }
        return p;
    }

    /** Whether {@code c} is the connection of the write transaction the calling thread has open. */
    boolean isWriteConnection(Connection c) {
        return writer.isHeldByCurrentThread() && c != null && c == writeConnection;
    }

    /**
     * Waits until no write transaction is open (the running cycle has committed), at most until {@code
     * deadlineNanos}; returns whether it is idle.
     */
    boolean awaitIdle(long deadlineNanos) {
        try {
            if (writer.tryLock(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                writer.unlock();
                return true;
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Runs {@code work} on a read connection, in a transaction of its own (one consistent view). */
    <T> T read(Work<T> work) {
        Connection c;
        try {
            c = readers.poll(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unavailable("interrupted while waiting for a database connection", e);
        }
        if (c == null) {
            throw new Unavailable("no database connection free for 30 s", null);
        }
        try {
            T out = work.run(c);
            c.commit();
            return out;
        } catch (SQLException e) {
            rollback(c);
            c = replaceIfBroken(c);
            throw new Unavailable("the database could not be read: " + reason(e), e);
        } catch (RuntimeException | Error e) { // a 404 found inside the read: its transaction ends too, or SQLite keeps
            rollback(c); // the snapshot and the pooled connection's next reads miss every later write
            throw e;
        } finally {
            readers.add(c);
        }
    }

    /** Whether the database answers and the schema's migrations are applied. */
    String notReady() {
        try {
            return read(c -> {
                try (Statement s = c.createStatement();
                        ResultSet r = s.executeQuery("SELECT COUNT(*) FROM flyway_schema_history WHERE success = "
                                + (sqlite ? "1" : "TRUE"))) {
                    r.next();
                    return r.getInt(1) >= 1 ? null : "the schema's migrations are not applied";
                }
            });
        } catch (Unavailable e) {
            return e.getMessage();
        }
    }

    /**
     * Rolls back and closes the write connection after a failed transaction; the next write opens a new one. SQLite
     * may already have rolled the transaction back by itself (a full disk, an I/O error), and a driver that does not
     * know it would run the next transaction's statements one by one outside any transaction: a new connection
     * cannot.
     */
    private void discard(Connection c) {
        rollback(c);
        quietClose(c);
        writeConnection = null;
        writeStatements.clear(); // closed with their connection
    }

    private Connection writeConnection() {
        try {
            if (writeConnection == null || writeConnection.isClosed() || !writeConnection.isValid(2)) {
                if (writeConnection != null) {
                    quietClose(writeConnection);
                }
                writeStatements.clear();
                writeConnection = connect(true);
            }
            return writeConnection;
        } catch (SQLException e) {
            writeConnection = null;
            throw new Unavailable("cannot reach the database: " + reason(e), e);
        }
    }

    private Connection replaceIfBroken(Connection c) {
        try {
            if (!c.isClosed() && c.isValid(2)) {
                return c;
            }
        } catch (SQLException e) {
            // replaced below
        }
        quietClose(c);
        try {
            return connect(false);
        } catch (SQLException e) {
            return c; // the next read fails again and says why
        }
    }

    private static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException e) {
            // the connection is gone: nothing was committed
        }
    }

    private static void quietClose(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // closing anyway
        }
    }

    /** The database's reason in one line, without the driver's class names. */
    static String reason(SQLException e) {
        // PostgreSQL's refused batch says 'Batch entry 0 INSERT ... VALUES (...) was aborted: ERROR: ...', a request's
        // text among the values (in the answer and the log, which hold no body); its next exception is the ERROR alone
        if (e instanceof java.sql.BatchUpdateException && e.getNextException() != null) {
            return reason(e.getNextException());
        }
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        m = m.replaceFirst("^\\[SQLITE_[A-Z_]+\\]\\s*", "");
        return oneLine(m);
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "(no message)";
        }
        String l = s.strip();
        int nl = l.indexOf('\n');
        return nl < 0 ? l : l.substring(0, nl).strip();
    }

    @Override
    public void close() {
        writer.lock();
        try {
            closed = true;
            if (writeConnection != null) {
                quietClose(writeConnection);
                writeConnection = null;
            }
            writeStatements.clear();
        } finally {
            writer.unlock();
        }
        Connection c;
        while ((c = readers.poll()) != null) {
            quietClose(c);
        }
        if (owner != null) {
            owner.close(); // last: another service may take the database now
        }
    }
}
