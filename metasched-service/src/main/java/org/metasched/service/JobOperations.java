package org.metasched.service;

import static org.metasched.service.Metascheduler.num;

import java.io.StringWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.metasched.io.JsonOutput;
import org.metasched.model.Tolerance;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.SlotRow;
import org.metasched.service.Store.State;
import tools.jackson.core.JsonGenerator;

/** A job read, listed, cancelled or ended early, and why it waits. */
final class JobOperations {
    private final SchedulerContext ctx;
    private final Ticker ticker;
    private final Backfilling backfilling;

    JobOperations(SchedulerContext ctx, Ticker ticker, Backfilling backfilling) {
        this.ctx = ctx;
        this.ticker = ticker;
        this.backfilling = backfilling;
    }

    JobRow job(Token who, String id) {
        JobRow j = ctx.db.read(c -> JobStore.job(c, id));
        if (j == null) {
            throw ApiException.notFound("no job " + id);
        }
        mayTouch(who, j);
        return j;
    }

    List<JobRow> jobs(Token who, List<State> states, long after, int limit) {
        String owner = who.role() == Role.OPERATOR ? null : who.name();
        return ctx.db.read(c -> JobStore.jobs(c, states, owner, after, limit));
    }

    private static void mayTouch(Token who, JobRow j) {
        if (who.role() != Role.OPERATOR && !j.owner().equals(who.name())) {
            throw ApiException.forbidden("job " + j.id() + " belongs to another user");
        }
    }

    JobRow cancel(Token who, String id) {
        return ctx.tx(c -> {
            double now = ctx.clock.now();
            ticker.tick(c, now);
            JobRow j = JobStore.job(c, id);
            if (j == null) {
                throw ApiException.notFound("no job " + id);
            }
            mayTouch(who, j);
            switch (j.state()) {
                case QUEUED ->
                    JobStore.setState(c, id, State.CANCELLED, "cancelled by " + who.name(), j.cyclesWaited());
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
                default ->
                    throw ApiException.conflict("job " + id + " is " + j.state().shortName()
                            + " already; only queued, reserved or running jobs can be cancelled");
            }
            ctx.event(
                    c,
                    now,
                    "job.cancelled",
                    id,
                    j.owner(),
                    Map.of("was", j.state().shortName()));
            if (j.state().holds() && ctx.config.backfilling()) {
                backfilling.compress(c, now);
                ticker.tick(c, now);
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
        return ctx.tx(c -> {
            double now = ctx.clock.now();
            ticker.tick(c, now);
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
            ctx.event(c, now, "job.done", id, j.owner(), Map.of("runtime", r));
            if (ctx.config.backfilling()) {
                backfilling.compress(c, now);
                ticker.tick(c, now);
            }
            return JobStore.job(c, id);
        });
    }

    /** A running job's slots end now (it stopped or failed): the rest is free again. */
    static void cutAt(Connection c, JobRow j, double now) throws SQLException {
        double[] ends = new double[j.slots().size()];
        for (int i = 0; i < ends.length; i++) {
            SlotRow s = j.slots().get(i);
            ends[i] = Math.max(s.start(), Math.min(s.end(), now));
        }
        SlotStore.cutSlots(c, j.id(), ends);
    }

    /** Why job {@code id} waits: its last cycle's reason (JSON), or what it is doing when it does not wait. */
    String why(Token who, String id) {
        JobRow j = job(who, id);
        String stored = ctx.db.read(c -> JobStore.why(c, id));
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
}
