package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.metasched.flow.ConservativeBackfilling;
import org.metasched.flow.EasyBackfilling;
import org.metasched.flow.Fcfs;
import org.metasched.flow.MachineSimulation;
import org.metasched.flow.ScheduleCheck;
import org.metasched.model.Workload;

/**
 * The hand-made 20-job workload {@code swf/golden-20.swf} on 4 processors, whose schedules were worked out by
 * hand. Four independent phases (each ends before the next begins); columns are job, submit, run, processors,
 * estimate:
 *
 * <pre>
 * A  1 0 100 2 100 | 2 0 50 4 100 (ends early) | 3 1 200 1 200 | 4 2 30 2 30 | 5 3 60 1 60 | 6 4 10 2 10
 * B  7 1000 100 2 100 | 8 1001 100 3 100 | 9 1002 100 4 100 | 10 1003 200 1 200
 * C  11 2000 500 4 100 (killed at 2100) | 12 2001 20 2 100 (ends early) | 13 2002 100 2 100 | 14 2003 50 4 50
 *    | 15 2004 10 1 40
 * D  16 3000 100 3 200 (ends early) | 17 3000 100 2 100 | 18 3010 300 1 300 | 19 3020 50 1 50 | 20 3030 10 2 10
 * </pre>
 *
 * Key decisions:
 *
 * <ul>
 *   <li>A: job 2 (4 processors) waits for job 1 until 100. EASY: shadow 100, extra 0, so job 4 (ends 32) and
 *       job 5 (ends 92) backfill; job 3 (ends 201) and, at 92, job 6 (ends 102) may not. Conservative reserves
 *       the same (4 at 2, 5 at 32; 3 at 200, 6 at 200). Job 2 ends early at 150: EASY starts 3 and 6; the
 *       conservative compression moves 3 and 6 from 200 to 150. FCFS starts 3, 4, 5 at 150 and 6 at 180.
 *   <li>B (where EASY and conservative differ): head 8 waits for 7 until 1100, EASY extra = 1, so job 10 (1
 *       processor, 200 s) backfills at 1003 on the extra processor; it then holds a processor until 1203, so
 *       job 9 (all 4 processors, no reservation under EASY) starts at 1203 instead of 1200. Conservative
 *       already reserved 9 at 1200, so 10 cannot fit before 1300.
 *   <li>C: job 11 is killed at its estimate (2100). Job 12 ends early at 2120; head 14 needs all 4 processors
 *       and still waits for 13 (2200), but job 15 (40 s) backfills at 2120 under EASY (ends 2160 &lt;= shadow
 *       2200) and is moved from 2250 to 2120 by the conservative compression. FCFS keeps 15 behind 14 (2250).
 *   <li>D: jobs 16 and 17 arrive together (file order). 17 waits for 16 (estimate until 3200). EASY extra = 2,
 *       so 18 (300 s) backfills at 3010; 19 and 20 wait. 16 ends early at 3100: 17 and 19 start; 20 waits for
 *       17 (3200). Conservative gives the same starts: 18 fits at 3010 through all reservations, and the
 *       compression at 3100 moves 17 (3200 to 3100), 19 (3200 to 3100) and 20 (3300 to 3200).
 * </ul>
 */
class GoldenScheduleTest {
    //                                  1    2    3    4    5    6     7     8     9    10
    static final long[] FCFS = {
        0, 100, 150, 150, 150, 180, 1000, 1100, 1200, 1300,
        // 11   12    13    14    15    16    17    18    19    20
        2000, 2100, 2100, 2200, 2250, 3000, 3100, 3100, 3100, 3200
    };
    static final long[] EASY = {
        0, 100, 150, 2, 32, 150, 1000, 1100, 1203, 1003, 2000, 2100, 2100, 2200, 2120, 3000, 3100, 3010, 3100, 3200
    };
    static final long[] CONSERVATIVE = {
        0, 100, 150, 2, 32, 150, 1000, 1100, 1200, 1300, 2000, 2100, 2100, 2200, 2120, 3000, 3100, 3010, 3100, 3200
    };

    static Workload golden() throws URISyntaxException {
        Path p = Path.of(
                GoldenScheduleTest.class.getResource("/swf/golden-20.swf").toURI());
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(p);
        assertThat(t.workload().size()).isEqualTo(20);
        assertThat(t.count(SwfRule.ESTIMATE_SHORT)).isEqualTo(1);
        return t.workload();
    }

    static long[] starts(MachineSimulation sim) {
        long[] s = new long[sim.workload().size()];
        for (int j = 0; j < s.length; j++) {
            s[j] = sim.startSeconds(j);
        }
        return s;
    }

    @Test
    void fcfs() throws Exception {
        Workload w = golden();
        MachineSimulation sim = new MachineSimulation(w, new Fcfs(w), null).run();
        assertThat(starts(sim)).containsExactly(FCFS);
        ScheduleCheck.feasible(sim);
        ScheduleCheck.startsInQueueOrder(sim);
    }

    @Test
    void easy() throws Exception {
        Workload w = golden();
        EasyBackfilling policy = new EasyBackfilling(w);
        MachineSimulation sim = new MachineSimulation(w, policy, null).run();
        assertThat(starts(sim)).containsExactly(EASY);
        ScheduleCheck.feasible(sim);
        ScheduleCheck.headNeverDelayed(sim, policy);
        assertThat(policy.headReservationSeconds(8)).as("job 9's shadow time").isEqualTo(1203);
    }

    @Test
    void conservative() throws Exception {
        Workload w = golden();
        ConservativeBackfilling policy = new ConservativeBackfilling(w);
        MachineSimulation sim = new MachineSimulation(w, policy, null).run();
        assertThat(starts(sim)).containsExactly(CONSERVATIVE);
        ScheduleCheck.feasible(sim);
        ScheduleCheck.neverLaterThanFirstReservation(sim, policy);
        // reservations on arrival, before any early completion moved them
        assertThat(policy.firstReservationSeconds(2)).isEqualTo(200);
        assertThat(policy.firstReservationSeconds(5)).isEqualTo(200);
        assertThat(policy.firstReservationSeconds(9)).isEqualTo(1300);
        assertThat(policy.firstReservationSeconds(14)).isEqualTo(2250);
        assertThat(policy.firstReservationSeconds(19)).isEqualTo(3300);
    }

    @Test
    void killedJobEndsAtItsEstimate() throws Exception {
        Workload w = golden();
        MachineSimulation sim = new MachineSimulation(w, new Fcfs(w), null).run();
        assertThat(w.killed(10)).isTrue();
        assertThat(sim.endSeconds(10)).isEqualTo(2100);
        assertThat(sim.allocatedProcessors(10)).isEqualTo("0-3");
    }
}
