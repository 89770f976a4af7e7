package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.io.BackgroundTask;
import org.metasched.model.Workload;

/**
 * A trace simulated while it is read ({@link LiveTrace}): the jobs the workload hands out as the read goes on, and
 * the trace at the end, are those of a read at once; where the jobs read first cannot stand (out of submit order, a
 * late header, more jobs than room) the workload says so ({@link Workload.Restart}) and {@link LiveTrace#whole()} is
 * the read at once; the read's errors come through the workload. A scripted read ahead hands out the records in
 * runs, so that each case happens where the test puts it.
 */
class LiveTraceTest {
    private static final String NAME = "t.swf";

    @TempDir
    Path dir;

    @Test
    void jobsComeAsTheReadGoesOnAndEndAsTheTraceReadAtOnce() {
        Random rnd = new Random(2501);
        SwfOptions[] options = {
            SwfOptions.DEFAULTS,
            SwfOptions.DEFAULTS.withOverrun(SwfOptions.Overrun.EXTEND).withSize(SwfOptions.SizeField.REQUESTED),
            SwfOptions.DEFAULTS.withMachineProcessors(100),
            SwfOptions.DEFAULTS.withMaxJobs(1_500),
        };
        for (int round = 0; round < 8; round++) {
            String text = SwfTraces.random(rnd, 3_000, 64 + rnd.nextInt(128), 0, false);
            SwfReader reader = new SwfReader(options[round % options.length]);
            SwfTrace expected = reader.parse(NAME, bytes(text));
            Script script = new Script(text, 1 + rnd.nextInt(400), 0, 0);
            LiveTrace live = LiveTrace.start(reader, NAME, script.pending());
            assertThat(live.workload().size())
                    .as("jobs before the simulation asks")
                    .isLessThan(expected.workload().size());
            Consumed c = consume(live);
            assertThat(c.restart).isNull();
            assertThat(c.jobs).hasSize(expected.workload().size());
            for (int j = 0; j < c.jobs.size(); j++) {
                assertThat(c.jobs.get(j)).as("job %d", j).containsExactly(job(expected.workload(), j));
            }
            SwfTraces.assertSame(c.trace, expected);
        }
    }

    @Test
    void aJobOutOfSubmitOrderRestartsWithTheWholeTrace() {
        Random rnd = new Random(2502);
        String text = SwfTraces.random(rnd, 3_000, 64, 0, false);
        // record 2,000 goes back in time: found in the scripted read's fifth run of 400
        String late = text.lines()
                .map(l -> l.startsWith("2000 ") ? l.replaceFirst("^2000 \\d+ ", "2000 0 ") : l)
                .reduce("", (a, l) -> a + l + "\n");
        SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);
        SwfTrace expected = reader.parse(NAME, bytes(late));
        assertThat(expected.count(SwfRule.SUBMIT_OUT_OF_ORDER)).isEqualTo(1);
        Consumed c = consume(LiveTrace.start(reader, NAME, new Script(late, 400, 0, 0).pending()));
        assertThat(c.restart).isEqualTo(NAME + ": a job out of submit order");
        assertThat(c.jobs.size()).isBetween(1, 2_000);
        SwfTraces.assertSame(c.trace, expected);
    }

    @Test
    void aHeaderLateInTheFileRestartsWithTheWholeTrace() {
        Random rnd = new Random(2503);
        String text = SwfTraces.random(rnd, 3_000, 64, 40, false); // MaxNodes 64, then MaxProcs 40 after 1,500
        SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);
        SwfTrace expected = reader.parse(NAME, bytes(text));
        assertThat(expected.workload().machineProcessors()).isEqualTo(40);
        Consumed c = consume(LiveTrace.start(reader, NAME, new Script(text, 250, 1_500, 64).pending()));
        assertThat(c.restart).isEqualTo(NAME + ": the machine size changed late in the file");
        SwfTraces.assertSame(c.trace, expected);
    }

    @Test
    void moreJobsThanTheRoomMadeRestartWithTheWholeTrace() {
        Random rnd = new Random(2504);
        String text = SwfTraces.random(rnd, 3_000, 64, 0, false);
        SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);
        SwfTrace expected = reader.parse(NAME, bytes(text));
        Script script = new Script(text, 300, 0, 0);
        script.firstRoom = 1_000; // the first run's columns say 1,000 records: room for 1,062 jobs
        LiveTrace live = LiveTrace.start(reader, NAME, script.pending());
        assertThat(live.workload().capacity()).isEqualTo(1_062);
        Consumed c = consume(live);
        assertThat(c.restart).isEqualTo("more than the 1062 jobs made room for");
        SwfTraces.assertSame(c.trace, expected);
    }

    @Test
    void theReadsErrorComesThroughTheWorkloadAtItsPlace() {
        Random rnd = new Random(2505);
        String good = SwfTraces.random(rnd, 3_000, 64, 0, false);
        String bad = good + "3001 5 -1 x 1 -1 -1 1 1 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
        SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);
        String expected = SwfTraces.catchMessage(() -> reader.parse(NAME, bytes(bad)));
        assertThat(expected).startsWith(NAME + ":");
        Script script = new Script(good, 500, 0, 0);
        script.task = task(() -> SwfTokenizer.tokenize(NAME, bytes(bad)));
        LiveTrace live = LiveTrace.start(reader, NAME, script.pending());
        Workload w = live.workload();
        assertThat(w.has(2_000)).isTrue();
        assertThatThrownBy(() -> w.has(Integer.MAX_VALUE - 1))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage(expected);
    }

    /**
     * A second MaxProcs with another value, found by the read ahead after the simulation has taken its first jobs:
     * the read's error, thrown by the workload, as a read at once throws it (not a restart on the later size).
     */
    @Test
    void aHeaderRepeatedWithAnotherValueLateInTheFileIsTheReadsError() {
        Random rnd = new Random(2507);
        String good = SwfTraces.random(rnd, 3_000, 64, 0, false);
        int at = good.indexOf("\n2500 ") + 1;
        String bad = good.substring(0, at) + "; MaxProcs: 40\n" + good.substring(at);
        SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);
        String expected = SwfTraces.catchMessage(() -> reader.parse(NAME, bytes(bad)));
        assertThat(expected)
                .startsWith(NAME + ":")
                .contains("header 'MaxProcs': bad value '40', expected 64 as on line 2");
        Script script = new Script(good, 500, 0, 0);
        script.task = task(() -> SwfTokenizer.tokenize(NAME, bytes(bad)));
        LiveTrace live = LiveTrace.start(reader, NAME, script.pending());
        Workload w = live.workload();
        assertThat(w.has(2_000)).isTrue();
        assertThatThrownBy(() -> w.has(Integer.MAX_VALUE - 1))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage(expected);
    }

    /** The real read ahead's threads (timing as it comes): the same trace however far it got before the start. */
    @Test
    void aFileReadAheadReadsLiveAsAtOnce() throws IOException {
        Random rnd = new Random(2506);
        for (int round = 0; round < 6; round++) {
            String text = SwfTraces.random(rnd, 20_000, 64 + rnd.nextInt(128), round % 3 == 2 ? 80 : 0, round < 3);
            Path file = dir.resolve("r" + round + (round % 2 == 0 ? ".swf.gz" : ".swf"));
            SwfTraces.write(file, bytes(text), round % 2 == 0);
            SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);
            SwfTrace atOnce = reader.read(file);
            SwfPrefetch.start(file);
            Consumed c = consume(reader.readLive(file));
            SwfTraces.assertSame(c.trace, atOnce);
            if (round == 3 || round == 4) { // in submit order, one header: nothing to restart for
                assertThat(c.restart).isNull();
            }
            if (c.restart == null) {
                assertThat(c.jobs).hasSize(atOnce.workload().size());
            }
        }
        Path plain = dir.resolve("plain.swf"); // nothing read ahead: read whole
        SwfTraces.write(plain, bytes(SwfTraces.random(rnd, 100, 16, 0, false)), false);
        LiveTrace whole = new SwfReader(SwfOptions.DEFAULTS).readLive(plain);
        assertThat(whole.workload().capacity()).isEqualTo(whole.workload().size());
        SwfTraces.assertSame(whole.finish(), new SwfReader(SwfOptions.DEFAULTS).read(plain));
    }

    /** What a simulation sees: the jobs in order, then the trace; after a restart, the whole trace. */
    private record Consumed(List<long[]> jobs, SwfTrace trace, String restart) {}

    private static Consumed consume(LiveTrace live) {
        List<long[]> jobs = new ArrayList<>();
        Workload w = live.workload();
        try {
            for (int j = 0; w.has(j); j++) {
                jobs.add(job(w, j));
            }
            return new Consumed(jobs, live.finish(), null);
        } catch (Workload.Restart r) {
            return new Consumed(jobs, live.whole(), r.getMessage());
        }
    }

    private static long[] job(Workload w, int j) {
        return new long[] {
            w.id(j), w.submitSeconds(j), w.runtimeSeconds(j), w.estimateSeconds(j), w.processors(j), w.killed(j) ? 1 : 0
        };
    }

    /**
     * A read ahead of {@code text} that hands out its records {@code run} at a time, as the reader asks; the views
     * before record {@code headerAfter} (if positive) show the header {@code earlyMachine}.
     */
    private static final class Script {
        final SwfColumns all;
        final int run;
        final int headerAfter;
        final int earlyMachine;
        int firstRoom;
        BackgroundTask<SwfColumns> task;

        Script(String text, int run, int headerAfter, int earlyMachine) {
            this.all = SwfTokenizer.tokenize(NAME, bytes(text));
            this.run = run;
            this.headerAfter = headerAfter;
            this.earlyMachine = earlyMachine;
            this.task = task(() -> all);
        }

        SwfPrefetch.Pending pending() {
            List<SwfColumns> views = new ArrayList<>();
            for (int k = Math.min(run, all.size); ; k = Math.min(k + run, all.size)) {
                SwfColumns v = all.view();
                v.size = k;
                if (headerAfter > 0 && k <= headerAfter) {
                    v.maxProcs = earlyMachine;
                }
                if (views.isEmpty() && firstRoom > 0) {
                    v.id = Arrays.copyOf(v.id, firstRoom);
                }
                views.add(v);
                if (k == all.size) {
                    break;
                }
            }
            SwfPrefetch.Progress progress = new SwfPrefetch.Progress() {
                private int next;

                @Override
                synchronized SwfColumns next(int have) {
                    while (next < views.size()) {
                        SwfColumns v = views.get(next++);
                        if (v.size > have) {
                            return v;
                        }
                    }
                    task.run(); // the read ends: its records, or its error
                    return null;
                }
            };
            return new SwfPrefetch.Pending(Path.of(NAME), task, new long[1], progress);
        }
    }

    /** The read ahead's task, run by the script when its views are taken. */
    private static BackgroundTask<SwfColumns> task(Supplier<SwfColumns> records) {
        return new BackgroundTask<>() {
            @Override
            protected SwfColumns compute() {
                return records.get();
            }
        };
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
