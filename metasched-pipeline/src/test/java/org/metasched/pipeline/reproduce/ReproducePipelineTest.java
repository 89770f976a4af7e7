package org.metasched.pipeline.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.pipeline.Outputs;

/**
 * Built-in targets at a small size through the pipeline, as {@code metasched reproduce TARGET --runs 2 --seed 5}
 * runs them: the same {@code table.csv} as the command's golden output (metasched-cli's {@code
 * golden/cases/reproduce-TARGET}), whatever the thread count, and the same printed table.
 */
class ReproducePipelineTest {
    private static final Path GOLDEN = Path.of("..", "metasched-cli", "src", "test", "resources", "golden", "cases");

    @TempDir
    Path dir;

    private Path reproduce(String name, int threads) {
        ReproduceTarget target = ReproduceTargets.REGISTRY.byName(name);
        ReproduceTarget.Settings settings = ReproducePipeline.settings(target, 2, 5, threads, Map.of());
        AtomicInteger steps = new AtomicInteger();
        ReproduceTarget.Outcome outcome = ReproducePipeline.run(target, settings, x -> steps.incrementAndGet());
        assertThat(steps.get()).as("progress steps").isPositive();
        Path out = dir.resolve(name + "-" + threads);
        ReproducePipeline.write(out, outcome, Outputs.NO_REPORT, "reproduce " + name);
        if (name.equals("p000-table2")) { // its printed table, as the command prints it between its first and last line
            List<String> printed = lines(GOLDEN.resolve("reproduce-p000-table2").resolve("stdout.txt"));
            assertThat(outcome.summaryLines()).isEqualTo(printed.subList(1, printed.size() - 2));
        }
        return out;
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void p000Table2AtTwoRunsIsTheCommandsTable() throws IOException {
        for (int threads : new int[] {1, 2}) {
            Path out = reproduce("P000-Table2", threads);
            assertThat(Files.readString(out.resolve("table.csv")))
                    .isEqualTo(Files.readString(
                            GOLDEN.resolve("reproduce-p000-table2").resolve("table.csv")));
            assertThat(out.resolve("report.html")).doesNotExist();
        }
    }

    @Test
    void p002BsfAtTwoRunsIsTheCommandsTable() throws IOException {
        Path out = reproduce("p002-bsf", 2);
        assertThat(Files.readString(out.resolve("table.csv")))
                .isEqualTo(Files.readString(GOLDEN.resolve("reproduce-p002-bsf").resolve("table.csv")));
    }
}
