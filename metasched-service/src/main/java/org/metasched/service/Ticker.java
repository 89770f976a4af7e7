package org.metasched.service;

import static org.metasched.service.Metascheduler.num;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
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
     * The latest time the manual clock may be moved to: 2^53 - 1 = 9007199254740991 ({@link
     * NumberLimits#LATEST_TIME}). Up to it every whole number is a double of its own, and so is the next one, so epoch
     * times in seconds, milliseconds or microseconds (1.7e15) keep their whole units, a move of 1 moves the clock, and
     * a time given as a whole number past it reads as at least 2^53 and is refused rather than rounded to it; far
     * beyond it t + horizon rounds to t and no cycle or quote could run again (the clock never goes back).
     */
    static final double LATEST_TIME = NumberLimits.LATEST_TIME;

    /** How far a move may differ from the one asked for, relative to it, before it is refused as rounded. */
    private static final double MOVE_ROUNDING = 1e-9;

    /**
     * The most cycles one move of the manual clock runs with a cycle period while jobs wait (a move from 0 to an epoch
     * time would otherwise run one per multiple of the period on the way: 2.8e13 at a period of 60).
     */
    static final int MOST_PERIOD_CYCLES = 1000;

    /**
     * Advances the manual clock by {@code by} or to {@code to}; with a cycle period, a cycle runs at every multiple
     * of it passed on the way (each at its own time, by {@code cycle}, which says whether one ran), at most {@link
     * #MOST_PERIOD_CYCLES} of them. Once a cycle finds nothing to plan (no job waits, or no node is published) the
     * later ones would find nothing either (the move adds no job and no node), so the clock goes straight to the new
     * time. A cycle whose every waiting job is left out of the batch (too-few-nodes, too-small) is a cycle: it counts
     * toward those jobs' max-cycles, so they fail within max-cycles such cycles and the rest of the move runs none. A
     * move past {@link #LATEST_TIME}, or past more multiples of the period than that while jobs wait (such jobs too),
     * is refused (400) before anything moves. Returns the new time.
     */
    double advance(Double by, Double to, BooleanSupplier cycle) {
        if (ctx.clock.mode() != ServiceConfig.ClockMode.MANUAL) {
            throw ApiException.conflict(
                    "the clock is the wall clock; start the service with --clock manual to move" + " it by hand");
        }
        double t0 = ctx.clock.now();
        double t1 = to != null ? to : t0 + by;
        String field = to != null ? "to" : "advance";
        String moved = to != null ? "" : "moves the clock from " + num(t0) + " by " + num(by) + " to " + num(t1) + "; ";
        if (to != null && t1 < t0) {
            throw ApiException.badInput("to", "must not be before the current time " + num(t0) + ", got " + num(t1));
        }
        if (!(t1 <= LATEST_TIME)) {
            throw ApiException.badInput(
                    field,
                    moved + "expected a time at most " + num(LATEST_TIME)
                            + " (2^53 - 1, past which doubles skip whole numbers: a time there cannot be served),"
                            + " got " + num(t1));
        }
        if (by != null && Math.abs((t1 - t0) - by) > MOVE_ROUNDING * by) {
            throw ApiException.badInput(
                    "advance",
                    moved + "doubles at " + num(t0) + " are " + num(Math.ulp(t0))
                            + " apart, so the clock would move by "
                            + num(t1 - t0) + ", not by " + num(by) + "; expected a multiple of " + num(Math.ulp(t0))
                            + " there (or a move with 'to'), got " + num(by));
        }
        double horizon = ctx.config.horizon();
        if (!(t1 + horizon > t1)) {
            throw ApiException.badInput(
                    field,
                    moved + "a cycle at " + num(t1) + " could not plan: its horizon of " + num(horizon)
                            + " is less than the gap between doubles there (" + num(Math.ulp(t1))
                            + "); expected an earlier time or a longer horizon, got " + num(t1));
        }
        double p = ctx.config.cyclePeriod();
        if (p > 0) {
            double first = Math.floor(t0 / p);
            double passed = Math.floor(t1 / p) - first;
            if (passed > MOST_PERIOD_CYCLES && jobsWait()) {
                throw ApiException.badInput(
                        field,
                        moved + "the move from " + num(t0) + " passes " + num(passed) + " multiples of cycle-period "
                                + num(p) + " while jobs wait; one move runs at most "
                                + MOST_PERIOD_CYCLES + " cycles: move to at most "
                                + num((first + MOST_PERIOD_CYCLES) * p) + " first, got " + num(t1));
            }
            int ran = 0;
            for (long k = (long) first + 1; k * p <= t1 && ran < MOST_PERIOD_CYCLES; k++) {
                moveTo(k * p);
                ran++;
                if (!cycle.getAsBoolean()) {
                    break; // nothing to plan now, nor at the later multiples: the clock goes straight to t1
                }
            }
        }
        moveTo(t1);
        return t1;
    }

    /**
     * Whether a cycle now would be recorded: a job waits and a node is published. A job left out of every batch (more
     * nodes than the VO has, too small a task) counts: each cycle counts toward its max-cycles.
     */
    private boolean jobsWait() {
        return ctx.db.read(Cycles::nothingToPlan) == null;
    }

    private void moveTo(double t) {
        if (t == ctx.clock.now()) { // 'advance 0' or 'to' now: the clock does not move, and no clock.moved says it did
            tick();
            return;
        }
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

    /**
     * Brings the jobs' states up to {@code now}: a reservation starts, a window ends, a deadline passes when it is at
     * most {@code now} within the tolerance of a cycle's horizon (the searches' own, {@link Tolerance#at} of the
     * span, not of the clock's magnitude: at 2^53 that was 90 units, and jobs ran before their start).
     */
    void tick(Connection c, double now) throws SQLException {
        double t = now + Tolerance.at(ctx.config.horizon());
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
