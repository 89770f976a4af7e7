package org.metasched.service;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.metasched.io.problem.ProblemReader;
import org.metasched.service.Metascheduler.JobRequest;
import org.metasched.service.Metascheduler.Submitted;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;

/** Job submissions, committed in groups: every submission that arrives while one commits waits for the next. */
final class Submissions {
    private final SchedulerContext ctx;

    Submissions(SchedulerContext ctx) {
        this.ctx = ctx;
    }

    /** A submission waiting for the next group commit, the thread that waits for it, and its answer. */
    private record Pending(
            Token who,
            JobRequest req,
            String key,
            Thread waiter,
            java.util.concurrent.CompletableFuture<Submitted> answer) {
        void complete(Submitted s) {
            answer.complete(s);
            java.util.concurrent.locks.LockSupport.unpark(waiter);
        }

        void fail(Throwable e) {
            answer.completeExceptionally(e);
            java.util.concurrent.locks.LockSupport.unpark(waiter);
        }
    }

    private final java.util.concurrent.ConcurrentLinkedQueue<Pending> submissions =
            new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.concurrent.locks.ReentrantLock committer = new java.util.concurrent.locks.ReentrantLock();

    /**
     * Submits a job. Submissions that arrive together are committed together (group commit): the first caller takes
     * every waiting submission into one transaction, each checked and answered on its own, and all of them are
     * durable when their callers are answered. A database that refuses the transaction refuses each of them whole.
     * The others wait parked; a committer that leaves submissions behind in the queue wakes the first of them to
     * commit the next group (and a waiter looks again every 50 ms in any case).
     */
    Submitted submit(Token who, JobRequest req, String idempotencyKey) {
        ctx.refuseWhenDraining();
        Pending mine = new Pending(
                who, req, idempotencyKey, Thread.currentThread(), new java.util.concurrent.CompletableFuture<>());
        submissions.add(mine);
        boolean interrupted = false;
        while (!mine.answer().isDone()) {
            if (committer.tryLock()) {
                try {
                    commitSubmissions();
                } finally {
                    committer.unlock();
                }
                Pending next = submissions.peek();
                if (next != null) { // left behind (they came during the commit, or beyond the group's 500)
                    java.util.concurrent.locks.LockSupport.unpark(next.waiter());
                }
            } else {
                java.util.concurrent.locks.LockSupport.parkNanos(this, 50_000_000L);
                if (Thread.interrupted()) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
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
            ctx.tx(c -> {
                outcome.clear();
                int nodeCount = countNodes(c);
                double fastest = fastestNode(c);
                // the group's jobs and events are inserted in two batches (one round trip each on PostgreSQL), run
                // before the transaction commits
                PreparedStatement jobs = ctx.db.writeStatement(c, JobStore.INSERT_JOB);
                PreparedStatement events = ctx.db.writeStatement(c, EventStore.INSERT_EVENT);
                jobs.clearBatch();
                events.clearBatch();
                Map<String, Keyed> byKey = new HashMap<>();
                int added = 0;
                for (Pending p : group) {
                    try {
                        Submitted s = submitOne(c, jobs, p.who(), p.req(), p.key(), nodeCount, fastest, byKey);
                        outcome.put(p, s);
                        added += s.created() ? 1 : 0;
                    } catch (ApiException e) {
                        outcome.put(p, e); // this one is refused; the others go on
                    }
                }
                if (added > 0) {
                    jobs.executeBatch();
                    events.executeBatch();
                }
                return null;
            });
        } catch (RuntimeException | Error e) {
            for (Pending p : group) {
                p.fail(e);
            }
            return;
        }
        for (Pending p : group) {
            Object o = outcome.get(p);
            if (o instanceof Submitted sub) {
                p.complete(sub);
            } else {
                p.fail((ApiException) o);
            }
        }
    }

    /** A job of this group submitted with an Idempotency-Key, and its request's hash (not yet in the database). */
    private record Keyed(Submitted submitted, String hash) {}

    /** Checks one submission and adds its job and event to the group's batches (executed by the caller). */
    private Submitted submitOne(
            Connection c,
            PreparedStatement jobs,
            Token who,
            JobRequest req,
            String idempotencyKey,
            int nodeCount,
            double fastest,
            Map<String, Keyed> byKey)
            throws SQLException {
        if (idempotencyKey != null) {
            Keyed same = byKey.get(who.name() + "\u0000" + idempotencyKey); // twice in one group
            if (same != null) {
                if (!req.hash().equals(same.hash())) {
                    throw keyReused(idempotencyKey, same.submitted().job().id());
                }
                return new Submitted(same.submitted().job(), false);
            }
            JobRow earlier = JobStore.jobByKey(c, who.name(), idempotencyKey);
            if (earlier != null) {
                if (!req.hash().equals(JobStore.requestHash(c, earlier.id()))) {
                    throw keyReused(idempotencyKey, earlier.id());
                }
                return new Submitted(earlier, false);
            }
        }
        requireTasksNotTiny(req, fastest);
        double now = ctx.clock.now();
        NumberLimits.requireTaskDistinct(req.volume(), fastest, now, ctx.config.horizon());
        if (req.nodes() > nodeCount) {
            throw ApiException.badInput(
                    "nodes",
                    "asks for " + req.nodes() + (req.nodes() == 1 ? " node" : " nodes") + " but the VO has " + nodeCount
                            + " now");
        }
        long seq = ctx.nextJob();
        JobRow j = BatchRows.queued("j" + seq, seq, who.name(), req.clientId(), req, now);
        // the request's hash is compared only when a later submission brings the same key: without a key it is not
        // stored (as for a job accepted from a quote), which saves a SHA-256 per submission
        String hash = idempotencyKey == null ? null : req.hash();
        JobStore.bindJob(jobs, j, idempotencyKey, hash, who.account());
        jobs.addBatch();
        ctx.eventInBatch(
                c,
                now,
                "job.submitted",
                j.id(),
                who.name(),
                EventData.of("nodes", req.nodes(), "budget", req.budget()));
        Submitted out = new Submitted(j, true);
        if (idempotencyKey != null) {
            byKey.put(who.name() + "\u0000" + idempotencyKey, new Keyed(out, hash));
        }
        return out;
    }

    /** The 422 of an Idempotency-Key that was used for another request, which made {@code job}. */
    static ApiException keyReused(String key, String job) {
        return new ApiException(
                422,
                "idempotency-key-reused",
                "Idempotency-Key '" + org.metasched.io.Text.shown(key) + "' was used for a different request (job "
                        + job + "); use a new key for a new request",
                null);
    }

    private static int countNodes(Connection c) throws SQLException {
        return SqlValues.first(c, "SELECT COUNT(*) FROM nodes", r -> r.getInt(1));
    }

    /** The performance of the fastest node now (0 with none). */
    private static double fastestNode(Connection c) throws SQLException {
        return SqlValues.first(c, "SELECT COALESCE(MAX(performance), 0) FROM nodes", r -> r.getDouble(1));
    }

    /**
     * Refuses a task so small that the fastest node could run more than a million of them in a cycle's horizon: the
     * search of its disjoint alternatives would not end (the rule of metasched batch's reader; a cycle leaves such a
     * job out by the nodes' actual free time, {@link Cycles}).
     */
    private void requireTasksNotTiny(JobRequest req, double fastest) {
        double work = fastest * ctx.config.horizon();
        if (work / req.volume() > ProblemReader.MAX_TASKS_PER_NODE) {
            throw ApiException.badInput(
                    "volume",
                    Metascheduler.num(req.volume()) + " is less than a millionth of what the fastest node (performance "
                            + Metascheduler.num(fastest) + ") runs in a cycle's horizon of "
                            + Metascheduler.num(ctx.config.horizon())
                            + "; the search of its disjoint alternatives would"
                            + " not end: "
                            + (Double.isInfinite(work)
                                    ? "no volume is large enough (that work is past the largest number, 1.8e308)"
                                    : "give a volume of at least "
                                            + Metascheduler.num(work / ProblemReader.MAX_TASKS_PER_NODE)));
        }
    }
}
