package org.metasched.pipeline.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.flow.FlowPolicy;
import org.metasched.io.swf.SwfOptions;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.TimeAxis;
import org.metasched.report.Chart;
import org.metasched.report.Gantt;
import org.metasched.report.Report;
import org.metasched.report.Section;

class TracePipelineTest {
    static final Path EXAMPLE = Path.of("..", "examples", "small.swf");

    @TempDir
    Path dir;

    @Test
    void theExampleTraceRunsAndWritesEverythingTheCommandWrites() throws IOException {
        TracePipeline.Run run = TracePipeline.simulate(EXAMPLE, FlowPolicy.EASY, SwfOptions.DEFAULTS);
        assertThat(run.result().summary().jobs()).isEqualTo(38);
        assertThat(run.counts().skipped()).isEqualTo(1);
        assertThat(run.counts().rejected()).isEqualTo(1);
        assertThat(run.counts().adjusted()).isEqualTo(3);
        Path out = dir.resolve("out");
        TracePipeline.write(out, run, Outputs.DEFAULT, "test");
        try (var s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(
                            ".metasched-output", "jobs.csv", "summary.json", "timeseries.csv", "report.html");
        }
        assertThat(Files.readString(out.resolve("summary.json")))
                .contains("\"skipped\": 1,")
                .contains("\"largerThanMachine\": 1");
        assertThat(TracePipeline.defaultDirectory(Path.of("/x/KTH-SP2-1996-2.1-cln.swf.gz"), FlowPolicy.EASY))
                .isEqualTo(Path.of("results", "simulate-KTH-SP2-1996-2.1-cln-easy"));
    }

    /** The check run beside the schedule (every few thousand jobs) stops it by throwing, and nothing is kept. */
    @Test
    void aCheckBesideTheScheduleStopsIt() throws IOException {
        StringBuilder sb = new StringBuilder("; MaxProcs: 8\n");
        for (int j = 1; j <= 10_000; j++) {
            sb.append(j).append(' ').append(j * 10).append(" -1 30 2 -1 -1 2 60 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        }
        Path trace = Files.writeString(dir.resolve("many.swf"), sb.toString());
        int[] calls = {0};
        assertThatThrownBy(() ->
                        TracePipeline.simulate(trace, FlowPolicy.EASY, SwfOptions.DEFAULTS, Outputs.DEFAULT, () -> {
                            if (++calls[0] == 2) {
                                throw new InputFormatException("out: 'jobs.csv' was changed");
                            }
                        }))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("out: 'jobs.csv' was changed");
        assertThat(calls[0]).isEqualTo(2); // the second report of started jobs, before the schedule's end
        int[] all = {0};
        TracePipeline.Run run =
                TracePipeline.simulate(trace, FlowPolicy.EASY, SwfOptions.DEFAULTS, Outputs.DEFAULT, () -> all[0]++);
        assertThat(run.result().summary().jobs()).isEqualTo(10_000);
        assertThat(all[0]).as("every 4,096 started jobs and at the end").isEqualTo(3);
    }

    /**
     * A run given its output directory writes jobs.csv into the directory under way as the jobs start; when the
     * write is then refused (a user's file appeared there meanwhile), that directory and the folders made for it go.
     */
    @Test
    void aWriteRefusedAfterTheRunLeavesNothingOfTheDirectoryMadeForIt() throws IOException {
        Path out = dir.resolve("new/out");
        TracePipeline.Run run =
                TracePipeline.simulate(EXAMPLE, FlowPolicy.EASY, SwfOptions.DEFAULTS, Outputs.NO_REPORT, () -> {}, out);
        Files.createDirectories(out);
        Files.writeString(out.resolve("mine.txt"), "the user's");
        assertThatThrownBy(() -> TracePipeline.write(out, run, Outputs.NO_REPORT, "test"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("did not write it");
        try (var s = Files.list(dir.resolve("new"))) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("out");
        }
        assertThat(out.resolve("mine.txt")).hasContent("the user's");

        Path fresh = dir.resolve("fresh/out"); // the same run written: jobs.csv as the command writes it
        TracePipeline.Run again = TracePipeline.simulate(
                EXAMPLE, FlowPolicy.EASY, SwfOptions.DEFAULTS, Outputs.NO_REPORT, () -> {}, fresh);
        TracePipeline.write(fresh, again, Outputs.NO_REPORT, "test");
        Path plain = dir.resolve("plain");
        TracePipeline.write(
                plain,
                TracePipeline.simulate(EXAMPLE, FlowPolicy.EASY, SwfOptions.DEFAULTS),
                Outputs.NO_REPORT,
                "test");
        assertThat(Files.readAllBytes(fresh.resolve("jobs.csv")))
                .isEqualTo(Files.readAllBytes(plain.resolve("jobs.csv")));
        try (var s = Files.list(dir.resolve("fresh"))) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("out");
        }
    }

    @Test
    void aTraceWithNothingLeftIsBadInput() throws IOException {
        Path none = Files.writeString(
                dir.resolve("none.swf"), "; MaxProcs: 4\n1 0 -1 -1 2 -1 -1 2 10 -1 1 1 1 1 1 -1 -1 -1\n");
        assertThatThrownBy(() -> TracePipeline.simulate(none, FlowPolicy.FCFS, SwfOptions.DEFAULTS))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("no job to simulate");
    }

    @Test
    void theReportShowsTimesInAReadableUnitAndSlowdownsOnALogAxis() {
        TracePipeline.Run run = TracePipeline.simulate(EXAMPLE, FlowPolicy.CONSERVATIVE, SwfOptions.DEFAULTS);
        Report r = SimulationReport.of(run.result(), run.counts(), "test");
        Chart utilization = chart(r, "utilization-over-time");
        assertThat(utilization.xTitle()).isEqualTo("time (h)"); // the example spans about 5 hours
        assertThat(chart(r, "wait-over-time").yTitle()).isEqualTo("wait (h)");
        assertThat(chart(r, "bounded-slowdown-cdf").xScale()).isEqualTo(Chart.Scale.LOG);
        Gantt g = (Gantt) r.sections().stream()
                .filter(s -> s instanceof Gantt)
                .findFirst()
                .orElseThrow();
        assertThat(g.title()).isEqualTo("Schedule of all 38 jobs");
        assertThat(g.timeTitle()).isEqualTo("time (h)");
    }

    /**
     * A machine of more than 4096 processors has a Gantt row per group of them: one of 10,000,000 (the reader's
     * limit) made a row each, a 110 MB report for three jobs, and ran out of the launcher's heap (exit 1). Up to 4096
     * the chart is as before, a row per processor.
     */
    @Test
    void aHugeMachineHasAGanttRowPerGroupOfProcessors() throws IOException {
        String jobs = "1 0 -1 100 10000 -1 -1 10000 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2 10 -1 50 1 -1 -1 1 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "3 11 -1 50 9999 -1 -1 9999 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
        Path wide = Files.writeString(dir.resolve("wide.swf"), "; MaxProcs: 10000\n" + jobs);
        Gantt g = SimulationReport.gantt(TracePipeline.simulate(wide, FlowPolicy.EASY, SwfOptions.DEFAULTS)
                .result());
        assertThat(g.rows()).hasSize(3334).startsWith("p0-p2", "p3-p5").endsWith("p9999-p9999");
        assertThat(g.title()).isEqualTo("Schedule of all 3 jobs (a row per 3 processors)");
        // job 1 on 0-9999, job 2 on 0, job 3 on 1-9999: in rows of three
        assertThat(g.bars()).extracting(b -> b.rowFrom() + "-" + b.rowTo()).containsExactly("0-3333", "0-0", "0-3333");
        Path edge = Files.writeString(
                dir.resolve("edge.swf"),
                "; MaxProcs: 4096\n" + jobs.replace(" 10000 ", " 4096 ").replace(" 9999 ", " 4095 "));
        Gantt one = SimulationReport.gantt(TracePipeline.simulate(edge, FlowPolicy.EASY, SwfOptions.DEFAULTS)
                .result());
        assertThat(one.rows()).hasSize(4096).startsWith("p0", "p1").endsWith("p4095");
        assertThat(one.title()).isEqualTo("Schedule of all 3 jobs");
        assertThat(one.bars())
                .extracting(b -> b.rowFrom() + "-" + b.rowTo())
                .containsExactly("0-4095", "0-0", "1-4095");
    }

    private static Chart chart(Report r, String id) {
        for (Section s : r.sections()) {
            if (s instanceof Chart c && c.id().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no chart " + id);
    }

    @Test
    void timeUnitsAndOrdinals() {
        assertThat(TimeAxis.forSpan(100).name()).isEqualTo("s");
        assertThat(TimeAxis.forSpan(3600).name()).isEqualTo("min");
        assertThat(TimeAxis.forSpan(86_400).name()).isEqualTo("h");
        assertThat(TimeAxis.forSpan(30_000_000).name()).isEqualTo("days");
        assertThat(TimeAxis.forSpan(30_000_000).of(86_400 * 2.5)).isEqualTo(2.5);
        assertThat(Ordinals.of(1)).isEqualTo("1st");
        assertThat(Ordinals.of(2)).isEqualTo("2nd");
        assertThat(Ordinals.of(3)).isEqualTo("3rd");
        assertThat(Ordinals.of(7)).isEqualTo("7th");
        assertThat(Ordinals.of(11)).isEqualTo("11th");
        assertThat(Ordinals.of(12)).isEqualTo("12th");
        assertThat(Ordinals.of(22)).isEqualTo("22nd");
        assertThat(Ordinals.of(113)).isEqualTo("113th");
    }
}
