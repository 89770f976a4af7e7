package org.metasched.service;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.metasched.batch.BatchExecution;
import org.metasched.batch.BatchJob;
import org.metasched.model.Allocation;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.SlotRow;
import org.metasched.service.Store.State;
import org.metasched.timeline.ResourceDomain;

/** Backfilling: after a job ends early or is cancelled, the later reservations move earlier (spec 3.8). */
final class Backfilling {
    private final SchedulerContext ctx;

    Backfilling(SchedulerContext ctx) {
        this.ctx = ctx;
    }

    /**
     * A reservation keeps the lengths and prices it was made with when an owner changes its node later, so the
     * current nodes may not give it again: such a job keeps its reservation when its re-search finds nothing better.
     */
    private static final BatchExecution.Reservations CHANGED_NODES = BatchExecution.Reservations.ON_CHANGED_NODES;

    /**
     * Moves every reserved job, in backfilling order, to the earliest AMP window from {@code now} on
     * ({@link BatchExecution#compress}) when it starts earlier than its reservation, or at its start for no more
     * cost; the others keep their reservations, and the running jobs what they hold.
     */
    void compress(Connection c, double now) throws SQLException {
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
        double end = NumberLimits.horizonEnd(now, ctx.config.horizon());
        for (JobRow h : holding) {
            for (SlotRow s : h.slots()) {
                end = Math.max(end, s.end());
            }
        }
        if (!(end > now)) {
            return; // the clock at its latest time: no window can start later
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
            jobs.add(BatchRows.batchJob(j));
            accounts[i] = Ledger.account(c, j, ctx.config::accountOf);
        }
        // one job at a time, in backfilling order, as BatchExecution.compress takes them: a move may cost more than
        // the window it leaves, at most what the job's account can still add to its holds after the earlier moves
        // of this pass (several moved jobs of one account never overdraw it together); an account never credited
        // spends its own money first, then the room the accounts may still owe together, which the moves of
        // every such account in this pass share (each counting all of it let them owe past Ledger.MAX_OWED)
        Map<String, Ledger.Own> own = new HashMap<>();
        long shared = -1; // read when first needed
        boolean[] moved = new boolean[windows.length];
        for (int i = 0; i < windows.length; i++) {
            JobRow j = reserved.get(i);
            Ledger.Own o = own.get(accounts[i]);
            if (o == null) {
                o = Ledger.own(c, accounts[i]);
                own.put(accounts[i], o);
            }
            if (!o.credited() && shared < 0) {
                shared = Math.max(0, Ledger.MAX_OWED - Ledger.owed(c));
            }
            long available = o.money() + (o.credited() ? 0 : shared);
            double affordable = j.cost() + Ledger.units(available);
            BatchJob bj = jobs.get(i);
            jobs.set(
                    i,
                    new BatchJob(bj.id(), bj.request().withBudget(Math.min(j.budget(), affordable)), bj.criterion()));
            boolean[] only = new boolean[windows.length];
            only[i] = true;
            Window before = windows[i];
            moved[i] = BatchExecution.compress(jobs, windows, only, free, now, ctx.config.geometry(), CHANGED_NODES)[i];
            if (moved[i]) {
                long extra = Ledger.holdOf(windows[i]) - Ledger.holdOf(before);
                long fromOwn = o.credited() ? extra : Math.min(extra, o.money()); // a cheaper move returns money
                own.put(accounts[i], new Ledger.Own(o.money() - fromOwn, o.credited()));
                if (!o.credited()) {
                    shared -= extra - fromOwn;
                }
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
                        BatchRows.slotRows(w));
                Ledger.priceSlots(c, j.id(), ctx.config::accountOf);
                ctx.event(c, now, "job.moved", j.id(), j.owner(), EventData.of("from", j.start(), "start", w.start()));
            }
        }
    }
}
