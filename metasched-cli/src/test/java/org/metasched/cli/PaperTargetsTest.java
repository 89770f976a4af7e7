package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The paper targets run end to end at small counts and write table.csv with exactly the issues' columns. */
class PaperTargetsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "p004;workload,policy,threshold,coreUtilization,memoryUtilization,meanFlowtime,meanFlowtimeCi95,"
                        + "meanWait,reprovisionings,runs;18",
                "p003-job-load;jobLoad,algorithm,availability,found,runs;22",
                "p003-time-scan;algorithm,startPoints,accuracy,speedup,evaluations,runs;9",
                "p001;dispatch,policy,migration,executedJobs,art,artCi95,awt,loc,utilization,runs;72"
            })
    void aTargetWritesItsTable(String target, String columns, int rows) throws IOException {
        if (target.equals("p001")) {
            Path traces = Path.of(System.getProperty("metasched.traces", "../shared/traces"));
            assumeTrue(
                    Files.isRegularFile(traces.resolve("SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz")),
                    "no SDSC-SP2 trace in " + traces + ": p001 skipped");
        }
        Path out = dir.resolve(target);
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                target,
                "--runs",
                "2",
                "--threads",
                "2",
                "--no-progress",
                "--no-report",
                "-o",
                out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = Files.readAllLines(out.resolve("table.csv"));
        assertThat(lines.get(0)).isEqualTo(columns);
        assertThat(lines).hasSize(1 + rows);
        assertThat(lines.get(1).split(",", -1)).hasSize(columns.split(",").length);
    }
}
