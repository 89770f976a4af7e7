package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The checker catches each kind of violation (so the invariant tests can fail), and passes a valid run. */
class MemoryScheduleCheckTest {
    private static final MemoryConfig PAPER = MemoryConfig.defaults();
    private static final MemoryScheduleCheck CHECK = new MemoryScheduleCheck(5, 2, 4, List.of(1, 2, 3));

    private static MemoryCluster run(String policy) {
        MemoryConfig c = PAPER.withPolicy(policy);
        return MemoryCluster.of(c, MemoryStreams.generate(c, 3)).run();
    }

    private static List<MemoryJobRecord> changed(List<MemoryJobRecord> jobs, int i, UnaryOperator<MemoryJobRecord> f) {
        List<MemoryJobRecord> out = new ArrayList<>(jobs);
        out.set(i, f.apply(jobs.get(i)));
        return out;
    }

    private static MemoryJobRecord moved(MemoryJobRecord r, double start, double end, int machine, int core) {
        return new MemoryJobRecord(r.id(), r.memoryClass(), r.submitSeconds(), start, end, machine, core);
    }

    @Test
    void aValidRunPasses() {
        for (MemoryPolicy p : MemoryPolicy.all()) {
            MemoryCluster run = run(p.name());
            assertThatCode(() -> MemoryScheduleCheck.verify(run, PAPER.classesGiB()))
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void aMissingOrDuplicatedJob() {
        List<MemoryJobRecord> jobs = run("static").jobRecords();
        assertThatThrownBy(() -> CHECK.jobs(jobs.subList(1, jobs.size()), jobs.size()))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("every job completes once");
        List<MemoryJobRecord> twice = changed(jobs, 1, r -> jobs.get(0));
        assertThatThrownBy(() -> CHECK.jobs(twice, jobs.size()))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("appears twice");
    }

    @Test
    void aStartBeforeTheSubmit() {
        List<MemoryJobRecord> jobs = run("static").jobRecords();
        List<MemoryJobRecord> early = changed(
                jobs,
                5,
                r -> moved(r, r.submitSeconds() - 1, r.endSeconds() - r.startSeconds() + r.submitSeconds() - 1, 0, 0));
        assertThatThrownBy(() -> CHECK.jobs(early, -1)).isInstanceOf(AssertionError.class);
    }

    @Test
    void twoJobsOnOneCore() {
        List<MemoryJobRecord> jobs =
                List.of(new MemoryJobRecord(1, 1, 0, 0, 5, 0, 0), new MemoryJobRecord(2, 1, 1, 2, 3, 0, 0));
        assertThatThrownBy(() -> CHECK.jobs(jobs, 2)).hasMessageContaining("runs job 1");
        List<MemoryJobRecord> apart =
                List.of(new MemoryJobRecord(1, 1, 0, 0, 5, 0, 0), new MemoryJobRecord(2, 1, 1, 5, 6, 0, 0));
        assertThatCode(() -> CHECK.jobs(apart, 2)).doesNotThrowAnyException();
    }

    @Test
    void tooMuchMemoryOnAMachine() {
        // three class-2 jobs on one 2-core machine cannot happen; two class-3 jobs on machine 0 at once do overflow
        List<MemoryJobRecord> jobs =
                List.of(new MemoryJobRecord(1, 3, 0, 0, 5, 0, 0), new MemoryJobRecord(2, 3, 0, 1, 2, 0, 1));
        assertThatThrownBy(() -> CHECK.jobs(jobs, 2)).hasMessageContaining("more than its 4 GiB");
        List<MemoryJobRecord> fine =
                List.of(new MemoryJobRecord(1, 3, 0, 0, 5, 0, 0), new MemoryJobRecord(2, 3, 0, 5, 6, 0, 1));
        assertThatCode(() -> CHECK.jobs(fine, 2)).doesNotThrowAnyException();
    }

    @Test
    void aQueueServedOutOfOrder() {
        List<MemoryJobRecord> jobs =
                List.of(new MemoryJobRecord(1, 1, 0, 3, 4, 0, 0), new MemoryJobRecord(2, 1, 1, 2, 3, 1, 0));
        assertThatThrownBy(() -> CHECK.jobs(jobs, 2)).hasMessageContaining("queue 1 is not FCFS");
        // other classes may overtake, except under the shared policy
        List<MemoryJobRecord> mixed =
                List.of(new MemoryJobRecord(1, 3, 0, 3, 4, 0, 0), new MemoryJobRecord(2, 1, 1, 2, 3, 1, 0));
        assertThatCode(() -> CHECK.jobs(mixed, 2)).doesNotThrowAnyException();
        assertThatThrownBy(() -> MemoryScheduleCheck.fcfsAcrossClasses(mixed))
                .hasMessageContaining("shared queue is not FCFS");
    }

    @Test
    void aSeriesThatDisagreesWithTheJobs() {
        MemoryCluster run = run("adaptive");
        List<MemoryJobRecord> jobs = run.jobRecords();
        MemoryTimeSeries ts = run.timeSeries();
        MemoryTimeSeries off = copy(ts, 7, 1, 0);
        assertThatThrownBy(() -> CHECK.series(jobs, off)).hasMessageContaining("busy cores");
        MemoryTimeSeries queue = copy(ts, 7, 0, 1);
        assertThatThrownBy(() -> CHECK.series(jobs, queue)).hasMessageContaining("queue 1");
        MemoryTimeSeries pools = new MemoryTimeSeries(3);
        for (int i = 0; i < ts.size(); i++) {
            pools.add(
                    ts.timeSeconds(i),
                    ts.busyCores(i),
                    ts.usedMemoryGiB(i),
                    new int[] {ts.queueLength(i, 1), ts.queueLength(i, 2), ts.queueLength(i, 3)},
                    new int[] {0, 0, 0});
        }
        assertThatThrownBy(() -> CHECK.series(jobs, pools)).hasMessageContaining("pool");
    }

    @Test
    void aCoreThatChangesPoolUnderARunningJob() {
        MemoryCluster run = run("static");
        List<MemoryJobRecord> jobs = run.jobRecords();
        MemoryJobRecord j = jobs.get(20);
        int core = j.machine() * 2 + j.core();
        DesignationLog log = new DesignationLog(paperPartition());
        int other = j.memoryClass() == 1 ? 2 : 1;
        log.add((j.startSeconds() + j.endSeconds()) / 2, core, log.initialDesignation(core), other);
        assertThatThrownBy(() -> CHECK.designations(jobs, log)).isInstanceOf(AssertionError.class);
        DesignationLog over = new DesignationLog(paperPartition());
        over.add(0, 1, 3, 3);
        over.add(0, 0, 1, 3);
        assertThatThrownBy(() -> CHECK.designations(List.of(), over)).hasMessageContaining("more than its 4 GiB");
    }

    /** A copy of {@code ts} with row {@code row}'s busy cores and queue 1 shifted. */
    private static MemoryTimeSeries copy(MemoryTimeSeries ts, int row, int busyDelta, int queueDelta) {
        MemoryTimeSeries out = new MemoryTimeSeries(3);
        for (int i = 0; i < ts.size(); i++) {
            int d = i == row ? 1 : 0;
            out.add(
                    ts.timeSeconds(i),
                    ts.busyCores(i) + d * busyDelta,
                    ts.usedMemoryGiB(i),
                    new int[] {ts.queueLength(i, 1) + d * queueDelta, ts.queueLength(i, 2), ts.queueLength(i, 3)},
                    new int[] {ts.poolSize(i, 1), ts.poolSize(i, 2), ts.poolSize(i, 3)});
        }
        return out;
    }

    /** The paper's initial partition. */
    private static int[] paperPartition() {
        return MachineConfigurations.of(2, 4, List.of(1, 2, 3)).initialPartition(5);
    }
}
