package org.metasched.service;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.io.JsonOutput;
import org.metasched.io.results.CsvColumns;
import org.metasched.model.InputFormatException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plan journal: the cycles a {@code metasched serve} database holds, read offline ({@code metasched journal},
 * docs/service.md). Every cycle keeps its inputs as a {@code metasched batch} file (the slots at the cycle's time,
 * the waiting jobs with their budgets) and its settings and plan; {@link #batchFile} gives the file with every
 * setting in it, so that {@code metasched batch FILE} re-plans the cycle as the service did, and {@link
 * JournalReplay} re-plans the cycles with the batch command's own code.
 *
 * <p>The database is opened read-only and never migrated: a SQLite file (which must exist) or a {@code
 * jdbc:postgresql:} URL (user and password in the URL, or {@code METASCHED_DB_USER} and {@code
 * METASCHED_DB_PASSWORD} as for {@code serve}). A database without metasched's {@code cycles} table is refused.
 */
public final class Journal implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String COLUMNS = "n, at_time, scheme, problem, time_kind, sub_batches, css_jobs, quantum,"
            + " feasible, objective, limit_value, jobs, reserved, queued, failed, input, plan";

    /**
     * One stored cycle: its number and time, the settings it planned with, its outcome (objective NaN when the
     * plan was infeasible, as the service stores it), the service's counts and the stored texts.
     */
    public record Cycle(
            long n,
            double time,
            BatchScheduler.Settings settings,
            boolean feasible,
            double objective,
            double limit,
            int jobs,
            int reserved,
            int queued,
            int failed,
            String input,
            String plan) {
        /**
         * Whether its batch was empty: every job waiting at the cycle was left out of it (more nodes than the VO had,
         * too small a task) and only counted the cycle toward max-cycles. {@code metasched batch} refuses a file with
         * no jobs, so an export writes no file for it, and a replay knows it plans nothing.
         */
        public boolean empty() {
            return jobs == 0;
        }
    }

    private final String shown;
    private final Connection connection;

    private Journal(String shown, Connection connection) {
        this.shown = shown;
        this.connection = connection;
    }

    /**
     * Opens {@code db} read-only: a SQLite file path (or {@code jdbc:sqlite:} URL) or a {@code jdbc:postgresql:}
     * URL; {@code env} supplies {@code METASCHED_DB_USER} and {@code METASCHED_DB_PASSWORD}.
     *
     * @throws InputFormatException one line naming {@code --db} and what is expected
     */
    public static Journal open(String db, Map<String, String> env) {
        String url;
        if (db.startsWith("jdbc:postgresql:")) {
            url = db;
        } else if (db.startsWith("jdbc:sqlite:") || !db.startsWith("jdbc:")) {
            url = db.startsWith("jdbc:") ? db : "jdbc:sqlite:" + db;
            Path file = Database.sqliteFile(url);
            if (file == null) {
                throw new InputFormatException(
                        "--db " + db + ": an in-memory database holds no journal; give the service's database file");
            }
            if (!Files.exists(file)) {
                throw new InputFormatException("--db " + file
                        + ": no such file; give the database of a 'metasched serve' (e.g." + " results/service.db)");
            }
            if (!Files.isRegularFile(file)) {
                throw new InputFormatException("--db " + file + ": is not a file; give a 'metasched serve' database");
            }
        } else {
            throw new InputFormatException("--db " + ServiceConfig.mask(db)
                    + ": expected a SQLite file or a jdbc:sqlite: or jdbc:postgresql: URL");
        }
        String shown = ServiceConfig.mask(db);
        Connection c;
        try {
            c = url.startsWith("jdbc:sqlite:") ? sqlite(url) : postgresql(url, env);
        } catch (SQLException e) {
            throw new InputFormatException("--db " + shown + ": cannot open the database: " + Database.reason(e));
        }
        Journal j = new Journal(shown, c);
        try {
            j.checkSchema();
        } catch (RuntimeException e) {
            j.close();
            throw e;
        }
        return j;
    }

    /**
     * A connection that only reads. Opened for reading and writing where the file allows it, with SQLite's {@code
     * query_only}: a WAL database's last connection to close then removes the {@code -wal} and {@code -shm} files
     * SQLite makes beside it, which a read-only connection cannot do, so every journal command left them in the
     * user's folder. Read-only where the file is.
     */
    private static Connection sqlite(String url) throws SQLException {
        org.sqlite.SQLiteConfig config = new org.sqlite.SQLiteConfig();
        config.setBusyTimeout(10_000);
        Path file = Database.sqliteFile(url);
        if (file != null
                && Files.isWritable(file)
                && Files.isWritable(file.toAbsolutePath().getParent())) {
            Connection c = DriverManager.getConnection(url, config.toProperties());
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("PRAGMA query_only = 1");
            } catch (SQLException e) {
                c.close();
                throw e;
            }
            return c;
        }
        config.setReadOnly(true);
        Connection c = DriverManager.getConnection(url, config.toProperties());
        c.setReadOnly(true);
        return c;
    }

    private static Connection postgresql(String url, Map<String, String> env) throws SQLException {
        Properties p = new Properties();
        String user = env.getOrDefault("METASCHED_DB_USER", "");
        String password = env.getOrDefault("METASCHED_DB_PASSWORD", "");
        if (!user.isEmpty()) {
            p.setProperty("user", user);
        }
        if (!password.isEmpty()) {
            p.setProperty("password", password);
        }
        p.setProperty("readOnly", "true");
        Connection c = DriverManager.getConnection(url, p);
        c.setReadOnly(true);
        return c;
    }

    /** A database that is not metasched's (no {@code cycles} table with its columns) is refused. */
    private void checkSchema() {
        try (PreparedStatement p = connection.prepareStatement("SELECT " + COLUMNS + " FROM cycles WHERE n < 0");
                ResultSet r = p.executeQuery()) {
            r.next();
        } catch (SQLException e) {
            throw new InputFormatException("--db " + shown + ": is not a metasched database (" + Database.reason(e)
                    + "); give the database of a 'metasched serve'");
        }
    }

    /** The first and last cycle's numbers, or null when the database holds no cycle. */
    public long[] span() {
        try (PreparedStatement p = connection.prepareStatement("SELECT MIN(n), MAX(n), COUNT(*) FROM cycles");
                ResultSet r = p.executeQuery()) {
            r.next();
            return r.getLong(3) == 0 ? null : new long[] {r.getLong(1), r.getLong(2)};
        } catch (SQLException e) {
            throw new InputFormatException("--db " + shown + ": cannot read the cycles: " + Database.reason(e));
        }
    }

    /**
     * The cycles numbered {@code from} to {@code to} (null: the first, the last), in order. A bound outside the
     * journal is refused, never clamped: {@code --from 0} or {@code --to 99} on cycles 1 to 6 asks for cycles that do
     * not exist.
     *
     * @throws InputFormatException when {@code from > to}, a bound lies before the journal's first cycle or after its
     *     last (naming the value and the cycles it holds), the journal holds no cycle, or no cycle lies in the range
     */
    public List<Cycle> cycles(Long from, Long to) {
        if (from != null && to != null && from > to) {
            throw new InputFormatException(
                    "--from " + from + " is after --to " + to + ": expected --from at most --to");
        }
        long[] span = span();
        if (span == null) {
            throw new InputFormatException(
                    "--db " + shown + ": holds no cycle yet; run cycles first (metasched cycle run, or the service's"
                            + " cycle interval)");
        }
        within("--from", from, span);
        within("--to", to, span);
        long lo = from == null ? span[0] : from;
        long hi = to == null ? span[1] : to;
        List<Cycle> out;
        try {
            out = SqlValues.list(
                    connection,
                    "SELECT " + COLUMNS + " FROM cycles WHERE n >= ? AND n <= ? ORDER BY n",
                    this::cycle,
                    lo,
                    hi);
        } catch (SQLException e) {
            throw new InputFormatException("--db " + shown + ": cannot read the cycles: " + Database.reason(e));
        }
        if (out.isEmpty()) {
            // the service numbers its cycles 1, 2, ... without gaps: only a database edited by hand gets here
            throw new InputFormatException("no cycle from " + lo + " to " + hi + ": the database holds cycles "
                    + span[0] + " to " + span[1] + " but none numbered " + lo + " to " + hi
                    + "; expected --from and --to around a stored cycle");
        }
        return out;
    }

    /** Refuses a bound ({@code --from}, {@code --to}; null: not given) outside the journal's cycles {@code span}. */
    private static void within(String option, Long bound, long[] span) {
        if (bound == null || (bound >= span[0] && bound <= span[1])) {
            return;
        }
        String where = bound < span[0]
                ? "before the journal's first cycle, " + span[0]
                : "after the journal's last cycle, " + span[1];
        throw new InputFormatException(option + " " + bound + ": " + where + "; expected a cycle from " + span[0]
                + " to " + span[1] + " (leave " + option + " out for the "
                + (option.equals("--from") ? "first" : "last")
                + ")");
    }

    private Cycle cycle(ResultSet r) throws SQLException {
        long n = r.getLong(1);
        String where = "--db " + shown + ": cycle " + n;
        BatchScheduler.Settings s;
        try {
            s = new BatchScheduler.Settings(
                    BatchScheduler.Scheme.REGISTRY.byName(r.getString(3), where + " scheme"),
                    CssProblem.REGISTRY.byName(r.getString(4), where + " problem"),
                    CssProblem.Time.REGISTRY.byName(r.getString(5), where + " time"),
                    r.getInt(6),
                    r.getInt(7),
                    r.getDouble(8),
                    true);
        } catch (InputFormatException e) {
            throw new InputFormatException(e.getMessage() + " (a database of a newer metasched?)");
        }
        double objective = r.getDouble(10);
        if (r.wasNull()) {
            objective = Double.NaN;
        }
        double limit = r.getDouble(11);
        if (r.wasNull()) {
            limit = Double.NaN;
        }
        return new Cycle(
                n,
                r.getDouble(2),
                s,
                r.getInt(9) != 0,
                objective,
                limit,
                r.getInt(12),
                r.getInt(13),
                r.getInt(14),
                r.getInt(15),
                r.getString(16),
                r.getString(17));
    }

    /**
     * The cycle's inputs as a {@code metasched batch} file with every setting the cycle planned with: the stored
     * file, with its {@code scheme}, {@code problem}, {@code time}, {@code subBatches} (slicer, bsf), {@code
     * cssJobs} (bsf) and {@code quantum} (unless the data's own) set from the cycle's stored settings, but neither
     * sub-batches nor quantum under bsf with cssJobs 0, which uses neither. {@code metasched batch FILE} plans it as
     * the cycle did.
     */
    public static String batchFile(Cycle c) {
        JsonNode tree = JSON.readTree(c.input());
        if (!(tree instanceof ObjectNode in)) {
            throw new InputFormatException("cycle " + c.n() + ": its stored input is not a batch file");
        }
        BatchScheduler.Settings s = c.settings();
        ObjectNode out = JSON.createObjectNode();
        for (String name : List.of("horizon", "geometry")) {
            if (in.has(name)) {
                out.set(name, in.get(name));
            }
        }
        out.put("scheme", s.scheme().name());
        out.put("problem", s.problem().name());
        out.put("time", s.time().name());
        // bsf with no job for CSS backfills every job: it has no sub-batches and no DP, and metasched batch refuses
        // a file's subBatches or quantum beside cssJobs 0
        boolean cssShare = s.scheme() != BatchScheduler.Scheme.BSF || s.cssJobs() > 0;
        if (s.scheme().slices() && cssShare) {
            out.put("subBatches", s.subBatches());
        }
        if (s.scheme() == BatchScheduler.Scheme.BSF) {
            out.put("cssJobs", s.cssJobs());
        }
        if (s.quantum() != CssDynamicProgramme.DATA_QUANTUM && cssShare) {
            out.put("quantum", s.quantum());
        }
        for (String name : in.propertyNames()) {
            if (!out.has(name) && !List.of("subBatches", "cssJobs", "quantum").contains(name)) {
                out.set(name, in.get(name));
            }
        }
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonOutput.printed(w)) {
            JSON.writeTree(g, out);
        }
        return w.append('\n').toString();
    }

    /** {@code cycles.csv}, the index of an export (docs/service.md describes each column). */
    public static final CsvColumns<Cycle> INDEX_COLUMNS = CsvColumns.<Cycle>of()
            .integer("cycle", Cycle::n)
            .text("time", c -> JournalReport.num(c.time()))
            .text("scheme", c -> c.settings().scheme().name())
            .text("problem", c -> c.settings().problem().name())
            .text("time_kind", c -> c.settings().time().name())
            .integer("sub_batches", c -> c.settings().subBatches())
            .integer("css_jobs", c -> c.settings().cssJobs())
            .text(
                    "quantum",
                    c -> c.settings().quantum() == CssDynamicProgramme.DATA_QUANTUM
                            ? "data"
                            : JournalReport.num(c.settings().quantum()))
            .text("feasible", Cycle::feasible)
            .text("objective", c -> JournalReport.num(c.objective()))
            .text("limit", c -> JournalReport.num(c.limit()))
            .integer("jobs", Cycle::jobs)
            .integer("reserved", Cycle::reserved)
            .integer("queued", Cycle::queued)
            .integer("failed", Cycle::failed)
            .text("file", c -> c.empty() ? "" : fileName(c.n()));

    /** The name of cycle {@code n}'s batch file in an export: {@code cycle-000042.json}. */
    public static String fileName(long n) {
        return String.format(java.util.Locale.ROOT, "cycle-%06d.json", n);
    }

    /**
     * Writes {@code dir} as a whole ({@link org.metasched.io.OutputDirectory}): one batch file per cycle ({@link
     * #batchFile}) that planned a job, and the index {@code cycles.csv} of every cycle (an {@link Cycle#empty} one
     * with no file).
     */
    public static void export(Path dir, List<Cycle> cycles) {
        org.metasched.io.OutputDirectory.write(dir, d -> {
            for (Cycle c : cycles) {
                if (c.empty()) {
                    continue; // metasched batch refuses a file without jobs: the index row says what the cycle did
                }
                Files.writeString(d.resolve(fileName(c.n())), batchFile(c), java.nio.charset.StandardCharsets.UTF_8);
            }
            INDEX_COLUMNS.write(d.resolve("cycles.csv"), cycles);
        });
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // read-only: nothing to lose
        }
    }
}
