package org.metasched.service;

import static org.metasched.service.Metascheduler.num;

import java.io.StringWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.io.JsonOutput;
import org.metasched.io.problem.BatchJson;
import org.metasched.io.problem.ProblemReader;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.service.Metascheduler.CycleListener;
import org.metasched.service.Metascheduler.CycleOutcome;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.State;
import org.metasched.timeline.ResourceDomain;
import tools.jackson.core.JsonGenerator;

/**
 * A cycle: the waiting jobs in submission order as a batch over the nodes' slots at the cycle's time, planned by
 * {@link BatchScheduler} exactly as {@code metasched batch} does; each job reserved, left waiting with why, or failed;
 * the plan stored as JSON.
 */
final class Cycles {
    private final SchedulerContext ctx;
    private final Ticker ticker;
    private CycleListener listener = (o, d) -> {};

    Cycles(SchedulerContext ctx, Ticker ticker) {
        this.ctx = ctx;
        this.ticker = ticker;
    }

    void listener(CycleListener l) {
        this.listener = l;
    }

    /**
     * Runs a cycle now: one is recorded whenever a job waits and a node is published, even when every waiting job is
     * left out of the batch (too-few-nodes, too-small): each of them is told why and counts the cycle toward
     * max-cycles, as beside a planned job. Otherwise {@link CycleOutcome#nothing} says which of the two is missing.
     */
    CycleOutcome runCycle() {
        long t0 = System.nanoTime();
        CycleOutcome out = ctx.tx(c -> cycle(c, ctx.clock.now(), t0));
        if (out.ran()) {
            listener.cycled(out, (System.nanoTime() - t0) / 1e9);
        }
        return out;
    }

    /** Why a cycle now would have nothing to plan (no job waits, or no node is published), or null. */
    static String nothingToPlan(Connection c) throws SQLException {
        long waiting = SqlValues.first(c, "SELECT COUNT(*) FROM jobs WHERE state = 'queued'", r -> r.getLong(1));
        boolean nodes = !NodeStore.nodes(c).isEmpty();
        if (waiting == 0) {
            return nodes
                    ? "no job is waiting: nothing to plan"
                    : "no job is waiting and no node is published: nothing to plan";
        }
        return nodes
                ? null
                : "no node is published: nothing to plan (" + waiting + (waiting == 1 ? " job waits" : " jobs wait")
                        + "; a cycle plans once an owner publishes one)";
    }

    /**
     * Why {@code j} is not planned on {@code domain} because its task is so small that the search of its disjoint
     * alternatives would not end (the rule of metasched batch's reader, {@link ProblemReader#requireFewAlternatives}),
     * or null. Such a job (a volume of 1e-6, say) held a cycle, and the service, for as long as it ran. Also one whose
     * task on the fastest node is shorter than {@link NumberLimits#shortestTask} at the cycle's time (a node made
     * faster, or the clock moved far, since it was submitted): its window would end where it starts.
     */
    private static String tooSmall(
            ResourceDomain domain, double mostWork, List<Node> nodes, double now, double end, JobRow j) {
        ResourceRequest r = BatchRows.batchJob(j).request();
        if (mostWork / r.volume() > ProblemReader.MAX_TASKS_PER_NODE) {
            return ProblemReader.tinyTasks("its volume", domain, r, NumberLimits.SHOWN);
        }
        double fastest = 0;
        for (Node n : nodes) {
            fastest = Math.max(fastest, n.performance());
        }
        double shortest = NumberLimits.shortestTask(now, end - now);
        return fastest > 0 && r.volume() / fastest < shortest
                ? "its task of " + Metascheduler.num(r.volume() / fastest) + " on the fastest node (performance "
                        + Metascheduler.num(fastest) + ") is shorter than the " + Metascheduler.num(shortest)
                        + " the service's times tell apart from " + Metascheduler.num(now) + " to "
                        + Metascheduler.num(end) + ": its window would end where it starts"
                : null;
    }

    private CycleOutcome cycle(Connection c, double now, long t0) throws SQLException {
        ticker.tick(c, now);
        String nothing = nothingToPlan(c);
        if (nothing != null) {
            return CycleOutcome.nothing(now, nothing);
        }
        double end = NumberLimits.horizonEnd(now, ctx.config.horizon());
        if (!(end > now)) {
            return CycleOutcome.nothing(now, "the clock is at its latest time, " + num(now) + ": no window can start");
        }
        List<JobRow> waiting = JobStore.jobs(c, List.of(State.QUEUED), null, 0, ctx.config.batchSize());
        VoDomain vo = VoDomain.at(c, now, end);
        List<Node> nodes = vo.nodes();
        List<List<Interval>> busy = vo.busy();
        ResourceDomain domain = vo.domain();
        List<JobRow> planned = new ArrayList<>();
        List<JobRow> unplannable = new ArrayList<>();
        Map<JobRow, String> tooSmall = new LinkedHashMap<>();
        double mostWork = ProblemReader.mostFreeWork(domain.slots()); // once: every job's check compares with it
        for (JobRow j : waiting) {
            String small = j.nodes() <= nodes.size() ? tooSmall(domain, mostWork, nodes, now, end, j) : null;
            if (small != null) {
                tooSmall.put(j, small);
            } else {
                (j.nodes() <= nodes.size() ? planned : unplannable).add(j);
            }
        }
        // a job without any window would make the whole (sub-)batch infeasible (P002's cycle failure): with
        // drop-unplaceable on it waits and the others are planned again without it, until every job kept has a window
        List<JobRow> dropped = new ArrayList<>();
        long planStart = System.nanoTime();
        List<BatchJob> batch = List.of();
        // every waiting job left out (too-few-nodes, too-small): still a cycle, of an empty batch, whose plan is
        // BatchScheduler.EMPTY under every scheme (feasible, nothing chosen, objective 0, no DP limit); journal replay
        // gives the same plan for such a cycle
        BatchScheduler.Settings settings = BatchRows.settings(ctx.config, 0);
        BatchScheduler.Result result = BatchScheduler.EMPTY;
        while (!planned.isEmpty()) {
            batch = new ArrayList<>();
            for (JobRow j : planned) {
                batch.add(BatchRows.batchJob(j));
            }
            settings = BatchRows.settings(ctx.config, batch.size());
            result = BatchScheduler.schedule(batch, domain.slots(), ctx.config.geometry(), settings);
            if (!ctx.config.dropUnplaceable() || result.feasible()) {
                break;
            }
            List<JobRow> keep = new ArrayList<>();
            List<JobRow> none = new ArrayList<>();
            for (int i = 0; i < planned.size(); i++) {
                (result.jobs().get(i).alternatives().isEmpty() ? none : keep).add(planned.get(i));
            }
            if (none.isEmpty()) {
                break;
            }
            dropped.addAll(none);
            planned = keep;
            if (keep.isEmpty()) { // every job dropped, a lone one too: the cycle plans the empty batch, as above
                batch = List.of();
                settings = BatchRows.settings(ctx.config, 0);
                result = BatchScheduler.EMPTY;
            }
        }
        int k = batch.size();
        double planMs = (System.nanoTime() - planStart) / 1e6;
        long n = ctx.nextCycle();
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
                nodes,
                domain.slots(),
                ctx.config.geometry(),
                end,
                settings,
                result.feasible() || ctx.config.scheme() == BatchScheduler.Scheme.BACKFILL
                        ? result.objective()
                        : Double.NaN,
                given);
        for (int i = 0; i < k; i++) {
            JobRow j = planned.get(i);
            BatchScheduler.JobResult jr = result.jobs().get(i);
            Window w = jr.window();
            Why reason;
            if (w != null && (Double.isNaN(j.deadline()) || Tolerance.le(w.finish(), j.deadline()))) {
                String account = Ledger.account(c, j, ctx.config::accountOf);
                long available = Ledger.available(c, account);
                if (Ledger.holdOf(w) <= available) {
                    SlotStore.reserve(
                            c,
                            j.id(),
                            n,
                            i,
                            w.start(),
                            w.runtime(),
                            w.cost(),
                            w.processorTime(),
                            BatchRows.slotRows(w));
                    Ledger.priceSlots(c, j.id(), ctx.config::accountOf);
                    Ledger.sync(c, now, j.id(), ctx.config::accountOf);
                    reserved.add(j.id());
                    ctx.event(
                            c,
                            now,
                            "job.reserved",
                            j.id(),
                            j.owner(),
                            EventData.of("cycle", n, "start", w.start(), "cost", w.cost()));
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
                        EventData.of("account", account, "available", Ledger.units(available)));
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
            waitOrFail(
                    c,
                    now,
                    j,
                    Why.explain(why, j, BatchRows.batchJob(j).request(), List.of()),
                    queued,
                    failed,
                    reasons);
        }
        for (Map.Entry<JobRow, String> e : tooSmall.entrySet()) {
            waitOrFail(
                    c,
                    now,
                    e.getKey(),
                    Why.of(n, "too-small", "cycle " + n + ": " + e.getValue()),
                    queued,
                    failed,
                    reasons);
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
        String input = BatchJson.problem(now, end, ctx.config.geometry(), nodes, busy, batch, settings);
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
                result.feasible() || ctx.config.scheme() == BatchScheduler.Scheme.BACKFILL
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
        ctx.event(
                c,
                now,
                "cycle.completed",
                Long.toString(n),
                null,
                EventData.of("jobs", k, "reserved", reserved.size(), "queued", queued.size(), "failed", failed.size()));
        ticker.tick(c, now); // a window that starts now runs at once, as an accepted quote's does
        return new CycleOutcome(
                n,
                now,
                k + dropped.size() + unplannable.size() + tooSmall.size(),
                reserved.size(),
                queued.size(),
                failed.size(),
                planMs,
                plan,
                null);
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
        if (waited >= ctx.config.maxCycles()) {
            String r = "no window in " + waited + " cycles (last: " + why + ")";
            JobStore.setState(c, j.id(), State.FAILED, r, waited);
            JobStore.end(c, j.id(), State.FAILED, r, Double.NaN, now);
            failed.add(j.id());
            reasons.put(j.id(), r);
            ctx.event(c, now, "job.failed", j.id(), j.owner(), Map.of("cycles", waited));
        } else {
            JobStore.setState(c, j.id(), State.QUEUED, why, waited);
            queued.add(j.id());
            reasons.put(j.id(), why);
        }
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
            JsonOutput.number(g, "time", now);
            g.writeStringProperty("timeKind", s.time().name());
            g.writeNumberProperty("subBatches", s.subBatches());
            g.writeNumberProperty("cssJobs", s.cssJobs());
            JsonOutput.number(g, "quantum", s.quantum());
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
            JsonOutput.number(g, "planMs", Math.round(planMs * 1000) / 1000.0);
            JsonOutput.number(g, "durationMs", Math.round(durationMs * 1000) / 1000.0);
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
}
