package org.metasched.service;

import static org.metasched.service.Metascheduler.num;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.metasched.model.Tolerance;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.State;

/**
 * The clock's consequences: reservations that began run, windows that ended are done, queued jobs whose deadline
 * passed fail; and the manual clock moved by hand.
 */
final class Ticker {
    private final SchedulerContext ctx;

    Ticker(SchedulerContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Advances the manual clock by {@code by} or to {@code to}; with a cycle period, a cycle runs at every multiple
     * of it passed on the way (each at its own time, by {@code cycle}). Returns the new time.
     */
    double advance(Double by, Double to, Runnable cycle) {
        if (ctx.clock.mode() != ServiceConfig.ClockMode.MANUAL) {
            throw ApiException.conflict(
                    "the clock is the wall clock; start the service with --clock manual to move" + " it by hand");
        }
        double t0 = ctx.clock.now();
        double t1 = to != null ? to : t0 + by;
        if (to != null && t1 < t0) {
            throw ApiException.badInput("to", "must not be before the current time " + num(t0) + ", got " + num(t1));
        }
        if (ctx.config.cyclePeriod() > 0) {
            double p = ctx.config.cyclePeriod();
            for (long k = (long) Math.floor(t0 / p) + 1; k * p <= t1; k++) {
                moveTo(k * p);
                cycle.run();
            }
        }
        moveTo(t1);
        return t1;
    }

    private void moveTo(double t) {
        ctx.tx(c -> {
            Store.setMeta(c, "manual_time", Double.toString(t));
            tick(c, t);
            ctx.event(c, t, "clock.moved", null, null, Map.of("time", t));
            EventStore.pruneEvents(c, t - ctx.config.eventRetention());
            return null;
        });
        ctx.clock.set(t);
    }

    /** Brings the jobs' states up to the clock: reservations that began run, windows that ended are done. */
    void tick() {
        ctx.tx(c -> {
            tick(c, ctx.clock.now());
            return null;
        });
    }

    void tick(Connection c, double now) throws SQLException {
        double t = now + Tolerance.at(now);
        List<String[]> started = SqlValues.list(
                c,
                "SELECT id, owner FROM jobs WHERE state = 'reserved' AND start_time <= ? ORDER BY seq",
                r -> new String[] {r.getString(1), r.getString(2)},
                t);
        for (String[] s : started) {
            ctx.event(c, now, "job.started", s[0], s[1], Map.of());
        }
        for (String[] s : started) {
            JobRow j = JobStore.job(c, s[0]);
            JobStore.setState(c, s[0], State.RUNNING, null, j.cyclesWaited());
        }
        List<String[]> done = SqlValues.list(
                c,
                "SELECT id, owner, start_time, runtime FROM jobs WHERE state = 'running' AND start_time + runtime <= ?"
                        + " ORDER BY seq",
                r -> new String[] {
                    r.getString(1), r.getString(2), Double.toString(r.getDouble(3)), Double.toString(r.getDouble(4))
                },
                t);
        for (String[] d : done) {
            double start = Double.parseDouble(d[2]);
            double runtime = Double.parseDouble(d[3]);
            JobStore.end(c, d[0], State.DONE, null, runtime, start + runtime);
            ctx.event(c, now, "job.done", d[0], d[1], Map.of("runtime", runtime));
        }
        List<String[]> late = SqlValues.list(
                c,
                "SELECT id, owner, deadline, cycles_waited FROM jobs WHERE state = 'queued' AND deadline IS NOT NULL"
                        + " AND deadline <= ? ORDER BY seq",
                r -> new String[] {r.getString(1), r.getString(2), Double.toString(r.getDouble(3))},
                t);
        for (String[] d : late) {
            JobStore.end(
                    c,
                    d[0],
                    State.FAILED,
                    "its deadline " + num(Double.parseDouble(d[2])) + " passed while it waited",
                    Double.NaN,
                    now);
            ctx.event(c, now, "job.failed", d[0], d[1], Map.of("deadline", Double.parseDouble(d[2])));
        }
    }
}
