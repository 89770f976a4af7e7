package org.metasched.io.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.io.swf.ReaderCounts;
import org.metasched.metrics.RunResult;
import org.metasched.model.Workload;

class ResultsWriterTest {
    @TempDir
    Path dir;

    static RunResult small() {
        Workload w = Workload.builder(4)
                .add(1, 0, 100, 100, 2)
                .add(2, 0, 50, 100, 4)
                .add(3, 10, 300, 100, 1)
                .build();
        return JobFlowSimulation.of("small.swf").run(w, FlowPolicy.EASY);
    }

    @Test
    void writesTheThreeFilesWithDocumentedColumns() throws IOException {
        Map<String, Long> rules = new LinkedHashMap<>();
        rules.put("runtimeNotPositive", 2L);
        rules.put("estimateShort", 1L);
        ResultsWriter.writeInto(dir, small(), new ReaderCounts(2, 0, 1, rules));
        List<String> jobs = Files.readAllLines(dir.resolve(ResultsWriter.JOBS));
        assertThat(jobs.get(0)).isEqualTo(ResultsWriter.JOBS_HEADER);
        assertThat(jobs).hasSize(4);
        // job 3 may not backfill at 10 (ends 110 > shadow 100, extra 0); it waits until job 2 ends early at 150
        assertThat(jobs.get(1)).isEqualTo("1,0,0,100,2,100,100,0,100,1.0,1.0,false,0-1");
        assertThat(jobs.get(2)).isEqualTo("2,0,100,150,4,50,100,100,150,3.0,3.0,false,0-3");
        assertThat(jobs.get(3)).isEqualTo("3,10,150,250,1,100,100,140,240,2.4,2.4,true,0");
        String summary = Files.readString(dir.resolve(ResultsWriter.SUMMARY));
        assertThat(summary)
                .startsWith("{\n  \"workload\": \"small.swf\",\n  \"policy\": \"easy\",\n")
                .contains("\"jobs\": 3,")
                .contains("\"skipped\": 2,\n  \"rejected\": 0,\n  \"adjusted\": 1,\n  \"killed\": 1,")
                .contains("\"makespan\": 250,")
                .contains("\"meanWait\": 80.0,")
                .contains("  \"wait\": {\n    \"mean\": 80.0,\n    \"p50\": ")
                .endsWith("  \"recordCounts\": {\n    \"runtimeNotPositive\": 2,\n    \"estimateShort\": 1\n  }\n}\n");
        List<String> series = Files.readAllLines(dir.resolve(ResultsWriter.SERIES));
        assertThat(series.get(0)).isEqualTo("time,utilization,waiting,running");
        assertThat(series.get(series.size() - 1)).startsWith("250,"); // the last instant: the last job ends
    }

    @Test
    void aWorkloadFromNoTraceHasAnEmptyRuleMapAndNonFiniteNumbersAreNull() {
        StringWriter w = new StringWriter();
        ResultsWriter.writeSummary(w, small().summary(), ReaderCounts.NONE);
        assertThat(w.toString()).endsWith("\"recordCounts\": {}\n}").doesNotContain("NaN");
    }
}
