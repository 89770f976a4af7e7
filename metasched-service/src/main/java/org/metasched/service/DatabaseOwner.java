package org.metasched.service;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.metasched.model.InputFormatException;

/**
 * The one service of a database: one service runs on a database at a time (docs/service.md), and a second {@code
 * serve} on a database another one uses is refused at its start. Two services on one database each kept their own
 * counters and clock and refused each other's changes while both answered (503, 'UNIQUE constraint failed:
 * jobs.seq'). SQLite: an exclusive lock on the file {@code DB.lock} beside the database; PostgreSQL: a session advisory
 * lock on a connection of its own. Both end with the process, {@code kill -9} included (the kernel drops the file's
 * lock; the server ends the session when its connection closes). Neither keeps out the offline readers ({@code
 * metasched journal}).
 */
final class DatabaseOwner implements AutoCloseable {
    /** The advisory lock's key: "metaschd". */
    private static final long KEY = 0x6d65746173636864L;
    /** How long a PostgreSQL start waits for a session that still holds the lock (one killed a moment ago). */
    private static final long WAIT_MS = 2000;

    private final FileChannel channel;
    private final Connection session;

    private DatabaseOwner(FileChannel channel, Connection session) {
        this.channel = channel;
        this.session = session;
    }

    /**
     * Takes the database of {@code url} ({@code sqliteFile} when it is SQLite, null for PostgreSQL) for this service.
     */
    static DatabaseOwner take(String url, Properties properties, Path sqliteFile, String shown) {
        String taken = "--db " + shown + ": another metasched serve uses this database";
        String hint = "; stop it first (one service runs on a database at a time)";
        if (url.startsWith("jdbc:sqlite:")) {
            if (sqliteFile == null) {
                return new DatabaseOwner(null, null); // in memory: this process's own
            }
            Path lockFile = Path.of(sqliteFile + ".lock");
            FileChannel ch;
            try {
                ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            } catch (IOException | UnsupportedOperationException e) {
                return new DatabaseOwner(null, null); // a folder it cannot write: its writes fail anyway, with 503
            }
            try {
                FileLock lock;
                try {
                    lock = ch.tryLock();
                } catch (java.nio.channels.OverlappingFileLockException e) {
                    lock = null; // held by a service of this process
                }
                if (lock == null) {
                    ch.close();
                    throw new InputFormatException(taken + " (it holds " + lockFile + ")" + hint);
                }
                return new DatabaseOwner(ch, null);
            } catch (IOException e) {
                quietClose(ch);
                return new DatabaseOwner(null, null);
            }
        }
        Connection c = null;
        try {
            c = DriverManager.getConnection(url, properties);
            long until = System.nanoTime() + WAIT_MS * 1_000_000;
            while (true) {
                try (Statement s = c.createStatement();
                        ResultSet r = s.executeQuery("SELECT pg_try_advisory_lock(" + KEY + ")")) {
                    if (r.next() && r.getBoolean(1)) {
                        return new DatabaseOwner(null, c);
                    }
                }
                if (System.nanoTime() > until) {
                    throw new InputFormatException(taken + " (it holds the advisory lock " + KEY + ")" + hint);
                }
                Thread.sleep(100);
            }
        } catch (SQLException e) {
            quietClose(c);
            throw new InputFormatException("--db " + shown + ": cannot open the database: " + Database.reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            quietClose(c);
            throw new InputFormatException("--db " + shown + ": interrupted while waiting for the database");
        } catch (RuntimeException e) {
            quietClose(c);
            throw e;
        }
    }

    private static void quietClose(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception e) {
            // closing what this start gives up: nothing more to do
        }
    }

    @Override
    public void close() {
        quietClose(channel); // releases the file's lock
        quietClose(session); // ends the session and its advisory lock
    }
}
