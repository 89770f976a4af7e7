package org.metasched.service;

import java.util.ArrayList;
import java.util.List;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.model.Allocation;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.service.Metascheduler.JobRequest;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.SlotRow;
import org.metasched.service.Store.State;

/**
 * The stored rows as the batch scheduler's types and back: a job's request, a window's slots, a cycle's settings; a
 * new queued job's row.
 */
final class BatchRows {
    private BatchRows() {}

    /** The batch settings for a batch of {@code k} jobs: the sub-batches and n_CSS capped at the batch size. */
    static BatchScheduler.Settings settings(ServiceConfig config, int k) {
        return new BatchScheduler.Settings(
                config.scheme(),
                config.problem(),
                config.time(),
                Math.min(config.subBatches(), k),
                config.cssJobs() < 0 ? (k + 1) / 2 : Math.min(config.cssJobs(), k),
                config.quantum(),
                true); // as metasched batch: a choice the quantum may have cost is proven or corrected
    }

    static BatchJob batchJob(JobRequest r) {
        return new BatchJob(
                "quote",
                new ResourceRequest(r.nodes(), r.volume(), r.minPerformance(), r.budget(), 0, r.maxPrice()),
                r.criterion());
    }

    /**
     * A stored job as a cycle or a move plans it; its budget at most {@link Ledger#MAX_COST} (a job stored before
     * budgets were bounded could otherwise get a window whose cost the ledger cannot keep).
     */
    static BatchJob batchJob(JobRow j) {
        double budget = Math.min(j.budget(), Ledger.MAX_COST);
        return new BatchJob(
                j.id(),
                new ResourceRequest(j.nodes(), j.volume(), j.minPerformance(), budget, 0, j.maxPrice()),
                j.criterion());
    }

    static List<SlotRow> slotRows(Window w) {
        List<SlotRow> out = new ArrayList<>();
        for (Allocation a : w.allocations()) {
            out.add(new SlotRow(a.node().id(), a.start(), a.end(), a.end()));
        }
        return out;
    }

    /**
     * A new job {@code id} of {@code owner}, queued at {@code now} with request {@code r}: no cycle, no reservation.
     */
    static JobRow queued(String id, long seq, String owner, String clientId, JobRequest r, double now) {
        return new JobRow(
                id,
                seq,
                owner,
                clientId,
                r.nodes(),
                r.volume(),
                r.budget(),
                r.criterion(),
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
                Double.NaN,
                List.of());
    }
}
