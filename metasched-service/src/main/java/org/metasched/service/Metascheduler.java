package org.metasched.service;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.metasched.batch.BatchExecution;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.model.Interval;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.State;

/**
 * The virtual organization's metascheduler (P002): nodes, jobs, cycles and the clock, every state change one
 * transaction of the {@link Database}. A cycle takes the waiting jobs in submission order as a batch over the
 * nodes' slots at the cycle's time and plans it with {@link BatchScheduler} exactly as {@code metasched batch} does;
 * a job that ends early or is cancelled frees the rest of its window and, with backfilling on, the later reservations
 * move earlier by {@link BatchExecution#compress} (spec 3.8). No algorithm is implemented here.
 *
 * <p>This class is the facade its callers use; the work is done by {@link NodeOperations}, {@link Submissions},
 * {@link JobOperations}, {@link Cycles}, {@link Backfilling}, {@link Ticker}, {@link QuoteOperations} and
 * {@link AccountOperations}, which share a {@link SchedulerContext} (the transaction, the counters, the events).
 */
final class Metascheduler {
    /** A job's request as submitted. NaN for no deadline, +infinity for no price cap. */
    record JobRequest(
            int nodes,
            double volume,
            double budget,
            BatchJob.Criterion criterion,
            double deadline,
            String clientId,
            double minPerformance,
            double maxPrice) {
        String hash() {
            String canon = nodes + "|" + volume + "|" + budget + "|" + criterion + "|" + deadline + "|" + clientId + "|"
                    + minPerformance + "|" + maxPrice;
            try {
                return HexFormat.of()
                        .formatHex(MessageDigest.getInstance("SHA-256").digest(canon.getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** A submission's job and whether it is new (false: an earlier submission with the same Idempotency-Key). */
    record Submitted(JobRow job, boolean created) {}

    /** A published node and whether it is new. */
    record Published(NodeRow node, boolean created) {}

    /** A withdrawn node and what happened to the jobs that held it. */
    record Withdrawn(String node, Map<String, State> jobs) {}

    /** A node with the slots jobs hold on it: job id, start, end. */
    record NodeView(NodeRow node, List<Hold> holds) {}

    /** A slot a job holds; {@code user} is the job's. */
    record Hold(String job, String user, double start, double end) {}

    /**
     * What a cycle did: its number, time and its stored plan (the JSON {@code GET /v1/cycles/{n}} returns); or, when
     * no cycle ran ({@link #nothing}: number 0, no plan), why there was nothing to plan.
     */
    record CycleOutcome(
            long n,
            double time,
            int jobs,
            int reserved,
            int queued,
            int failed,
            double planMs,
            String plan,
            String nothingToPlan) {
        static CycleOutcome nothing(double time, String why) {
            return new CycleOutcome(0, time, 0, 0, 0, 0, 0, null, why);
        }

        /** Whether a cycle ran (and was recorded). */
        boolean ran() {
            return nothingToPlan == null;
        }
    }

    /** Told about each cycle, for metrics and the log. */
    interface CycleListener {
        void cycled(CycleOutcome outcome, double durationSeconds);
    }

    private final SchedulerContext ctx;
    private final Database db;
    private final ServiceConfig config;
    private final ServiceClock clock;
    private final String instance;
    private final Ticker ticker;
    private final Cycles cycles;
    private final NodeOperations nodes;
    private final Submissions submissions;
    private final JobOperations jobs;
    private final QuoteOperations quotes;
    private final AccountOperations accounts;

    private Metascheduler(Database db, ServiceConfig config, ServiceClock clock, String instance) {
        this.ctx = new SchedulerContext(db, config, clock);
        this.db = db;
        this.config = config;
        this.clock = clock;
        this.instance = instance;
        this.ticker = new Ticker(ctx);
        Backfilling backfilling = new Backfilling(ctx);
        this.cycles = new Cycles(ctx, ticker);
        this.nodes = new NodeOperations(ctx, ticker, backfilling);
        this.submissions = new Submissions(ctx);
        this.jobs = new JobOperations(ctx, ticker, backfilling);
        this.quotes = new QuoteOperations(ctx, ticker);
        this.accounts = new AccountOperations(ctx);
    }

    /**
     * The metascheduler of {@code db}: on first start the clock's mode and epoch are recorded; later starts must
     * use the same mode (a database holds one timeline).
     */
    static Metascheduler open(Database db, ServiceConfig config, LongSupplier millis) {
        String instance = UUID.randomUUID().toString();
        String[] stored;
        try {
            stored = db.write(c -> {
                if (Store.meta(c, "clock_mode") == null) {
                    Store.setMeta(c, "clock_mode", config.clock().name().toLowerCase(Locale.ROOT));
                    Store.setMeta(c, "epoch_ms", Long.toString(millis.getAsLong()));
                    Store.setMeta(c, "manual_time", "0");
                    Store.setMeta(
                            c,
                            "created",
                            java.time.Instant.ofEpochMilli(millis.getAsLong()).toString());
                }
                Store.setMeta(c, "instance", instance);
                return meta(c);
            });
        } catch (Database.Unavailable e) {
            // a database that refuses writes (read-only, full) still serves reads; every change gets 503 with why
            stored = db.read(Metascheduler::meta);
            if (stored[0] == null) {
                throw new org.metasched.model.InputFormatException(
                        "--db: a new database that refuses writes cannot be set up: " + e.getMessage());
            }
            org.slf4j.LoggerFactory.getLogger("metasched.service")
                    .warn("the database refuses changes ({}); reads work, every change gets 503", e.getMessage());
        }
        if (!stored[0].equalsIgnoreCase(config.clock().name())) {
            throw new org.metasched.model.InputFormatException(
                    "--clock " + config.clock().name().toLowerCase(Locale.ROOT)
                            + ": this database was created with --clock " + stored[0]
                            + " and keeps that timeline; use --clock " + stored[0] + " or another --db");
        }
        NumberLimits.requireStoredNodes(db, config.horizon());
        ServiceClock clock =
                new ServiceClock(config.clock(), Long.parseLong(stored[1]), Double.parseDouble(stored[2]), millis);
        NumberLimits.requireHorizonAt(clock.now(), config.horizon());
        return new Metascheduler(db, config, clock, instance);
    }

    private static String[] meta(Connection c) throws SQLException {
        return new String[] {Store.meta(c, "clock_mode"), Store.meta(c, "epoch_ms"), Store.meta(c, "manual_time")};
    }

    void listener(CycleListener l) {
        cycles.listener(l);
    }

    /** Told after every committed change (the live events wake up). */
    void onCommit(Runnable r) {
        ctx.onCommit(r);
    }

    ServiceClock clock() {
        return clock;
    }

    ServiceConfig config() {
        return config;
    }

    String instance() {
        return instance;
    }

    Database database() {
        return db;
    }

    /** From now on every change is refused with 503 (SIGTERM: the running cycle finishes, nothing new starts). */
    void drain() {
        ctx.drain();
    }

    boolean draining() {
        return ctx.draining();
    }

    // ------------------------------------------------------------------------------------------ nodes

    Published putNode(Token who, String id, double performance, double price, List<Interval> busy) {
        return nodes.putNode(who, id, performance, price, busy);
    }

    Withdrawn deleteNode(Token who, String id, boolean force) {
        return nodes.deleteNode(who, id, force);
    }

    List<NodeRow> nodes() {
        return nodes.nodes();
    }

    NodeView node(String id) {
        return nodes.node(id);
    }

    // ------------------------------------------------------------------------------------------- jobs

    /** Submits a job ({@link Submissions}: submissions that arrive together are committed together). */
    Submitted submit(Token who, JobRequest req, String idempotencyKey) {
        return submissions.submit(who, req, idempotencyKey);
    }

    JobRow job(Token who, String id) {
        return jobs.job(who, id);
    }

    List<JobRow> jobs(Token who, List<State> states, long after, int limit) {
        return jobs.jobs(who, states, after, limit);
    }

    JobRow cancel(Token who, String id) {
        return jobs.cancel(who, id);
    }

    /** Job {@code id} ended after {@code runtime} (null: now); see {@link JobOperations#finished}. */
    JobRow finished(Token who, String id, Double runtime) {
        return jobs.finished(who, id, runtime);
    }

    /** Why job {@code id} waits: its last cycle's reason (JSON), or what it is doing when it does not wait. */
    String why(Token who, String id) {
        return jobs.why(who, id);
    }

    // ----------------------------------------------------------------------------------------- cycles

    /** Runs a cycle now; null when no job is waiting. */
    CycleOutcome runCycle() {
        return cycles.runCycle();
    }

    String cycleText(long n, String what) {
        String s = db.read(c -> Store.cycleText(c, n, what));
        if (s == null) {
            throw ApiException.notFound("no cycle " + n);
        }
        return s;
    }

    List<Store.CycleRow> cycles(long after, int limit) {
        return db.read(c -> Store.cycles(c, after, limit));
    }

    List<Store.EventRow> events(long after, int limit) {
        return db.read(c -> EventStore.events(c, after, limit));
    }

    /** The retained events' numbers: the oldest, the newest and how many. */
    Store.EventSpan eventSpan() {
        return db.read(EventStore::eventSpan);
    }

    /**
     * Deletes the events older than {@code event-retention} (never the newest); returns how many. Called when the
     * service starts, whenever the manual clock moves, and every minute under the wall clock.
     */
    int pruneEvents() {
        Store.EventSpan span = eventSpan();
        if (span.count() <= 1) {
            return 0;
        }
        return ctx.tx(c -> EventStore.pruneEvents(c, clock.now() - config.eventRetention()));
    }

    // ------------------------------------------------------------------------------ quotes and accounts

    /** A quote accepted: the reserved job, whether it is new, or why the quote could not be accepted (job null). */
    record Accepted(JobRow job, boolean created, String stale) {}

    /** Makes and stores a quote for {@code req} now; returns its JSON. */
    String quote(Token who, JobRequest req) {
        return quotes.quote(who, req);
    }

    /** A new quote for the request of quote {@code id} (after it could not be accepted). */
    String requote(Token who, String id) {
        return quotes.requote(who, id);
    }

    /** Quote {@code id} as stored, for its user or the operator. */
    String quoteJson(Token who, String id) {
        return quotes.quoteJson(who, id);
    }

    /** Accepts quote {@code id}'s window of {@code criterion} (null: its first); see {@link QuoteOperations#accept}. */
    Accepted accept(Token who, String id, String criterion, String key) {
        return quotes.accept(who, id, criterion, key);
    }

    /** The figures of {@code account}, for the operator or a token of that account. */
    Ledger.Account account(Token who, String account) {
        return accounts.account(who, account);
    }

    /** Every account (the operator) or the caller's own. */
    List<Ledger.Account> accounts(Token who) {
        return accounts.accounts(who);
    }

    /** The sum of every ledger row (0 unless the ledger is broken), in currency units. */
    double ledgerTotal() {
        return accounts.ledgerTotal();
    }

    List<Ledger.Row> ledger(Token who, String account, long after, int limit) {
        return accounts.ledger(who, account, after, limit);
    }

    /** The operator credits {@code amount} to {@code account}. */
    Ledger.Account credit(String account, double amount, String memo) {
        return accounts.credit(account, amount, memo);
    }

    // ------------------------------------------------------------------------------------------ clock

    /**
     * Advances the manual clock by {@code by} or to {@code to}; with a cycle period, a cycle runs at every multiple
     * of it passed on the way (each at its own time). Returns the new time.
     */
    double advance(Double by, Double to) {
        return ticker.advance(by, to, () -> runCycle().ran());
    }

    /** Brings the jobs' states up to the clock: reservations that began run, windows that ended are done. */
    void tick() {
        ticker.tick();
    }

    /**
     * A number as an error message shows it, exactly enough to read back: the shortest decimal that parses back to
     * the same double, as JavaScript writes numbers: in plain notation from 1e-7 up to 1e21 (1700000000000000, 0.1,
     * 213.33333333333334), as {@code 1e300} or {@code 2.5e-8} outside.
     */
    static String num(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return Double.toString(d);
        }
        if (d == Math.rint(d) && Math.abs(d) <= 0x1p53) {
            return Long.toString((long) d);
        }
        BigDecimal exact = new BigDecimal(d);
        BigDecimal shortest = exact;
        for (int digits = 1; digits <= 17; digits++) {
            BigDecimal b = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (b.doubleValue() == d) {
                shortest = b;
                break;
            }
        }
        shortest = shortest.stripTrailingZeros();
        double a = Math.abs(d);
        if (a >= 1e-7 && a < 1e21) {
            return shortest.toPlainString();
        }
        String digits = shortest.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - shortest.scale();
        return (d < 0 ? "-" : "") + digits.charAt(0) + (digits.length() > 1 ? "." + digits.substring(1) : "") + "e"
                + exponent;
    }
}
