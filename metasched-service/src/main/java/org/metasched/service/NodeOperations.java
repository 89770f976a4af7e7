package org.metasched.service;

import static org.metasched.service.Metascheduler.num;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.model.Interval;
import org.metasched.model.Tolerance;
import org.metasched.service.Metascheduler.Hold;
import org.metasched.service.Metascheduler.NodeView;
import org.metasched.service.Metascheduler.Published;
import org.metasched.service.Metascheduler.Withdrawn;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.State;

/** Publishing, updating and withdrawing nodes, and reading them with the slots jobs hold on them. */
final class NodeOperations {
    private final SchedulerContext ctx;
    private final Ticker ticker;
    private final Backfilling backfilling;

    NodeOperations(SchedulerContext ctx, Ticker ticker, Backfilling backfilling) {
        this.ctx = ctx;
        this.ticker = ticker;
        this.backfilling = backfilling;
    }

    Published putNode(Token who, String id, double performance, double price, List<Interval> busy) {
        return ctx.tx(c -> {
            double now = ctx.clock.now();
            NodeRow old = NodeStore.node(c, id);
            if (old != null && !old.owner().equals(who.name())) {
                throw ApiException.forbidden("node " + id + " belongs to another owner");
            }
            for (Hold h : holds(c, id)) {
                for (Interval iv : busy) {
                    if (Tolerance.lt(iv.start(), h.end()) && Tolerance.lt(h.start(), iv.end())) {
                        // the job named only to who sees it in the live view: an owner sees reservations anonymised
                        String job = WebView.seesInFull(who, h.user())
                                ? "job " + h.job() + "'s reservation"
                                : "a reservation";
                        throw ApiException.conflict("busy interval [" + num(iv.start()) + ", " + num(iv.end())
                                + ") overlaps " + job + " [" + num(h.start()) + ", " + num(h.end()) + ") on node " + id
                                + "; choose other times");
                    }
                }
            }
            NodeRow row = new NodeRow(
                    id, old == null ? ctx.nextNode() : old.seq(), who.name(), performance, price, busy, now);
            if (old == null) {
                NodeStore.insertNode(c, row);
            } else {
                NodeStore.updateNode(c, row);
            }
            ctx.event(
                    c,
                    now,
                    old == null ? "node.published" : "node.updated",
                    id,
                    who.name(),
                    EventData.of("performance", performance, "price", price, "busy", busy.size()));
            return new Published(row, old == null);
        });
    }

    Withdrawn deleteNode(Token who, String id, boolean force) {
        return ctx.tx(c -> {
            double now = ctx.clock.now();
            ticker.tick(c, now);
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
                    // why it waits again (its last why was of an earlier cycle, or none: "not-planned")
                    JobStore.setWhy(
                            c,
                            j.id(),
                            Why.of(
                                            j.cycle(),
                                            "requeued",
                                            (j.cycle() > 0 ? "cycle " + j.cycle() : "its quote") + " reserved it "
                                                    + num(j.start()) + "-" + num(j.finish()) + ", cancelled at "
                                                    + num(now) + " when node " + id
                                                    + " was withdrawn; it waits for the next cycle")
                                    .json());
                    affected.put(j.id(), State.QUEUED);
                    ctx.event(c, now, "job.requeued", j.id(), j.owner(), Map.of("node", id));
                } else {
                    JobOperations.cutAt(c, j, now);
                    JobStore.end(
                            c,
                            j.id(),
                            State.FAILED,
                            "node " + id + " was withdrawn while it ran",
                            now - j.start(),
                            now);
                    affected.put(j.id(), State.FAILED);
                    ctx.event(c, now, "job.failed", j.id(), j.owner(), Map.of("node", id));
                }
            }
            NodeStore.deleteNode(c, id);
            ctx.event(c, now, "node.withdrawn", id, old.owner(), Map.of("jobs", affected.size()));
            if (!affected.isEmpty() && ctx.config.backfilling()) {
                backfilling.compress(c, now);
                ticker.tick(c, now); // a job moved to now starts now
            }
            return new Withdrawn(id, affected);
        });
    }

    List<NodeRow> nodes() {
        return ctx.db.read(NodeStore::nodes);
    }

    NodeView node(String id) {
        return ctx.db.read(c -> {
            NodeRow n = NodeStore.node(c, id);
            if (n == null) {
                throw ApiException.notFound("no node " + id);
            }
            return new NodeView(n, holds(c, id));
        });
    }

    /** The slots held on node {@code id} by reserved and running jobs, by start. */
    private static List<Hold> holds(Connection c, String id) throws SQLException {
        return SqlValues.list(
                c,
                "SELECT s.job_id, j.owner, s.start_time, s.end_time FROM slots s JOIN jobs j ON j.id = s.job_id WHERE"
                        + " s.node_id = ? AND j.state IN ('reserved', 'running') ORDER BY s.start_time, s.job_id",
                r -> new Hold(r.getString(1), r.getString(2), r.getDouble(3), r.getDouble(4)),
                id);
    }
}
