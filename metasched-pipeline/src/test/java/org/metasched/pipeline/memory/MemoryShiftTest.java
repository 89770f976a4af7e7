package org.metasched.pipeline.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.memory.DesignationLog;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryJobRecord;
import org.metasched.memory.MemorySummary;
import org.metasched.memory.MemoryTimeSeries;
import org.metasched.report.Chart;
import org.metasched.report.Section;

/**
 * A log on a late clock (epoch seconds, epoch microseconds) gives the run of the same log starting at 0, shifted:
 * every metric of the summary to the last bit (the utilizations and per-class means are time averages from the
 * log's first record, time 0 of the log at origin 0), every wait and flowtime, the time series and the
 * re-provisionings and the report's curves; the times written are those of origin 0 plus the origin. With
 * {@code --load} too, whose scaled arrivals are fractions of a second (docs/memory.md, "Any clock").
 */
class MemoryShiftTest {
    /** 2^28 s (MemoryWorkload.REBASE_FROM_SECONDS), epoch seconds, 2^33 s, epoch microseconds (1.7e15), 2^50 s. */
    private static final long[] LATE = {1L << 28, 1_700_000_000L, 1L << 33, 1_700_000_000_000_000L, 1L << 50};

    @TempDir
    Path dir;

    static Stream<Arguments> runs() {
        List<Arguments> out = new ArrayList<>();
        for (String policy : new String[] {"adaptive", "static", "shared", "shared-backfill"}) {
            for (Double load : new Double[] {null, 0.9, 0.37}) {
                for (long seed : new long[] {1, 2}) {
                    out.add(Arguments.of(policy, load, seed));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} load {1} seed {2}")
    @MethodSource("runs")
    void aLateOriginGivesTheSameRunShifted(String policy, Double load, long seed) throws IOException {
        MemoryPipeline.Result base = run(policy, load, seed, 0);
        assertThat(base.summaries().get(0).windowStartSeconds()).isZero();
        for (long origin : LATE) {
            MemoryPipeline.Result shifted = run(policy, load, seed, origin);
            assertSameRunShifted(shifted, base, origin);
        }
    }

    static void assertSameRunShifted(MemoryPipeline.Result shifted, MemoryPipeline.Result base, double origin) {
        MemorySummary s = shifted.summaries().get(0);
        MemorySummary b = base.summaries().get(0);
        assertThat(s)
                .as("origin %s", origin)
                .usingRecursiveComparison()
                .ignoringFields("originSeconds") // the window on the model's clock is the same
                .isEqualTo(b);
        assertThat(s.originSeconds()).isEqualTo(b.originSeconds() + origin);
        assertThat(s.windowStartSeconds()).as("window start").isEqualTo(b.windowStartSeconds() + origin);
        assertThat(s.windowEndSeconds()).as("window end").isEqualTo(b.windowEndSeconds() + origin);

        List<MemoryJobRecord> sj = shifted.first().jobRecords();
        List<MemoryJobRecord> bj = base.first().jobRecords();
        assertThat(sj).hasSameSizeAs(bj);
        for (int j = 0; j < bj.size(); j++) {
            MemoryJobRecord x = sj.get(j);
            MemoryJobRecord y = bj.get(j);
            assertThat(x)
                    .as("job %s at origin %s", y.id(), origin)
                    .usingRecursiveComparison()
                    .ignoringFields("originSeconds") // the times on the model's clock are the same
                    .isEqualTo(y);
            assertThat(x.originSeconds()).isEqualTo(y.originSeconds() + origin);
            assertThat(x.submitSeconds()).isEqualTo(y.submitSeconds() + origin);
            assertThat(x.startSeconds()).isEqualTo(y.startSeconds() + origin);
            assertThat(x.endSeconds()).isEqualTo(y.endSeconds() + origin);
        }

        MemoryTimeSeries st = shifted.first().timeSeries();
        MemoryTimeSeries bt = base.first().timeSeries();
        assertThat(st.size()).isEqualTo(bt.size());
        for (int i = 0; i < bt.size(); i++) {
            assertThat(st.rows().timeSeconds(i))
                    .as("row %s", i)
                    .isEqualTo(bt.rows().timeSeconds(i));
            assertThat(st.timeSeconds(i)).as("row %s", i).isEqualTo(bt.timeSeconds(i) + origin);
            for (int c = 0; c < 2 + 2 * bt.classes(); c++) {
                assertThat(st.rows().value(i, c))
                        .as("row %s column %s", i, c)
                        .isEqualTo(bt.rows().value(i, c));
            }
        }
        // the report's charts: the same curves, on an axis that says it counts from the log's first record
        List<Chart> sc = charts(shifted);
        List<Chart> bc = charts(base);
        assertThat(sc).hasSameSizeAs(bc).isNotEmpty();
        for (int i = 0; i < bc.size(); i++) {
            Chart x = sc.get(i);
            Chart y = bc.get(i);
            assertThat(x.xTitle()).isEqualTo(y.xTitle().replaceFirst(" \\(", " after " + (long) origin + " s ("));
            assertThat(x.series()).hasSameSizeAs(y.series());
            for (int k = 0; k < y.series().size(); k++) {
                assertThat(x.series().get(k).x())
                        .as(x.id())
                        .containsExactly(y.series().get(k).x());
                assertThat(x.series().get(k).y())
                        .as(x.id())
                        .containsExactly(y.series().get(k).y());
            }
        }

        DesignationLog sd = shifted.first().designations();
        DesignationLog bd = base.first().designations();
        assertThat(sd.size()).isEqualTo(bd.size());
        for (int i = 0; i < bd.size(); i++) {
            assertThat(sd.timeSeconds(i)).isEqualTo(bd.timeSeconds(i));
            assertThat(sd.core(i)).isEqualTo(bd.core(i));
            assertThat(sd.toClass(i)).isEqualTo(bd.toClass(i));
        }
    }

    private static List<Chart> charts(MemoryPipeline.Result result) {
        List<Chart> out = new ArrayList<>();
        for (Section section : MemoryReport.of(result, "memory").sections()) {
            if (section instanceof Chart c) {
                out.add(c);
            }
        }
        return out;
    }

    private MemoryPipeline.Result run(String policy, Double load, long seed, long origin) throws IOException {
        Path trace = dir.resolve("t" + seed + "-" + origin + ".swf");
        if (!Files.exists(trace)) {
            Files.writeString(trace, trace(seed, origin));
        }
        MemoryConfig config = MemoryConfig.defaults().withPolicy(policy).withWorkload(trace.toString());
        return MemoryPipeline.run(config, load, n -> {});
    }

    /**
     * A log from {@code origin}: its first record (at the origin) has no run time and is skipped, as SDSC-SP2's; then
     * 300 jobs from a few seconds later: integer gaps and run times (as SWF has them), a third each with no memory
     * (class 1), 1.43 GiB requested (class 2) and 2.38 GiB (class 3), busy enough on 10 cores for queues to form.
     */
    static String trace(long seed, long origin) {
        SplittableRandom rng = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder("; MaxProcs: 16\n");
        sb.append("0 ").append(origin).append(" -1 -1 1 -1 -1 1 100 -1 1 1 1 1 1 1 -1 -1\n");
        long t = origin + 1 + rng.nextInt(100);
        String[] memory = {"-1", "1500000", "2500000"};
        for (int j = 1; j <= 300; j++) {
            long runtime = 1L + rng.nextInt(400);
            sb.append(j).append(' ').append(t).append(" -1 ").append(runtime).append(" 1 -1 -1 1 ");
            sb.append(runtime).append(' ').append(memory[rng.nextInt(3)]).append(" 1 1 1 1 1 1 -1 -1\n");
            t += rng.nextInt(50);
        }
        return sb.toString();
    }
}
