package org.metasched.pipeline.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulate cell whose trace has a wait that takes a job's end past 2^53 s fails with the error {@code metasched
 * simulate} gives, trace file first: it gave "job 2: submitted at ...", without the file, so a sweep over several
 * traces did not say which one (the cell's parameters name it only when the workload is a grid dimension).
 */
class SimulateSweepErrorTest {
    @TempDir
    Path dir;

    @Test
    void anEndPastTwoToThe53NamesTheTrace() throws IOException {
        Path trace = Files.writeString(
                dir.resolve("t.swf"),
                "; MaxProcs: 1\n1 9007199254740000 -1 600 1 -1 -1 1 600 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                        + "2 9007199254740000 -1 601 1 -1 -1 1 601 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Path spec = Files.writeString(
                dir.resolve("s.yaml"),
                "command: simulate\noptions: {workload: '" + trace + "'}\ngrid:\n  policy: [fcfs, easy]\n");
        List<SweepRun.Result> results = SweepRun.run(SweepSpec.read(spec), SweepRun.Shard.ALL, 1, x -> {});
        assertThat(results).hasSize(2);
        for (SweepRun.Result r : results) {
            assertThat(r.error())
                    .isEqualTo(trace + ": job 2: submitted at 9007199254740000 s, started at 9007199254740600 s"
                            + " (after a wait of 600 s), it would end at 9007199254740600 + 601 = 9007199254741201"
                            + " s, expected at most 9007199254740992 s (2^53: past it the simulated clock skips"
                            + " seconds; give the trace's times in seconds)");
        }
    }

    /**
     * A scale that rounds the trace's machine to no processor fails its cell, naming the least scale that gives one:
     * it was taken as 1 processor without a word, so 0.01 and 0.03 of a 16-processor trace were the same cell.
     */
    @Test
    void aScaleThatRoundsToNoProcessorFailsItsCell() throws IOException {
        Path trace = Files.writeString(
                dir.resolve("t.swf"), "; MaxProcs: 16\n1 0 -1 600 1 -1 -1 1 600 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Path spec = Files.writeString(
                dir.resolve("s.yaml"),
                "command: simulate\noptions: {workload: '" + trace + "', policy: fcfs}\ngrid:\n"
                        + "  scale: [0.01, 0.03, 0.03125, 1]\n");
        List<SweepRun.Result> results = SweepRun.run(SweepSpec.read(spec), SweepRun.Shard.ALL, 1, x -> {});
        assertThat(results).hasSize(4);
        Map<String, String> errors = new HashMap<>(); // by scale: the results come in the cells' id order
        results.forEach(r -> errors.put(r.cell().parameters().get("scale"), String.valueOf(r.error())));
        assertThat(errors.get("0.01"))
                .isEqualTo("scale 0.01 makes a machine of 0.16 processors from the trace's 16, which rounds to none;"
                        + " expected a scale of at least 0.03125 (1 processor)");
        assertThat(errors.get("0.03")).startsWith("scale 0.03 makes a machine of 0.48 processors");
        assertThat(errors.get("0.03125")).isEqualTo("null");
        assertThat(errors.get("1")).isEqualTo("null");
    }
}
