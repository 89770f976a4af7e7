package org.metasched.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metasched.model.Geometry;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.SlotList;

/**
 * A batch without jobs plans nothing, the same under every scheme and settings: feasible, no job, an objective of 0,
 * no DP limit (NaN) and exact ({@link BatchScheduler#EMPTY}). The schemes differed: css and slicer gave a limit of 0
 * (a DP over nothing), bsf and backfill NaN, and bsf with n_CSS above 0 threw an IndexOutOfBoundsException.
 */
class EmptyBatchTest {
    @ParameterizedTest(name = "{0} K={1} nCSS={2} {3}")
    @CsvSource({
        "css, 1, 0, min-time",
        "css, 1, 0, max-cost",
        "slicer, 1, 0, min-cost",
        "slicer, 3, 0, max-time",
        "bsf, 1, 0, min-time",
        "bsf, 2, 2, min-time",
        "backfill, 1, 0, max-cost",
        "backfill, 0, 0, min-time"
    })
    void anEmptyBatchPlansNothingUnderEveryScheme(
            BatchScheduler.Scheme scheme, int subBatches, int cssJobs, CssProblem problem) {
        SlotList free = DomainGenerator.p002(4, 600)
                .generate(new RandomStreams(1).stream("nodes", 0))
                .slots();
        BatchScheduler.Settings s = new BatchScheduler.Settings(
                scheme, problem, CssProblem.Time.PROCESSOR_TIME, subBatches, cssJobs, 1, true);
        BatchScheduler.Result r = BatchScheduler.schedule(List.of(), free, Geometry.ROUGH, s);
        assertThat(r.feasible()).isTrue();
        assertThat(r.jobs()).isEmpty();
        assertThat(r.windows()).isEmpty();
        assertThat(r.objective()).isZero();
        assertThat(r.limit()).isNaN();
        assertThat(r.exact()).isTrue();
        assertThat(r).isEqualTo(BatchScheduler.EMPTY);
    }

    /** BSF's n_CSS outside 0 to the batch size is a caller's error named as such (it was an IndexOutOfBounds). */
    @Test
    void bsfWithMoreCssJobsThanTheBatchIsRefusedByName() {
        RandomStreams streams = new RandomStreams(3);
        SlotList free = DomainGenerator.p002(6, 600)
                .generate(streams.stream("nodes", 0))
                .slots();
        List<BatchJob> jobs = new BatchGenerator(3, 1, 2, 20, 60, 0, 0.6).generate(streams.stream("batch", 0));
        for (int cssJobs : new int[] {-1, 4}) {
            BatchScheduler.Settings s = new BatchScheduler.Settings(
                    BatchScheduler.Scheme.BSF, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, 1, cssJobs, 1);
            assertThatThrownBy(() -> BatchScheduler.schedule(jobs, free, Geometry.ROUGH, s))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("cssJobs must be 0 to the batch's 3 jobs, got " + cssJobs);
        }
        BatchScheduler.Settings all = new BatchScheduler.Settings(
                BatchScheduler.Scheme.BSF, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, 1, 3, 1);
        assertThat(BatchScheduler.schedule(jobs, free, Geometry.ROUGH, all).jobs())
                .hasSize(3);
    }

    /**
     * The slicer's K (and bsf's) outside 1 to the batch size is a caller's error named as such (spec 3.6: k jobs in
     * ns groups, ns = k every job alone). Beyond the batch, the groups past the k-th were empty, each a DP over
     * nothing with a limit of 0; at 0 the slicer planned no job and said feasible. css and backfill do not slice:
     * they ignore K.
     */
    @Test
    void slicingIntoOtherThanOneToTheBatchSizeIsRefusedByName() {
        RandomStreams streams = new RandomStreams(3);
        SlotList free = DomainGenerator.p002(6, 600)
                .generate(streams.stream("nodes", 0))
                .slots();
        List<BatchJob> jobs = new BatchGenerator(3, 1, 2, 20, 60, 0, 0.6).generate(streams.stream("batch", 0));
        for (BatchScheduler.Scheme scheme : List.of(BatchScheduler.Scheme.SLICER, BatchScheduler.Scheme.BSF)) {
            for (int subBatches : new int[] {-1, 0, 4, 20}) {
                BatchScheduler.Settings s = new BatchScheduler.Settings(
                        scheme, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, subBatches, 3, 1);
                assertThatThrownBy(() -> BatchScheduler.schedule(jobs, free, Geometry.ROUGH, s))
                        .as("%s K=%d", scheme, subBatches)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("subBatches must be 1 to the batch's 3 jobs, got " + subBatches);
            }
            BatchScheduler.Settings alone =
                    new BatchScheduler.Settings(scheme, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, 3, 3, 1);
            assertThat(BatchScheduler.schedule(jobs, free, Geometry.ROUGH, alone)
                            .jobs())
                    .extracting(BatchScheduler.JobResult::subBatch)
                    .containsExactly(1, 2, 3);
        }
        for (BatchScheduler.Scheme scheme : List.of(BatchScheduler.Scheme.CSS, BatchScheduler.Scheme.BACKFILL)) {
            for (int subBatches : new int[] {0, 4}) {
                BatchScheduler.Settings s = new BatchScheduler.Settings(
                        scheme, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, subBatches, 0, 1);
                assertThat(BatchScheduler.schedule(jobs, free, Geometry.ROUGH, s)
                                .jobs())
                        .hasSize(3);
            }
        }
    }
}
