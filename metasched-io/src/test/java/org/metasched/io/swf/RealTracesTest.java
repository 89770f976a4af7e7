package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.flow.ConservativeBackfilling;
import org.metasched.flow.EasyBackfilling;
import org.metasched.flow.Fcfs;
import org.metasched.flow.MachineSimulation;
import org.metasched.flow.ScheduleCheck;
import org.metasched.model.Workload;

/**
 * Whole real traces from the folder in system property {@code metasched.traces} under all three policies, with
 * every invariant checked. Skipped (visibly) when the folder is absent, as in a fresh clone without the shared
 * traces.
 */
class RealTracesTest {
    static Path trace(String name) {
        String dir = System.getProperty("metasched.traces");
        assumeTrue(dir != null, "system property metasched.traces is not set: real-trace test skipped");
        Path p = Path.of(dir, name);
        assumeTrue(Files.isRegularFile(p), p + " is absent: real-trace test skipped");
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"KTH-SP2-1996-2.1-cln.swf.gz", "SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz"})
    void wholeTraceUnderEveryPolicyKeepsTheInvariants(String name) {
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(trace(name));
        Workload w = t.workload();
        assertThat(w.size() + t.skipped() + t.rejected()).isEqualTo(t.records());

        MachineSimulation fcfs = new MachineSimulation(w, new Fcfs(w), null).run();
        ScheduleCheck.feasible(fcfs);
        ScheduleCheck.startsInQueueOrder(fcfs);

        EasyBackfilling easyPolicy = new EasyBackfilling(w);
        MachineSimulation easy = new MachineSimulation(w, easyPolicy, null).run();
        ScheduleCheck.feasible(easy);
        ScheduleCheck.headNeverDelayed(easy, easyPolicy);

        ConservativeBackfilling conservativePolicy = new ConservativeBackfilling(w);
        MachineSimulation conservative = new MachineSimulation(w, conservativePolicy, null).run();
        ScheduleCheck.feasible(conservative);
        ScheduleCheck.neverLaterThanFirstReservation(conservative, conservativePolicy);
    }

    @ParameterizedTest
    @ValueSource(strings = {"KTH-SP2-1996-2.1-cln.swf.gz"})
    void kthHasTheDocumentedSize(String name) {
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(trace(name));
        assertThat(t.records()).isEqualTo(27_992);
        assertThat(t.workload().machineProcessors()).isEqualTo(100);
    }
}
