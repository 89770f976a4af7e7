package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.metasched.random.RandomStreams;

/** The checker rejects each kind of broken schedule (so the invariant tests can fail). */
class GangScheduleCheckTest {
    private static final double TOL = GangScheduleCheck.DEFAULT_TOLERANCE_SECONDS;

    private static List<GangTaskRecord> gs1Tasks() {
        return WorkedExamplesTest.gs1("afcfs").taskRecords();
    }

    private static List<GangTaskRecord> edit(int index, UnaryOperator<GangTaskRecord> f) {
        List<GangTaskRecord> t = new ArrayList<>(gs1Tasks());
        t.set(index, f.apply(t.get(index)));
        return t;
    }

    @Test
    void aCorrectSchedulePasses() {
        GangResult r = WorkedExamplesTest.gs1("afcfs-m");
        assertThatCode(() -> GangScheduleCheck.result(r)).doesNotThrowAnyException();
    }

    @Test
    void tasksOfAJobMustStartTogether() {
        List<GangTaskRecord> t = edit(1, x -> new GangTaskRecord(1, 1, 0, 1, 1, 11));
        assertThatThrownBy(() -> GangScheduleCheck.tasks(t, new int[] {5}, null, TOL))
                .hasMessageContaining("no gang start");
    }

    @Test
    void tasksOfAJobNeedDistinctProcessorsOfOneCluster() {
        List<GangTaskRecord> same = edit(1, x -> new GangTaskRecord(1, 1, 0, 0, 0, 10));
        assertThatThrownBy(() -> GangScheduleCheck.tasks(same, null, null, TOL)).hasMessageContaining("two tasks");
        List<GangTaskRecord> split = edit(1, x -> new GangTaskRecord(1, 1, 1, 1, 0, 10));
        assertThatThrownBy(() -> GangScheduleCheck.tasks(split, null, null, TOL))
                .hasMessageContaining("cluster");
    }

    @Test
    void aProcessorRunsOneTaskAtATime() {
        // J3 moved onto P1 while J1 runs there
        List<GangTaskRecord> t = edit(2, x -> new GangTaskRecord(3, 0, 0, 0, 0.5, 3.5));
        assertThatThrownBy(() -> GangScheduleCheck.tasks(t, null, null, TOL)).hasMessageContaining("while job 1");
    }

    @Test
    void everyTaskExactlyOnceAndItsServiceTime() {
        List<GangTaskRecord> missing = new ArrayList<>(gs1Tasks());
        missing.remove(4);
        assertThatThrownBy(() -> GangScheduleCheck.tasks(missing, null, null, TOL))
                .hasMessageContaining("missing");
        List<GangTaskRecord> twice = new ArrayList<>(gs1Tasks());
        twice.add(twice.get(0));
        assertThatThrownBy(() -> GangScheduleCheck.tasks(twice, null, null, TOL))
                .hasMessageContaining("twice");
        List<GangTaskRecord> slow = edit(3, x -> new GangTaskRecord(2, 0, 0, 3, 10, 14.5));
        GangScheduleCheck.ServiceTimes st = GangScheduleCheck.serviceTimes(WorkedExamplesTest.gs1("afcfs"));
        assertThatThrownBy(() -> GangScheduleCheck.tasks(slow, null, st, TOL)).hasMessageContaining("service time");
    }

    @Test
    void jobRecordsMustAgreeWithTheirTasks() {
        GangResult r = WorkedExamplesTest.gs1("afcfs");
        List<GangJobRecord> jobs = new ArrayList<>(r.jobRecords());
        GangJobRecord j = jobs.get(2);
        jobs.set(
                2,
                new GangJobRecord(
                        j.id(), j.cluster(), j.submitSeconds(), j.startSeconds(), 13, j.tasks(), j.migrated()));
        assertThatThrownBy(() -> GangScheduleCheck.jobs(jobs, r.taskRecords(), TOL))
                .hasMessageContaining("job 2");
    }

    @Test
    void aMigrationAfterTheStartMovesARunningTask() {
        GangResult r = WorkedExamplesTest.gs1("afcfs-m");
        TaskMigration m = r.migrations().get(0);
        List<TaskMigration> late = List.of(new TaskMigration(
                m.job(), m.task(), 5.0, m.kind(), m.fromCluster(), m.fromProcessor(), m.toCluster(), m.toProcessor()));
        assertThatThrownBy(() -> GangScheduleCheck.migrations(late, r.taskRecords(), r.jobRecords(), TOL))
                .hasMessageContaining("after it started");
        List<TaskMigration> elsewhere = List.of(new TaskMigration(
                m.job(), m.task(), m.timeSeconds(), m.kind(), m.fromCluster(), m.fromProcessor(), 0, 1));
        assertThatThrownBy(() -> GangScheduleCheck.migrations(elsewhere, r.taskRecords(), r.jobRecords(), TOL))
                .hasMessageContaining("but ran on");
        assertThatThrownBy(() -> GangScheduleCheck.migrations(List.of(), r.taskRecords(), r.jobRecords(), TOL))
                .hasMessageContaining("migrated=local");
    }

    @Test
    void randomInstancesMigrateLocallyAndExternally() {
        // the invariant tests are only as good as the cases they see: with migration, both kinds happen
        int local = 0;
        int external = 0;
        for (long seed = 1; seed <= 12; seed++) {
            var rng = new RandomStreams(seed).stream("instance");
            GangConfig config = GangInvariantsTest.randomConfig(rng, "afcfs-m", "olb", seed);
            GangJobs jobs = GangInvariantsTest.randomJobs(rng, config.largestCluster(), 250);
            GangSummary s = GangSimulation.run(jobs, config, 0).summary();
            local += s.localMigrations();
            external += s.externalMigrations();
        }
        assertThat(local).isPositive();
        assertThat(external).isPositive();
    }
}
