package org.metasched.io.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobRecord;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSimulation;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryJobRecord;
import org.metasched.memory.MemoryStreams;
import org.metasched.memory.MemorySummary;

/**
 * The gang and memory result files: each CSV's header is its column list's names and every row has one cell per
 * name; the wait and response columns are the records' own times; summary.json ends with the means over runs and the
 * reader's counts, each left out when there is none.
 */
class ModelResultsWritersTest {
    @TempDir
    Path dir;

    record Given<R, S>(R first, List<S> summaries, Map<String, double[]> overRuns, Map<String, Long> recordCounts)
            implements Runs<R, S> {}

    /** The rows of {@code file} split into cells, after checking its header against {@code names}. */
    private static List<String[]> rows(Path file, List<String> names) throws IOException {
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo(String.join(",", names));
        List<String[]> out = lines.subList(1, lines.size()).stream()
                .map(l -> l.split(",", -1))
                .toList();
        assertThat(out).allSatisfy(cells -> assertThat(cells).hasSize(names.size()));
        return out;
    }

    @Test
    void gangFiles() throws IOException {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 200, 10, 0)
                .add(3, 0.5, 1, 3, 0)
                .add(2, 1, 200, 4, 0) // waits for job 1: only the 256-processor cluster holds either
                .add(4, 2, 300, 1, 0) // fits no cluster: rejected, not listed
                .build();
        GangResult r = GangSimulation.run(jobs, GangConfig.DEFAULTS, 0);
        GangResultsWriter.writeInto(
                dir, GangConfig.DEFAULTS, new Given<>(r, List.of(r.summary()), Map.of(), Map.of("noSize", 2L)));

        List<String[]> rows = rows(dir.resolve("jobs.csv"), GangResultsWriter.JOB_COLUMNS.names());
        assertThat(GangResultsWriter.JOB_COLUMNS.names())
                .containsExactly("id", "cluster", "submit", "start", "end", "tasks", "wait", "response", "migrated");
        List<GangJobRecord> records = r.jobRecords();
        assertThat(rows).hasSize(3);
        assertThat(records).anySatisfy(j -> assertThat(j.waitSeconds()).isPositive());
        for (int i = 0; i < rows.size(); i++) {
            GangJobRecord j = records.get(i);
            assertThat(rows.get(i)[0]).isEqualTo(Long.toString(j.id()));
            assertThat(Double.parseDouble(rows.get(i)[6])).isEqualTo(j.startSeconds() - j.submitSeconds());
            assertThat(Double.parseDouble(rows.get(i)[7])).isEqualTo(j.endSeconds() - j.submitSeconds());
        }
        assertThat(rows(dir.resolve("tasks.csv"), GangResultsWriter.TASK_COLUMNS.names()))
                .hasSize(r.taskRecords().size());
        String summary = Files.readString(dir.resolve("summary.json"));
        assertThat(summary)
                .startsWith("{\n  \"clusters\": [\n    128,\n    256\n  ],\n")
                .contains("\"runs\": 1,")
                .doesNotContain("overRuns")
                .endsWith("\"migratedTasks\": 0,\n  \"recordCounts\": {\n    \"noSize\": 2\n  }\n}\n");
    }

    @Test
    void memoryFiles() throws IOException {
        MemoryConfig c = MemoryConfig.defaults();
        MemoryCluster run = MemoryCluster.of(c, MemoryStreams.generate(c, 0)).run();
        MemoryResultsWriter.writeInto(
                dir,
                c,
                new Given<>(
                        run, List.of(MemorySummary.of(run)), Map.of("meanWait", new double[] {1.5, 0.25}), Map.of()));

        List<String[]> rows = rows(dir.resolve("jobs.csv"), MemoryResultsWriter.JOB_COLUMNS.names());
        assertThat(MemoryResultsWriter.JOB_COLUMNS.names())
                .containsExactly("id", "class", "submit", "start", "end", "machine", "core", "wait", "flowtime");
        List<MemoryJobRecord> records = run.jobRecords();
        assertThat(rows).hasSize(records.size()).isNotEmpty();
        for (int i = 0; i < rows.size(); i++) {
            MemoryJobRecord j = records.get(i);
            assertThat(Double.parseDouble(rows.get(i)[7])).isEqualTo(j.startSeconds() - j.submitSeconds());
            assertThat(Double.parseDouble(rows.get(i)[8])).isEqualTo(j.endSeconds() - j.submitSeconds());
        }
        List<String> series =
                MemoryResultsWriter.seriesColumns(run.timeSeries()).names();
        assertThat(series)
                .containsExactly(
                        "time", "busyCores", "usedMemory", "queue1", "queue2", "queue3", "pool1", "pool2", "pool3");
        assertThat(rows(dir.resolve("timeseries.csv"), series))
                .hasSize(run.timeSeries().size());
        String summary = Files.readString(dir.resolve("summary.json"));
        assertThat(summary)
                .startsWith("{\n  \"policy\": \"adaptive\",\n")
                .doesNotContain("recordCounts")
                .endsWith("  ],\n  \"overRuns\": {\n    \"meanWait\": {\n      \"mean\": 1.5,\n      \"ci95\": 0.25\n"
                        + "    }\n  }\n}\n");
    }
}
