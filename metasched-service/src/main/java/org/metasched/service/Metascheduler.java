package org.metasched.service;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.metasched.batch.BatchExecution;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.io.JsonOutput;
import org.metasched.io.problem.BatchJson;
import org.metasched.model.Allocation;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.SlotRow;
import org.metasched.service.Store.State;
import org.metasched.timeline.ResourceDomain;
import tools.jackson.core.JsonGenerator;

/**
 * The virtual organization's metascheduler (P002): nodes, jobs, cycles and the clock, every state change one
 * transaction of the {@link Database}. A cycle takes the waiting jobs in submission order as a batch over the
 * nodes' slots at the cycle's time and plans it with {@link BatchScheduler} exactly as {@code metasched batch} does;
 * a job that ends early or is cancelled frees the rest of its window and, with backfilling on, the later reservations
 * move earlier by {@link BatchExecution#compress} (spec 3.8). No algorithm is implemented here.
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

    /** A slot a job holds. */
    record Hold(String job, double start, double end) {}

    /** What a cycle did: its number, time and its stored plan (the JSON {@code GET /v1/cycles/{n}} returns). */
    record CycleOutcome(
            long n, double time, int jobs, int reserved, int queued, int failed, double planMs, String plan) {}

    /** Told about each cycle, for metrics and the log. */
    interface CycleListener {
        void cycled(CycleOutcome outcome, double durationSeconds);
    }

    private final Database db;
    private final ServiceConfig config;
    private final ServiceClock clock;
    private final String instance;
    private CycleListener listener = (o, d) -> {};
    private Runnable committed = () -> {};
    private volatile boolean draining;

    // counters, guarded by the database's writer lock; reloaded after a failed transaction
    private long lastJob;
    private long lastNode;
    private long lastEvent;
    private long lastCycle;
    private boolean countersStale = true;

    private Metascheduler(Database db, ServiceConfig config, ServiceClock clock, String instance) {
        this.db = db;
        this.config = config;
        this.clock = clock;
        this.instance = instance;
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
        ServiceClock clock =
                new ServiceClock(config.clock(), Long.parseLong(stored[1]), Double.parseDouble(stored[2]), millis);
        return new Metascheduler(db, config, clock, instance);
    }

    private static String[] meta(Connection c) throws SQLException {
        return new String[] {Store.meta(c, "clock_mode"), Store.meta(c, "epoch_ms"), Store.meta(c, "manual_time")};
    }

    void listener(CycleListener l) {
        this.listener = l;
    }

    /** Told after every committed change (the live events wake up). */
    void onCommit(Runnable r) {
        this.committed = r;
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
        draining = true;
    }

    boolean draining() {
        return draining;
    }

    // ------------------------------------------------------------------------------------------ nodes

    Published putNode(Token who, String id, double performance, double price, List<Interval> busy) {
        return tx(c -> {
            double now = clock.now();
            NodeRow old = NodeStore.node(c, id);
            if (old != null && !old.owner().equals(who.name())) {
                throw ApiException.forbidden("node " + id + " belongs to another owner");
            }
            for (Hold h : holds(c, id)) {
                for (Interval iv : busy) {
                    if (Tolerance.lt(iv.start(), h.end()) && Tolerance.lt(h.start(), iv.end())) {
                        throw ApiException.conflict("busy interval [" + num(iv.start()) + ", " + num(iv.end())
                                + ") overlaps job " + h.job() + "'s reservation [" + num(h.start()) + ", "
                                + num(h.end()) + ") on node " + id + "; cancel the job or choose other times");
                    }
                }
            }
            NodeRow row =
                    new NodeRow(id, old == null ? ++lastNode : old.seq(), who.name(), performance, price, busy, now);
            if (old == null) {
                NodeStore.insertNode(c, row);
            } else {
                NodeStore.updateNode(c, row);
            }
            event(
                    c,
                    now,
                    old == null ? "node.published" : "node.updated",
                    id,
                    who.name(),
                    Map.of("performance", performance, "price", price, "busy", busy.size()));
            return new Published(row, old == null);
        });
    }

    Withdrawn deleteNode(Token who, String id, boolean force) {
        return tx(c -> {
            double now = clock.now();
            tick(c, now);
            NodeRow old = NodeStore.node(c, id);
            if (old == null) {
                throw ApiException.notFound("no node " + id);
            }
            if (who.role() != Role.OPERATOR && !old.owner().equals(who.name())) {
                throw ApiException.forbidden("node " + id + " belongs to another owner");
            }
            List<Hold> holds = holds(c, id);
            Map<String, State> affected = new LinkedHashMap<>();
            if (!holds.isEmpty() && !force) {
                List<String> jobs = new ArrayList<>();
                holds.forEach(h -> {
                    if (!jobs.contains(h.job())) {
                        jobs.add(h.job());
                    }
                });
                throw ApiException.conflict("node " + id + " holds the reservations of " + String.join(", ", jobs)
                        + "; DELETE with ?force=true cancels them (reserved jobs wait again, running ones fail)");
            }
            for (Hold h : holds) {
                if (affected.containsKey(h.job())) {
                    continue;
                }
                JobRow j = JobStore.job(c, h.job());
                if (j.state() == State.RESERVED) {
                    SlotStore.release(c, j.id());
                    JobStore.setState(
                            c,
                            j.id(),
                            State.QUEUED,
                            "its reservation was cancelled: node " + id + " was withdrawn",
                            j.cyclesWaited());
                    affected.put(j.id(), State.QUEUED);
                    event(c, now, "job.requeued", j.id(), j.owner(), Map.of("node", id));
                } else {
                    cutAt(c, j, now);
                    JobStore.end(
                            c,
                            j.id(),
                            State.FAILED,
                            "node " + id + " was withdrawn while it ran",
                            now - j.start(),
                            now);
                    affected.put(j.id(), State.FAILED);
                    event(c, now, "job.failed", j.id(), j.owner(), Map.of("node", id));
                }
            }
            NodeStore.deleteNode(c, id);
            event(c, now, "node.withdrawn", id, old.owner(), Map.of("jobs", affected.size()));
            if (!affected.isEmpty() && config.backfilling()) {
                compress(c, now);
                tick(c, now); // a job moved to now starts now
            }
            return new Withdrawn(id, affected);
        });
    }

    List<NodeRow> nodes() {
        return db.read(NodeStore::nodes);
    }

    NodeView node(String id) {
        return db.read(c -> {
            NodeRow n = NodeStore.node(c, id);
            if (n == null) {
                throw ApiException.notFound("no node " + id);
            }
            return new NodeView(n, holds(c, id));
        });
    }

    /** The slots held on node {@code id} by reserved and running jobs, by start. */
    private static List<Hold> holds(Connection c, String id) throws SQLException {
        List<Hold> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT s.job_id, s.start_time, s.end_time FROM slots s JOIN"
                + " jobs j ON j.id = s.job_id WHERE s.node_id = ? AND j.state IN ('reserved', 'running') ORDER BY"
                + " s.start_time, s.job_id")) {
            p.setString(1, id);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new Hold(r.getString(1), r.getDouble(2), r.getDouble(3)));
                }
            }
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------- jobs

    /** A submission waiting for the next group commit, and its answer. */
    private record Pending(
            Token who, JobRequest req, String key, java.util.concurrent.CompletableFuture<Submitted> answer) {}

    private final java.util.concurrent.ConcurrentLinkedQueue<Pending> submissions =
            new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.concurrent.locks.ReentrantLock committer = new java.util.concurrent.locks.ReentrantLock();

    /**
     * Submits a job. Submissions that arrive together are committed together (group commit): the first caller takes
     * every waiting submission into one transaction, each checked and answered on its own, and all of them are
     * durable when their callers are answered. A database that refuses the transaction refuses each of them whole.
     */
    Submitted submit(Token who, JobRequest req, String idempotencyKey) {
        if (draining) {
            throw ApiException.unavailable(
                    "the service is shutting down and accepts no changes; retry after it restarts");
        }
        Pending mine = new Pending(who, req, idempotencyKey, new java.util.concurrent.CompletableFuture<>());
        submissions.add(mine);
        while (!mine.answer().isDone()) {
            if (committer.tryLock()) {
                try {
                    commitSubmissions();
                } finally {
                    committer.unlock();
                }
            } else {
                try {
                    return mine.answer().get(50, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    // the committer may have taken its group before this one arrived: try again
                } catch (java.util.concurrent.ExecutionException e) {
                    throw rethrow(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw ApiException.unavailable("interrupted while the submission was committed");
                }
            }
        }
        try {
            return mine.answer().join();
        } catch (java.util.concurrent.CompletionException e) {
            throw rethrow(e.getCause());
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error err) {
            throw err;
        }
        return new IllegalStateException(t);
    }

    /** Takes up to 500 waiting submissions into one transaction; answers each. */
    private void commitSubmissions() {
        List<Pending> group = new ArrayList<>();
        for (Pending p; group.size() < 500 && (p = submissions.poll()) != null; ) {
            group.add(p);
        }
        if (group.isEmpty()) {
            return;
        }
        Map<Pending, Object> outcome = new HashMap<>();
        try {
            tx(c -> {
                outcome.clear();
                int nodeCount = countNodes(c);
                Map<String, Submitted> byKey = new HashMap<>();
                for (Pending p : group) {
                    try {
                        outcome.put(p, submitOne(c, p.who(), p.req(), p.key(), nodeCount, byKey));
                    } catch (ApiException e) {
                        outcome.put(p, e); // this one is refused; the others go on
                    }
                }
                return null;
            });
        } catch (RuntimeException | Error e) {
            for (Pending p : group) {
                p.answer().completeExceptionally(e);
            }
            return;
        }
        for (Pending p : group) {
            Object o = outcome.get(p);
            if (o instanceof Submitted sub) {
                p.answer().complete(sub);
            } else {
                p.answer().completeExceptionally((ApiException) o);
            }
        }
    }

    private Submitted submitOne(
            Connection c, Token who, JobRequest req, String idempotencyKey, int nodeCount, Map<String, Submitted> byKey)
            throws SQLException {
        if (idempotencyKey != null) {
            Submitted same = byKey.get(who.name() + "\u0000" + idempotencyKey); // twice in one group
            if (same != null) {
                if (!req.hash().equals(JobStore.requestHash(c, same.job().id()))) {
                    throw keyReused(idempotencyKey, same.job().id());
                }
                return new Submitted(same.job(), false);
            }
            JobRow earlier = JobStore.jobByKey(c, who.name(), idempotencyKey);
            if (earlier != null) {
                if (!req.hash().equals(JobStore.requestHash(c, earlier.id()))) {
                    throw keyReused(idempotencyKey, earlier.id());
                }
                return new Submitted(earlier, false);
            }
        }
        if (req.nodes() > nodeCount) {
            throw ApiException.badInput(
                    "nodes", "asks for " + req.nodes() + " nodes but the VO has " + nodeCount + " now");
        }
        double now = clock.now();
        long seq = ++lastJob;
        JobRow j = new JobRow(
                "j" + seq,
                seq,
                who.name(),
                req.clientId(),
                req.nodes(),
                req.volume(),
                req.budget(),
                req.criterion(),
                req.deadline(),
                req.minPerformance(),
                req.maxPrice(),
                State.QUEUED,
                null,
                now,
                0,
                0,
                0,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                List.of());
        JobStore.insertJob(c, j, idempotencyKey, req.hash(), who.account());
        event(c, now, "job.submitted", j.id(), who.name(), Map.of("nodes", req.nodes(), "budget", req.budget()));
        Submitted out = new Submitted(j, true);
        if (idempotencyKey != null) {
            byKey.put(who.name() + "\u0000" + idempotencyKey, out);
        }
        return out;
    }

    private static ApiException keyReused(String key, String job) {
        return new ApiException(
                422,
                "idempotency-key-reused",
                "Idempotency-Key '" + org.metasched.io.Text.shown(key) + "' was used for a different request (job "
                        + job + "); use a new key for a new job",
                null);
    }

    private static int countNodes(Connection c) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM nodes");
                ResultSet r = p.executeQuery()) {
            r.next();
            return r.getInt(1);
        }
    }

    JobRow job(Token who, String id) {
        JobRow j = db.read(c -> JobStore.job(c, id));
        if (j == null) {
            throw ApiException.notFound("no job " + id);
        }
        mayTouch(who, j);
        return j;
    }

    List<JobRow> jobs(Token who, List<State> states, long after, int limit) {
        String owner = who.role() == Role.OPERATOR ? null : who.name();
        return db.read(c -> JobStore.jobs(c, states, owner, after, limit));
    }

    private static void mayTouch(Token who, JobRow j) {
        if (who.role() != Role.OPERATOR && !j.owner().equals(who.name())) {
            throw ApiException.forbidden("job " + j.id() + " belongs to another user");
        }
    }

    JobRow cancel(Token who, String id) {
        return tx(c -> {
            double now = clock.now();
            tick(c, now);
            JobRow j = JobStore.job(c, id);
            if (j == null) {
                throw ApiException.notFound("no job " + id);
            }
            mayTouch(who, j);
            switch (j.state()) {
                case QUEUED -> JobStore.setState(
                        c, id, State.CANCELLED, "cancelled by " + who.name(), j.cyclesWaited());
                case RESERVED -> {
                    SlotStore.release(c, id);
                    JobStore.setState(c, id, State.CANCELLED, "cancelled by " + who.name(), j.cyclesWaited());
                }
                case RUNNING -> {
                    cutAt(c, j, now);
                    JobStore.end(
                            c,
                            id,
                            State.CANCELLED,
                            "cancelled by " + who.name() + " while running",
                            now - j.start(),
                            now);
                }
                default -> throw ApiException.conflict("job " + id + " is "
                        + j.state().shortName() + " already; only queued, reserved or running jobs can be cancelled");
            }
            event(
                    c,
                    now,
                    "job.cancelled",
                    id,
                    j.owner(),
                    Map.of("was", j.state().shortName()));
            if (j.state().holds() && config.backfilling()) {
                compress(c, now);
                tick(c, now);
            }
            return JobStore.job(c, id);
        });
    }

    /**
     * Job {@code id} ended after {@code runtime} (null: now): the rest of its window is free again (each slot
     * reserved for {@code len} ran {@code runtime / window runtime} of it, as in spec 3.8), and with backfilling on the
     * later reservations move earlier.
     */
    JobRow finished(Token who, String id, Double runtime) {
        return tx(c -> {
            double now = clock.now();
            tick(c, now);
            JobRow j = JobStore.job(c, id);
            if (j == null) {
                throw ApiException.notFound("no job " + id);
            }
            mayTouch(who, j);
            if (j.state() == State.RESERVED) {
                throw ApiException.conflict("job " + id + " has not started: its reservation starts at "
                        + num(j.start()) + ", the time is " + num(now));
            }
            if (j.state() != State.RUNNING) {
                throw ApiException.conflict("job " + id + " is " + j.state().shortName() + ", not running");
            }
            double r = runtime == null ? now - j.start() : runtime;
            if (!(r > 0) || Tolerance.gt(r, j.runtime())) {
                throw ApiException.badInput(
                        "runtime",
                        "must be > 0 and at most the reservation's runtime " + num(j.runtime()) + ", got " + num(r));
            }
            if (Tolerance.gt(j.start() + r, now)) {
                throw ApiException.conflict("job " + id + " cannot have finished yet: it started at " + num(j.start())
                        + ", so a runtime of " + num(r) + " ends at " + num(j.start() + r) + ", after the time "
                        + num(now));
            }
            double rho = Math.min(1, r / j.runtime());
            double[] ends = new double[j.slots().size()];
            for (int i = 0; i < ends.length; i++) {
                SlotRow s = j.slots().get(i);
                ends[i] = Math.min(s.plannedEnd(), s.start() + rho * (s.plannedEnd() - s.start()));
            }
            SlotStore.cutSlots(c, id, ends);
            JobStore.end(c, id, State.DONE, null, r, j.start() + r);
            event(c, now, "job.done", id, j.owner(), Map.of("runtime", r));
            if (config.backfilling()) {
                compress(c, now);
                tick(c, now);
            }
            return JobStore.job(c, id);
        });
    }

    /** A running job's slots end now (it stopped or failed): the rest is free again. */
    private static void cutAt(Connection c, JobRow j, double now) throws SQLException {
        double[] ends = new double[j.slots().size()];
        for (int i = 0; i < ends.length; i++) {
            SlotRow s = j.slots().get(i);
            ends[i] = Math.max(s.start(), Math.min(s.end(), now));
        }
        SlotStore.cutSlots(c, j.id(), ends);
    }

    // ----------------------------------------------------------------------------------------- cycles

    /** Runs a cycle now; null when no job is waiting. */
    CycleOutcome runCycle() {
        long t0 = System.nanoTime();
        CycleOutcome out = tx(c -> cycle(c, clock.now(), t0));
        if (out != null) {
            listener.cycled(out, (System.nanoTime() - t0) / 1e9);
        }
        return out;
    }

    private CycleOutcome cycle(Connection c, double now, long t0) throws SQLException {
        tick(c, now);
        List<JobRow> waiting = JobStore.jobs(c, List.of(State.QUEUED), null, 0, config.batchSize());
        if (waiting.isEmpty() || NodeStore.nodes(c).isEmpty()) {
            return null;
        }
        double end = now + config.horizon();
        VoDomain vo = VoDomain.at(c, now, end);
        List<Node> nodes = vo.nodes();
        List<List<Interval>> busy = vo.busy();
        ResourceDomain domain = vo.domain();
        List<JobRow> planned = new ArrayList<>();
        List<JobRow> unplannable = new ArrayList<>();
        for (JobRow j : waiting) {
            (j.nodes() <= nodes.size() ? planned : unplannable).add(j);
        }
        if (planned.isEmpty()) {
            return null;
        }
        // a job without any window would make the whole (sub-)batch infeasible (P002's cycle failure): with
        // drop-unplaceable on it waits and the others are planned again without it, until every job kept has a window
        List<JobRow> dropped = new ArrayList<>();
        long planStart = System.nanoTime();
        List<BatchJob> batch;
        BatchScheduler.Settings settings;
        BatchScheduler.Result result;
        while (true) {
            batch = new ArrayList<>();
            for (JobRow j : planned) {
                batch.add(batchJob(j));
            }
            settings = settings(batch.size());
            result = BatchScheduler.schedule(batch, domain.slots(), config.geometry(), settings);
            if (!config.dropUnplaceable() || result.feasible()) {
                break;
            }
            List<JobRow> keep = new ArrayList<>();
            List<JobRow> none = new ArrayList<>();
            for (int i = 0; i < planned.size(); i++) {
                (result.jobs().get(i).alternatives().isEmpty() ? none : keep).add(planned.get(i));
            }
            if (none.isEmpty() || keep.isEmpty()) {
                break;
            }
            dropped.addAll(none);
            planned = keep;
        }
        int k = batch.size();
        double planMs = (System.nanoTime() - planStart) / 1e6;
        long n = ++lastCycle;
        List<String> reserved = new ArrayList<>();
        List<String> queued = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        Map<String, Window> given = new LinkedHashMap<>();
        for (int i = 0; i < k; i++) {
            Window w = result.jobs().get(i).window();
            if (w != null) {
                given.put(planned.get(i).id(), w);
            }
        }
        Why.Context why = new Why.Context(
                n,
                domain.slots(),
                config.geometry(),
                end,
                settings,
                result.feasible() || config.scheme() == BatchScheduler.Scheme.BACKFILL
                        ? result.objective()
                        : Double.NaN,
                given);
        for (int i = 0; i < k; i++) {
            JobRow j = planned.get(i);
            BatchScheduler.JobResult jr = result.jobs().get(i);
            Window w = jr.window();
            Why reason;
            if (w != null && (Double.isNaN(j.deadline()) || Tolerance.le(w.finish(), j.deadline()))) {
                String account = Ledger.account(c, j, config::accountOf);
                long available = Ledger.available(c, account);
                if (Ledger.holdOf(w) <= available) {
                    SlotStore.reserve(
                            c, j.id(), n, i, w.start(), w.runtime(), w.cost(), w.processorTime(), slotRows(w));
                    Ledger.priceSlots(c, j.id(), config::accountOf);
                    Ledger.sync(c, now, j.id(), config::accountOf);
                    reserved.add(j.id());
                    event(
                            c,
                            now,
                            "job.reserved",
                            j.id(),
                            j.owner(),
                            Map.of("cycle", n, "start", w.start(), "cost", w.cost()));
                    continue;
                }
                reason = new Why(
                        n,
                        "balance",
                        "cycle " + n + " found a window costing " + num(w.cost()) + " (start " + num(w.start())
                                + "), but account " + account + " has " + num(Ledger.units(available))
                                + " available; ask the operator for credit",
                        w,
                        List.of(),
                        Double.NaN,
                        Double.NaN,
                        Map.of("account", account, "available", Ledger.units(available)));
            } else if (w != null) {
                reason = new Why(
                        n,
                        "deadline",
                        "cycle " + n + " found a window finishing at " + num(w.finish()) + ", after its deadline "
                                + num(j.deadline()),
                        w,
                        List.of(),
                        Double.NaN,
                        Double.NaN,
                        Map.of("deadline", j.deadline()));
            } else {
                reason = Why.explain(why, j, batch.get(i).request(), jr.alternatives());
            }
            waitOrFail(c, now, j, reason, queued, failed, reasons);
        }
        for (JobRow j : dropped) {
            waitOrFail(c, now, j, Why.explain(why, j, batchJob(j).request(), List.of()), queued, failed, reasons);
        }
        for (JobRow j : unplannable) {
            waitOrFail(
                    c,
                    now,
                    j,
                    Why.of(
                            n,
                            "too-few-nodes",
                            "cycle " + n + ": it needs " + j.nodes() + " nodes, the VO has " + nodes.size() + " now"),
                    queued,
                    failed,
                    reasons);
        }
        String input = BatchJson.problem(now, end, config.geometry(), nodes, busy, batch, settings);
        double durationMs = (System.nanoTime() - t0) / 1e6;
        List<String> droppedIds = new ArrayList<>();
        dropped.forEach(j -> droppedIds.add(j.id()));
        String plan = plan(n, now, settings, result, reserved, queued, failed, droppedIds, reasons, planMs, durationMs);
        Store.insertCycle(
                c,
                n,
                now,
                settings,
                result.feasible(),
                result.feasible() || config.scheme() == BatchScheduler.Scheme.BACKFILL
                        ? result.objective()
                        : Double.NaN,
                result.limit(),
                k,
                reserved.size(),
                queued.size(),
                failed.size(),
                durationMs,
                input,
                plan);
        event(
                c,
                now,
                "cycle.completed",
                Long.toString(n),
                null,
                Map.of("jobs", k, "reserved", reserved.size(), "queued", queued.size(), "failed", failed.size()));
        return new CycleOutcome(
                n,
                now,
                k + dropped.size() + unplannable.size(),
                reserved.size(),
                queued.size(),
                failed.size(),
                planMs,
                plan);
    }

    /** The batch settings for a batch of {@code k} jobs: the sub-batches and n_CSS capped at the batch size. */
    private BatchScheduler.Settings settings(int k) {
        return new BatchScheduler.Settings(
                config.scheme(),
                config.problem(),
                config.time(),
                Math.min(config.subBatches(), k),
                config.cssJobs() < 0 ? (k + 1) / 2 : Math.min(config.cssJobs(), k),
                config.quantum(),
                true); // as metasched batch: a choice the quantum may have cost is proven or corrected
    }

    private void waitOrFail(
            Connection c,
            double now,
            JobRow j,
            Why reason,
            List<String> queued,
            List<String> failed,
            Map<String, String> reasons)
            throws SQLException {
        int waited = j.cyclesWaited() + 1;
        String why = reason.message();
        JobStore.setWhy(c, j.id(), reason.json());
        if (waited >= config.maxCycles()) {
            String r = "no window in " + waited + " cycles (last: " + why + ")";
            JobStore.setState(c, j.id(), State.FAILED, r, waited);
            JobStore.end(c, j.id(), State.FAILED, r, Double.NaN, now);
            failed.add(j.id());
            reasons.put(j.id(), r);
            event(c, now, "job.failed", j.id(), j.owner(), Map.of("cycles", waited));
        } else {
            JobStore.setState(c, j.id(), State.QUEUED, why, waited);
            queued.add(j.id());
            reasons.put(j.id(), why);
        }
    }

    private static BatchJob batchJob(JobRequest r) {
        return new BatchJob(
                "quote",
                new ResourceRequest(r.nodes(), r.volume(), r.minPerformance(), r.budget(), 0, r.maxPrice()),
                r.criterion());
    }

    /** A stored quote's request read back. */
    private record JsonNodeRequest(
            int nodes, double volume, double budget, double deadline, double minPerformance, double maxPrice) {
        static JsonNodeRequest of(String json) {
            tools.jackson.databind.JsonNode n =
                    tools.jackson.databind.json.JsonMapper.builder().build().readTree(json);
            return new JsonNodeRequest(
                    n.get("nodes").asInt(),
                    n.get("volume").asDouble(),
                    n.get("budget").asDouble(),
                    n.get("deadline").isNull() ? Double.NaN : n.get("deadline").asDouble(),
                    n.get("minPerformance").asDouble(),
                    n.get("maxPrice").isNull()
                            ? Double.POSITIVE_INFINITY
                            : n.get("maxPrice").asDouble());
        }
    }

    private static BatchJob batchJob(JobRow j) {
        return new BatchJob(
                j.id(),
                new ResourceRequest(j.nodes(), j.volume(), j.minPerformance(), j.budget(), 0, j.maxPrice()),
                j.criterion());
    }

    private static List<SlotRow> slotRows(Window w) {
        List<SlotRow> out = new ArrayList<>();
        for (Allocation a : w.allocations()) {
            out.add(new SlotRow(a.node().id(), a.start(), a.end(), a.end()));
        }
        return out;
    }

    private static String plan(
            long n,
            double now,
            BatchScheduler.Settings s,
            BatchScheduler.Result result,
            List<String> reserved,
            List<String> queued,
            List<String> failed,
            List<String> dropped,
            Map<String, String> reasons,
            double planMs,
            double durationMs) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(w)) {
            g.writeStartObject();
            g.writeNumberProperty("cycle", n);
            g.writeName("time");
            JsonOutput.number(g, now);
            g.writeStringProperty("timeKind", s.time().shortName());
            g.writeNumberProperty("subBatches", s.subBatches());
            g.writeNumberProperty("cssJobs", s.cssJobs());
            g.writeName("quantum");
            JsonOutput.number(g, s.quantum());
            BatchJson.planFields(g, s.scheme(), s.problem(), result);
            ids(g, "reserved", reserved);
            ids(g, "queued", queued);
            ids(g, "failed", failed);
            ids(g, "dropped", dropped);
            g.writeName("reasons");
            g.writeStartObject();
            for (Map.Entry<String, String> e : reasons.entrySet()) {
                g.writeStringProperty(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeName("planMs");
            JsonOutput.number(g, Math.round(planMs * 1000) / 1000.0);
            g.writeName("durationMs");
            JsonOutput.number(g, Math.round(durationMs * 1000) / 1000.0);
            g.writeEndObject();
        }
        return w.toString();
    }

    private static void ids(JsonGenerator g, String name, List<String> ids) {
        g.writeName(name);
        g.writeStartArray();
        for (String id : ids) {
            g.writeString(id);
        }
        g.writeEndArray();
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
        return tx(c -> EventStore.pruneEvents(c, clock.now() - config.eventRetention()));
    }

    // ------------------------------------------------------------------------------ quotes and accounts

    /** A quote accepted: the reserved job, whether it is new, or why the quote could not be accepted (job null). */
    record Accepted(JobRow job, boolean created, String stale) {}

    /** Makes and stores a quote for {@code req} now; returns its JSON. */
    String quote(Token who, JobRequest req) {
        return tx(c -> {
            double now = clock.now();
            tick(c, now);
            double end = now + config.horizon();
            if (!Double.isNaN(req.deadline())) {
                end = Math.min(end, req.deadline());
            }
            if (!(end > now)) {
                throw ApiException.badInput(
                        "deadline", "must be after the current time " + num(now) + ", got " + num(req.deadline()));
            }
            VoDomain vo = VoDomain.at(c, now, end);
            ResourceRequest request = batchJob(req).request();
            List<Quotes.Offer> offers = vo.nodes().size() < req.nodes()
                    ? List.of()
                    : Quotes.offers(vo.domain().slots(), request, config.geometry(), req.deadline());
            String reason = null;
            if (offers.isEmpty()) {
                reason = vo.nodes().size() < req.nodes()
                        ? "it needs " + req.nodes() + " nodes, the VO has "
                                + vo.nodes().size() + " now"
                        : Why.explain(
                                        new Why.Context(
                                                0,
                                                vo.domain().slots(),
                                                config.geometry(),
                                                end,
                                                settings(1),
                                                Double.NaN,
                                                Map.of()),
                                        new JobRow(
                                                "quote",
                                                0,
                                                who.name(),
                                                null,
                                                req.nodes(),
                                                req.volume(),
                                                req.budget(),
                                                req.criterion(),
                                                req.deadline(),
                                                req.minPerformance(),
                                                req.maxPrice(),
                                                State.QUEUED,
                                                null,
                                                now,
                                                0,
                                                0,
                                                0,
                                                Double.NaN,
                                                Double.NaN,
                                                Double.NaN,
                                                Double.NaN,
                                                Double.NaN,
                                                Double.NaN,
                                                List.of()),
                                        request,
                                        List.of())
                                .message()
                                .replaceFirst("^cycle 0 found|^cycle 0:", "now:");
            }
            long seq = Store.max(c, "quotes", "seq") + 1;
            Quotes.Quote q = new Quotes.Quote(
                    "q" + seq,
                    who.name(),
                    now,
                    now + config.quoteTtl(),
                    Quotes.requestJson(req),
                    Quotes.windowsJson(offers, vo),
                    null,
                    null,
                    null);
            Quotes.insert(c, q);
            return Quotes.json(q, now, reason);
        });
    }

    /** A new quote for the request of quote {@code id} (after it could not be accepted). */
    String requote(Token who, String id) {
        Quotes.Quote q = db.read(c -> Quotes.find(c, id));
        JsonNodeRequest r = JsonNodeRequest.of(q.request());
        return quote(
                who,
                new JobRequest(
                        r.nodes(),
                        r.volume(),
                        r.budget(),
                        BatchJob.Criterion.COST,
                        r.deadline(),
                        null,
                        r.minPerformance(),
                        r.maxPrice()));
    }

    /** Quote {@code id} as stored, for its user or the operator. */
    String quoteJson(Token who, String id) {
        return db.read(c -> {
            Quotes.Quote q = Quotes.find(c, id);
            if (q == null || (who.role() != Role.OPERATOR && !q.owner().equals(who.name()))) {
                throw ApiException.notFound("no quote " + id);
            }
            return Quotes.json(q, clock.now(), null);
        });
    }

    /**
     * Accepts quote {@code id}'s window of {@code criterion} (null: its first): reserves exactly that window if its
     * slots are still free and the quote has not expired, holding its cost on the user's account.
     */
    Accepted accept(Token who, String id, String criterion, String key) {
        return tx(c -> {
            double now = clock.now();
            tick(c, now);
            Quotes.Quote q = Quotes.find(c, id);
            if (q == null || !q.owner().equals(who.name())) {
                throw ApiException.notFound("no quote " + id);
            }
            Quotes.Quoted w = Quotes.window(q, criterion);
            if (q.job() != null) {
                boolean same = key != null ? key.equals(q.key()) : w.criterion().equals(q.criterion());
                if (same) {
                    return new Accepted(JobStore.job(c, q.job()), false, null);
                }
                throw ApiException.conflict("quote " + id + " was accepted already (" + q.criterion() + ", job "
                        + q.job() + ")" + (key != null ? " with another Idempotency-Key" : ""));
            }
            if (Tolerance.gt(now, q.expires())) {
                return new Accepted(
                        null,
                        false,
                        "quote " + id + " expired at " + num(q.expires()) + " (the time is " + num(now) + ")");
            }
            String stale = Quotes.stale(c, w);
            if (stale != null) {
                return new Accepted(
                        null,
                        false,
                        "the " + w.criterion() + " window of quote " + id + " is not free any more: " + stale);
            }
            long available = Ledger.available(c, who.account());
            if (w.hold() > available) {
                throw new ApiException(
                        402,
                        "insufficient-funds",
                        "the " + w.criterion() + " window costs " + num(w.cost()) + " but account " + who.account()
                                + " has " + num(Ledger.units(available)) + " available; nothing was reserved",
                        null);
            }
            JsonNodeRequest r = JsonNodeRequest.of(q.request());
            long seq = ++lastJob;
            JobRow j = new JobRow(
                    "j" + seq,
                    seq,
                    who.name(),
                    null,
                    r.nodes(),
                    r.volume(),
                    r.budget(),
                    Quotes.Criterion.parse(w.criterion()).job,
                    r.deadline(),
                    r.minPerformance(),
                    r.maxPrice(),
                    State.QUEUED,
                    null,
                    now,
                    0,
                    0,
                    0,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    List.of());
            JobStore.insertJob(c, j, null, null, who.account());
            event(c, now, "job.submitted", j.id(), who.name(), Map.of("quote", id));
            SlotStore.reserve(c, j.id(), 0, 0, w.start(), w.runtime(), w.cost(), w.processorTime(), w.slotRows());
            Quotes.accepted(c, id, j.id(), w.criterion(), key);
            Ledger.priceSlots(c, j.id(), config::accountOf);
            Ledger.sync(c, now, j.id(), config::accountOf);
            event(
                    c,
                    now,
                    "job.reserved",
                    j.id(),
                    who.name(),
                    Map.of("quote", id, "start", w.start(), "cost", w.cost()));
            tick(c, now); // a window that began since the quote starts now
            return new Accepted(JobStore.job(c, j.id()), true, null);
        });
    }

    /** The figures of {@code account}, for the operator or a token of that account. */
    Ledger.Account account(Token who, String account) {
        mayRead(who, account);
        return db.read(c -> {
            Ledger.Account a = Ledger.account(c, account);
            if (a == null) {
                if (!config.hasAccount(account) && !account.equals(Ledger.ISSUANCE)) {
                    throw ApiException.notFound("no account " + account);
                }
                return new Ledger.Account(account, 0, 0, 0, 0, 0);
            }
            return a;
        });
    }

    /** Every account (the operator) or the caller's own. */
    List<Ledger.Account> accounts(Token who) {
        return db.read(c -> {
            java.util.TreeSet<String> names = new java.util.TreeSet<>(Ledger.accounts(c));
            config.tokens().stream().filter(t -> t.role() != Role.OPERATOR).forEach(t -> names.add(t.account()));
            List<Ledger.Account> out = new ArrayList<>();
            for (String n : names) {
                if (who.role() == Role.OPERATOR || who.account().equals(n)) {
                    Ledger.Account a = Ledger.account(c, n);
                    out.add(a != null ? a : new Ledger.Account(n, 0, 0, 0, 0, 0));
                }
            }
            return out;
        });
    }

    /** The sum of every ledger row (0 unless the ledger is broken), in currency units. */
    double ledgerTotal() {
        return db.read(c -> Ledger.units(Ledger.total(c)));
    }

    List<Ledger.Row> ledger(Token who, String account, long after, int limit) {
        mayRead(who, account);
        account(who, account); // 404 for an unknown account
        return db.read(c -> Ledger.rows(c, account, after, limit));
    }

    /** The operator credits {@code amount} to {@code account}. */
    Ledger.Account credit(String account, double amount, String memo) {
        if (!config.hasAccount(account)) {
            throw ApiException.notFound("no account " + account + ": no owner's or user's token has it"
                    + " (service.yaml's tokens: account, default the token's name)");
        }
        return tx(c -> {
            double now = clock.now();
            Ledger.credit(c, now, account, Ledger.micros(amount), memo);
            event(c, now, "account.credited", account, null, Map.of("amount", amount));
            return Ledger.account(c, account);
        });
    }

    private static void mayRead(Token who, String account) {
        if (who.role() != Role.OPERATOR && !who.account().equals(account)) {
            throw ApiException.forbidden("account " + account + " is not yours");
        }
    }

    /** Why job {@code id} waits: its last cycle's reason (JSON), or what it is doing when it does not wait. */
    String why(Token who, String id) {
        JobRow j = job(who, id);
        String stored = db.read(c -> JobStore.why(c, id));
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("job", j.id());
            g.writeStringProperty("state", j.state().shortName());
            g.writeBooleanProperty("waiting", j.state() == State.QUEUED);
            g.writeNumberProperty("cyclesWaited", j.cyclesWaited());
            g.writeName("why");
            if (j.state() == State.QUEUED && stored != null) {
                g.writeRawValue(stored);
            } else {
                Why w = j.state() == State.QUEUED
                        ? Why.of(0, "not-planned", "no cycle has planned it yet: it waits for the next cycle")
                        : Why.of(
                                j.cycle(),
                                j.state().shortName(),
                                "it does not wait: it is " + j.state().shortName()
                                        + (j.reason() != null ? " (" + j.reason() + ")" : "")
                                        + (j.hasReservation()
                                                ? ", window " + num(j.start()) + "-" + num(j.finish()) + ", cost "
                                                        + num(j.cost())
                                                : ""));
                g.writeRawValue(w.json());
            }
            g.writeEndObject();
        }
        return s.toString();
    }

    // ----------------------------------------------------------------------------------- backfilling

    /**
     * Moves every reserved job, in backfilling order, to the earliest AMP window from {@code now} on
     * ({@link BatchExecution#compress}); the running jobs keep what they hold.
     */
    private void compress(Connection c, double now) throws SQLException {
        List<NodeRow> nodeRows = NodeStore.nodes(c);
        List<Node> nodes = new ArrayList<>();
        Map<String, Node> byId = new HashMap<>();
        for (NodeRow n : nodeRows) {
            Node node = new Node(nodes.size(), n.id(), n.performance(), n.price());
            nodes.add(node);
            byId.put(n.id(), node);
        }
        if (nodes.isEmpty()) {
            return;
        }
        List<JobRow> holding = JobStore.holding(c);
        double end = now + config.horizon();
        for (JobRow h : holding) {
            for (SlotRow s : h.slots()) {
                end = Math.max(end, s.end());
            }
        }
        ResourceDomain domain = new ResourceDomain(nodes, now, end);
        for (NodeRow n : nodeRows) {
            for (Interval iv : n.busy()) {
                domain.addBusy(byId.get(n.id()).index(), iv);
            }
        }
        List<JobRow> reserved = new ArrayList<>();
        java.util.Set<String> quoted = JobStore.quotedReservations(c);
        for (JobRow h : holding) {
            if (h.state() == State.RUNNING || quoted.contains(h.id())) { // an accepted quote keeps its window
                for (SlotRow s : h.slots()) {
                    domain.addBusy(byId.get(s.node()).index(), new Interval(s.start(), s.end()));
                }
            } else {
                reserved.add(h);
            }
        }
        if (reserved.isEmpty()) {
            return;
        }
        BatchExecution.FreeTime free = new BatchExecution.FreeTime(nodes, domain.slots());
        Window[] windows = new Window[reserved.size()];
        List<BatchJob> jobs = new ArrayList<>();
        String[] accounts = new String[windows.length];
        for (int i = 0; i < windows.length; i++) {
            JobRow j = reserved.get(i);
            List<Allocation> allocs = new ArrayList<>();
            for (SlotRow s : j.slots()) {
                Node node = byId.get(s.node());
                allocs.add(new Allocation(new Slot(node, s.start(), s.end()), s.start(), s.end()));
            }
            windows[i] = new Window(j.start(), j.runtime(), j.cost(), j.processorTime(), allocs);
            free.reserve(windows[i]);
            jobs.add(batchJob(j));
            accounts[i] = Ledger.account(c, j, config::accountOf);
        }
        // one job at a time, in backfilling order, as BatchExecution.compress takes them: a move may cost more than
        // the window it leaves, at most what the job's account can still add to its holds after the earlier moves
        // of this pass (several moved jobs of one account never overdraw it together)
        Map<String, Long> left = new HashMap<>();
        boolean[] moved = new boolean[windows.length];
        for (int i = 0; i < windows.length; i++) {
            JobRow j = reserved.get(i);
            if (!left.containsKey(accounts[i])) {
                left.put(accounts[i], Ledger.available(c, accounts[i]));
            }
            long available = left.get(accounts[i]);
            double affordable =
                    available == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : j.cost() + Ledger.units(available);
            BatchJob bj = jobs.get(i);
            jobs.set(
                    i,
                    new BatchJob(bj.id(), bj.request().withBudget(Math.min(j.budget(), affordable)), bj.criterion()));
            boolean[] only = new boolean[windows.length];
            only[i] = true;
            Window before = windows[i];
            moved[i] = BatchExecution.compress(jobs, windows, only, free, now, config.geometry())[i];
            if (moved[i] && available != Long.MAX_VALUE) {
                left.put(accounts[i], available - (Ledger.holdOf(windows[i]) - Ledger.holdOf(before)));
            }
        }
        for (int i = 0; i < windows.length; i++) {
            if (moved[i]) {
                JobRow j = reserved.get(i);
                Window w = windows[i];
                SlotStore.reserve(
                        c,
                        j.id(),
                        j.cycle(),
                        j.batchPos(),
                        w.start(),
                        w.runtime(),
                        w.cost(),
                        w.processorTime(),
                        slotRows(w));
                Ledger.priceSlots(c, j.id(), config::accountOf);
                event(c, now, "job.moved", j.id(), j.owner(), Map.of("from", j.start(), "start", w.start()));
            }
        }
    }

    // ------------------------------------------------------------------------------------------ clock

    /**
     * Advances the manual clock by {@code by} or to {@code to}; with a cycle period, a cycle runs at every multiple
     * of it passed on the way (each at its own time). Returns the new time.
     */
    double advance(Double by, Double to) {
        if (clock.mode() != ServiceConfig.ClockMode.MANUAL) {
            throw ApiException.conflict(
                    "the clock is the wall clock; start the service with --clock manual to move" + " it by hand");
        }
        double t0 = clock.now();
        double t1 = to != null ? to : t0 + by;
        if (to != null && t1 < t0) {
            throw ApiException.badInput("to", "must not be before the current time " + num(t0) + ", got " + num(t1));
        }
        if (config.cyclePeriod() > 0) {
            double p = config.cyclePeriod();
            for (long k = (long) Math.floor(t0 / p) + 1; k * p <= t1; k++) {
                moveTo(k * p);
                runCycle();
            }
        }
        moveTo(t1);
        return t1;
    }

    private void moveTo(double t) {
        tx(c -> {
            Store.setMeta(c, "manual_time", Double.toString(t));
            tick(c, t);
            event(c, t, "clock.moved", null, null, Map.of("time", t));
            EventStore.pruneEvents(c, t - config.eventRetention());
            return null;
        });
        clock.set(t);
    }

    /** Brings the jobs' states up to the clock: reservations that began run, windows that ended are done. */
    void tick() {
        tx(c -> {
            tick(c, clock.now());
            return null;
        });
    }

    private void tick(Connection c, double now) throws SQLException {
        double t = now + Tolerance.at(now);
        List<String> started = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement(
                "SELECT id, owner FROM jobs WHERE state = 'reserved' AND start_time <= ? ORDER BY seq")) {
            p.setDouble(1, t);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    started.add(r.getString(1));
                    event(c, now, "job.started", r.getString(1), r.getString(2), Map.of());
                }
            }
        }
        for (String id : started) {
            JobRow j = JobStore.job(c, id);
            JobStore.setState(c, id, State.RUNNING, null, j.cyclesWaited());
        }
        List<String[]> done = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT id, owner, start_time, runtime FROM jobs WHERE state ="
                + " 'running' AND start_time + runtime <= ? ORDER BY seq")) {
            p.setDouble(1, t);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    done.add(new String[] {
                        r.getString(1), r.getString(2), Double.toString(r.getDouble(3)), Double.toString(r.getDouble(4))
                    });
                }
            }
        }
        for (String[] d : done) {
            double start = Double.parseDouble(d[2]);
            double runtime = Double.parseDouble(d[3]);
            JobStore.end(c, d[0], State.DONE, null, runtime, start + runtime);
            event(c, now, "job.done", d[0], d[1], Map.of("runtime", runtime));
        }
        List<String[]> late = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT id, owner, deadline, cycles_waited FROM jobs WHERE state"
                + " = 'queued' AND deadline IS NOT NULL AND deadline <= ? ORDER BY seq")) {
            p.setDouble(1, t);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    late.add(new String[] {r.getString(1), r.getString(2), Double.toString(r.getDouble(3))});
                }
            }
        }
        for (String[] d : late) {
            JobStore.end(
                    c,
                    d[0],
                    State.FAILED,
                    "its deadline " + num(Double.parseDouble(d[2])) + " passed while it waited",
                    Double.NaN,
                    now);
            event(c, now, "job.failed", d[0], d[1], Map.of("deadline", Double.parseDouble(d[2])));
        }
    }

    // ---------------------------------------------------------------------------------------- helpers

    /** One write transaction; the counters are reloaded from the database after any failure. */
    private <T> T tx(Database.Work<T> work) {
        if (draining) {
            throw ApiException.unavailable(
                    "the service is shutting down and accepts no changes; retry after it" + " restarts");
        }
        try {
            T out = db.write(c -> {
                if (countersStale) {
                    lastJob = Store.max(c, "jobs", "seq");
                    lastNode = Store.max(c, "nodes", "seq");
                    lastEvent = Store.max(c, "events", "seq");
                    lastCycle = Store.max(c, "cycles", "n");
                    countersStale = false;
                }
                long from = lastEvent;
                T result = work.run(c);
                settle(c, from);
                return result;
            });
            committed.run();
            return out;
        } catch (RuntimeException | Error e) {
            countersStale = true;
            throw e;
        }
    }

    /** Brings the ledger up to every job that changed since event {@code from} (in this transaction). */
    private void settle(Connection c, long from) throws SQLException {
        Map<String, Double> changed = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT subject, at_time FROM events WHERE seq > ? AND kind LIKE"
                + " 'job.%' AND kind <> 'job.submitted' ORDER BY seq")) {
            p.setLong(1, from);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    changed.put(r.getString(1), r.getDouble(2));
                }
            }
        }
        for (Map.Entry<String, Double> e : changed.entrySet()) {
            Ledger.sync(c, e.getValue(), e.getKey(), config::accountOf);
        }
    }

    private void event(Connection c, double now, String kind, String subject, String owner, Map<String, ?> data)
            throws SQLException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(w)) {
            g.writeStartObject();
            for (Map.Entry<String, ?> e : data.entrySet()) {
                g.writeName(e.getKey());
                if (e.getValue() instanceof Number x) {
                    JsonOutput.number(g, x.doubleValue());
                } else {
                    g.writeString(String.valueOf(e.getValue()));
                }
            }
            g.writeEndObject();
        }
        EventStore.insertEvent(c, new Store.EventRow(++lastEvent, now, kind, subject, owner, w.toString()));
    }

    static String num(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return String.format(Locale.ROOT, "%.6g", d).replaceFirst("\\.?0+$", "");
    }
}
