package org.metasched.io.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.io.HashedBytes;
import org.metasched.io.OutputDirectory;
import org.metasched.io.Xxh64;
import org.metasched.metrics.JobTable;
import org.metasched.model.Workload;

class JobsCsvFormatterTest {
    @TempDir
    Path dir;

    private static Workload workload(long seed, int jobs) {
        Random rng = new Random(seed);
        Workload.Builder b = Workload.builder(128);
        long t = 0;
        for (int i = 0; i < jobs; i++) {
            t += rng.nextInt(3) == 0 ? 0 : rng.nextInt(900); // a load near 0.8: conservative stays fast
            long estimate = 1L + rng.nextInt(5000);
            long run = rng.nextBoolean() ? estimate : 1L + rng.nextInt((int) estimate + 200);
            b.add(i + 1, t, run, estimate, 1 + (rng.nextInt(4) == 0 ? rng.nextInt(128) : rng.nextInt(16)));
        }
        return b.build();
    }

    private static byte[] written(JobTable t) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultsWriter.writeJobs(out, t);
        return out.toByteArray();
    }

    private static String hash(byte[] b) {
        return Xxh64.of(b);
    }

    @Test
    void formatsBesideTheScheduleTheBytesTheWriterWritesAndTheirHash() throws Exception {
        for (FlowPolicy policy : new FlowPolicy[] {FlowPolicy.EASY, FlowPolicy.CONSERVATIVE}) {
            Workload w = workload(policy.shortName().length(), 10_000); // 2 reports of progress and the last
            JobsCsvFormatter f = JobsCsvFormatter.start();
            JobTable table = JobFlowSimulation.of("random")
                    .replay(w, policy, f::started)
                    .result()
                    .table();
            ResultsWriter.JobsFile file = f.await();
            HashedBytes bytes = f.kept();
            byte[] expected = written(table);
            assertThat(bytes.size()).isEqualTo(expected.length);
            assertThat(bytes.hash()).isEqualTo(hash(expected));
            file.writeTo(dir.resolve("jobs.csv"));
            assertThat(Files.readAllBytes(dir.resolve("jobs.csv"))).isEqualTo(expected);
            f.cancel(); // once complete: nothing, and the bytes are still there
            f.await().writeTo(dir.resolve("again.csv"));
            assertThat(Files.readAllBytes(dir.resolve("again.csv"))).isEqualTo(expected);
        }
    }

    @Test
    void progressInAnyStepsGivesTheSameBytes() throws Exception {
        Workload w = workload(7, 5_000);
        JobTable table = JobFlowSimulation.of("random").run(w, FlowPolicy.EASY).table();
        Random rng = new Random(3);
        JobsCsvFormatter f = JobsCsvFormatter.start();
        for (int count = 0; count < table.size(); count += rng.nextInt(300)) {
            f.started(table, count);
        }
        f.started(table, table.size());
        ResultsWriter.JobsFile file = f.await();
        byte[] expected = written(table);
        assertThat(f.kept().hash()).isEqualTo(hash(expected));
        file.writeTo(dir.resolve("jobs.csv"));
        assertThat(Files.readAllBytes(dir.resolve("jobs.csv"))).isEqualTo(expected);
    }

    @Test
    void cancelledItLeavesNoThreadAndGivesNoBytes() {
        JobTable table = JobFlowSimulation.of("random")
                .run(workload(5, 2_000), FlowPolicy.EASY)
                .table();
        JobsCsvFormatter f = JobsCsvFormatter.start();
        f.started(table, 1_000);
        f.cancel();
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().equals("jobs-csv"));
        assertThatThrownBy(f::await).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void intoAStagedDirectoryTheLinesGoToTheFileWithTheSameBytes() throws Exception {
        Path out = dir.resolve("results/run");
        Path staged = OutputDirectory.stage(out);
        JobsCsvFormatter f = JobsCsvFormatter.start(staged);
        assertThat(f.kept()).isNull(); // nothing kept in memory
        JobTable table = JobFlowSimulation.of("random")
                .replay(workload(11, 10_000), FlowPolicy.CONSERVATIVE, f::started)
                .result()
                .table();
        ResultsWriter.JobsFile file = f.await();
        byte[] expected = written(table);
        assertThat(Files.readAllBytes(staged.resolve("jobs.csv"))).isEqualTo(expected);
        OutputDirectory.write(out, d -> file.writeTo(d.resolve("jobs.csv")));
        assertThat(Files.readAllBytes(out.resolve("jobs.csv"))).isEqualTo(expected);
        assertThat(Files.readAllLines(out.resolve(OutputDirectory.MANIFEST))).contains(hash(expected) + "  jobs.csv");
    }

    @Test
    void cancelledWhileWritingAFileItLeavesNoThreadAndTheUnstagingNoFile() throws Exception {
        Path out = dir.resolve("run");
        Path staged = OutputDirectory.stage(out);
        JobTable table = JobFlowSimulation.of("random")
                .run(workload(5, 20_000), FlowPolicy.EASY)
                .table();
        JobsCsvFormatter f = JobsCsvFormatter.start(staged);
        f.started(table, 15_000);
        f.cancel();
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().equals("jobs-csv"));
        assertThatThrownBy(f::await).isInstanceOf(IllegalStateException.class);
        OutputDirectory.unstage(out);
        try (var s = Files.list(dir)) {
            assertThat(s).isEmpty();
        }
    }
}
