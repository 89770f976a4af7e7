package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.io.results.ResultsWriter;
import org.metasched.metrics.RunResult;

/**
 * Golden files: the whole {@code jobs.csv} of the hand-made 20-job workload under each policy is committed in
 * {@code src/test/resources/golden/golden-20-<policy>.jobs.csv} and compared byte for byte in every build. Their
 * start times are the ones {@link GoldenScheduleTest} checks against the hand-worked schedules; the files also
 * pin every other column (ends, waits, slowdowns, kills, processor ids).
 *
 * <p>To regenerate them after an intended change, run {@code ./mvnw -pl metasched-io -am test
 * -Dtest=GoldenOutputTest -Dsurefire.failIfNoSpecifiedTests=false -Dmetasched.golden.update=true} from the
 * repository root, then review the diff: {@code GoldenScheduleTest} must still pass.
 */
class GoldenOutputTest {
    private static final Path GOLDEN_DIR = Path.of("src", "test", "resources", "golden");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"fcfs", "easy", "conservative"})
    void jobsCsvEqualsTheCommittedGoldenFile(String policy) throws IOException, URISyntaxException {
        Path swf =
                Path.of(GoldenOutputTest.class.getResource("/swf/golden-20.swf").toURI());
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(swf);
        RunResult result = JobFlowSimulation.of("golden-20.swf").run(t.workload(), FlowPolicy.byName(policy));
        Path out = Files.createDirectories(dir.resolve(policy));
        ResultsWriter.writeInto(out, result, ReaderCounts.of(t));
        String produced = Files.readString(out.resolve(ResultsWriter.JOBS));
        Path golden = GOLDEN_DIR.resolve("golden-20-" + policy + ".jobs.csv");
        if (Boolean.getBoolean("metasched.golden.update")) {
            Files.createDirectories(GOLDEN_DIR);
            Files.writeString(golden, produced);
        }
        assertThat(golden)
                .as("golden file (regenerate with -Dmetasched.golden.update=true)")
                .exists();
        assertThat(produced).isEqualTo(Files.readString(golden));
    }
}
