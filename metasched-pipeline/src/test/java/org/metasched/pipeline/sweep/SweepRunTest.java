package org.metasched.pipeline.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.Parameter;
import org.metasched.model.Parameters;

/** A sweep reads each input file once, runs the cells of one file together and drops what it read after them. */
class SweepRunTest {
    @TempDir
    Path dir;

    /** Reads its file through the shared inputs and counts the reads; metric: the file's length plus the value. */
    static final class Toy implements SweepableCommand {
        static final Map<String, AtomicInteger> READS = new ConcurrentHashMap<>();

        @Override
        public String name() {
            return "toy-inputs";
        }

        @Override
        public String description() {
            return "a toy that counts its file reads";
        }

        @Override
        public Parameters schema() {
            return new Parameters(
                    Parameter.of("file", Parameter.Kind.TEXT, s -> s).required().description("The file."),
                    Parameter.of("value", Parameter.Kind.WHOLE, Parameter::whole)
                            .required()
                            .description("A number."));
        }

        @Override
        public String check(Map<String, String> cell) {
            return null;
        }

        @Override
        public List<String> inputs() {
            return List.of("file");
        }

        @Override
        public List<String> metrics() {
            return List.of("length");
        }

        @Override
        public double[] run(Map<String, String> cell, long seed, int replication, SweepInputs inputs) {
            String text = inputs.shared(cell.get("file"), String.class, p -> {
                READS.computeIfAbsent(cell.get("file"), k -> new AtomicInteger())
                        .incrementAndGet();
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new org.metasched.model.InputFormatException(p + ": no such file");
                }
            });
            return new double[] {text.length() + Integer.parseInt(cell.get("value"))};
        }
    }

    static {
        SweepCommands.register(new Toy());
    }

    @Test
    void eachFileIsReadOnceAndTheResultsDoNotDependOnTheOrderOrTheThreads() throws IOException {
        List<String> files = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
            files.add(Files.writeString(dir.resolve("f" + f + ".txt"), "x".repeat(10 * (f + 1)))
                    .toString());
        }
        files.add(dir.resolve("missing.txt").toString());
        Path spec = Files.writeString(
                dir.resolve("toy.yaml"),
                "command: toy-inputs\ngrid:\n  file: [" + String.join(", ", files)
                        + "]\n  value: [1, 2, 3, 4, 5, 6]\nreplications: 3\n");
        SweepSpec s = SweepSpec.read(spec);
        for (int threads : new int[] {1, 2, 3}) {
            Toy.READS.clear();
            List<SweepRun.Result> results = SweepRun.run(s, SweepRun.Shard.ALL, threads, x -> {});
            assertThat(results).hasSize(5 * 6 * 3);
            for (int i = 0; i < results.size(); i++) {
                SweepRun.Result r = results.get(i);
                assertThat(r.cell()).isEqualTo(s.cells().get(i / 3));
                assertThat(r.replication()).isEqualTo(i % 3);
                String file = r.cell().parameters().get("file");
                int value = Integer.parseInt(r.cell().parameters().get("value"));
                if (file.endsWith("missing.txt")) {
                    assertThat(r.error()).isEqualTo(file + ": no such file");
                } else {
                    assertThat(r.metrics()[0]).isEqualTo(Files.size(Path.of(file)) + value);
                }
            }
            for (int f = 0; f < 4; f++) {
                assertThat(Toy.READS.get(files.get(f)).get())
                        .as("reads of " + files.get(f))
                        .isEqualTo(1);
            }
            // a failed read is not kept: every cell of the missing file tries (and names it) itself
            assertThat(Toy.READS.get(files.get(4)).get()).isEqualTo(6 * 3);
        }
    }

    @Test
    void theTasksOfOneInputRunTogetherInTheOrderOfTheirFirstCell() throws IOException {
        Path spec = Files.writeString(
                dir.resolve("toy.yaml"), "command: toy-inputs\ngrid:\n  file: [a, b, c]\n  value: [1, 2, 3, 4]\n");
        SweepSpec s = SweepSpec.read(spec);
        int[] order = SweepRun.inputOrder(s.command(), s.cells(), 2);
        assertThat(order).hasSize(24).doesNotHaveDuplicates();
        List<String> runs = new ArrayList<>();
        for (int task : order) {
            String file = s.cells().get(task / 2).parameters().get("file");
            if (runs.isEmpty() || !runs.get(runs.size() - 1).equals(file)) {
                runs.add(file);
            }
        }
        assertThat(runs).hasSize(3).doesNotHaveDuplicates();
        assertThat(runs.get(0)).isEqualTo(s.cells().get(0).parameters().get("file"));
    }

    @Test
    void sharedInputsKeepAValueOnlyWhileUsesAreAnnounced() {
        SharedInputs store = new SharedInputs();
        AtomicInteger reads = new AtomicInteger();
        store.expect("a", 2);
        assertThat(store.get("a", String.class, () -> "v" + reads.incrementAndGet()))
                .isEqualTo("v1");
        assertThat(store.get("a", String.class, () -> "v" + reads.incrementAndGet()))
                .isEqualTo("v1");
        assertThat(store.get("a", Integer.class, () -> 7)).isEqualTo(7); // another reading of the same file
        store.release("a");
        assertThat(store.pending()).isEqualTo(1);
        store.release("a");
        assertThat(store.pending()).isZero();
        // dropped: read again, and not kept without an announced use
        assertThat(store.get("a", String.class, () -> "v" + reads.incrementAndGet()))
                .isEqualTo("v2");
        assertThat(store.get("a", String.class, () -> "v" + reads.incrementAndGet()))
                .isEqualTo("v3");
        assertThat(store.pending()).isZero();
    }
}
