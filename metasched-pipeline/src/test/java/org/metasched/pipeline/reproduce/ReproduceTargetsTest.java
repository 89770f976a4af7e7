package org.metasched.pipeline.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.io.results.CsvColumns;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.report.Report;

class ReproduceTargetsTest {
    @TempDir
    Path dir;

    /** A new target is one class like this plus one registration line. */
    record ToyTarget() implements ReproduceTarget {
        @Override
        public About about() {
            return new About("toy-squares", "the squares of the run numbers", 3, 0, List.of("run", "square"));
        }

        @Override
        public Map<String, List<String>> parameters() {
            return Map.of("shift", List.of("0", "1"));
        }

        @Override
        public long steps(Settings s) {
            return s.runs();
        }

        @Override
        public Outcome run(Settings s, IntConsumer progress) {
            int shift = Integer.parseInt(s.parameters().get("shift"));
            List<List<?>> rows = new ArrayList<>();
            for (int r = 0; r < s.runs(); r++) {
                rows.add(List.of(r, (r + shift) * (r + shift)));
                progress.accept(1);
            }
            return new Outcome() {
                @Override
                public List<String> summaryLines() {
                    return List.of(rows.size() + " squares");
                }

                @Override
                public void writeInto(Path d, Outputs outputs, String command) throws IOException {
                    CsvColumns.write(d.resolve("table.csv"), tableColumns(), rows);
                    if (outputs.report()) {
                        outputs.configure(Report.create("Squares").subtitle(command))
                                .writeTo(d);
                    }
                }
            };
        }
    }

    @Test
    void aRegisteredTargetRunsThroughThePipelineLikeTheBuiltInOnes() throws IOException {
        List<String> builtIn = ReproduceTargets.REGISTRY.names();
        ReproduceTargets.REGISTRY.register(new ToyTarget());
        assertThat(ReproduceTargets.REGISTRY.names())
                .startsWith(builtIn.toArray(new String[0]))
                .endsWith("toy-squares");
        ReproduceTarget t = ReproduceTargets.REGISTRY.byName("Toy-Squares");
        ReproduceTarget.Settings s = ReproducePipeline.settings(t, t.defaultRuns(), 0, 1, Map.of());
        assertThat(s.parameters()).containsEntry("shift", "0");
        AtomicLong steps = new AtomicLong();
        ReproduceTarget.Outcome o = ReproducePipeline.run(t, s, steps::addAndGet);
        assertThat(steps.get()).isEqualTo(t.steps(s));
        assertThat(o.summaryLines()).containsExactly("3 squares");
        Path out = dir.resolve("toy");
        ReproducePipeline.write(out, o, Outputs.DEFAULT, "test");
        assertThat(Files.readAllLines(out.resolve("table.csv"))).containsExactly("run,square", "0,0", "1,1", "2,4");
        assertThat(out.resolve("report.html")).exists();
        assertThat(out.resolve(".metasched-output")).exists();

        assertThatThrownBy(() -> ReproduceTargets.REGISTRY.register(new ToyTarget()))
                .hasMessageContaining("registered already");
    }

    @Test
    void unknownNamesParametersAndValuesAreBadInputThatListsWhatIsValid() {
        assertThatThrownBy(() -> ReproduceTargets.REGISTRY.byName("p000-table9"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith("unknown target 'p000-table9'; known: p000-table2, p000-table3");
        ReproduceTarget t2 = ReproduceTargets.REGISTRY.byName("p000-table2");
        assertThatThrownBy(() -> ReproducePipeline.settings(t2, 1, 0, 1, Map.of("shift", "1")))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("parameter 'shift' does not apply to target p000-table2 (its parameters: performance)");
        assertThatThrownBy(() -> ReproducePipeline.settings(t2, 1, 0, 1, Map.of("performance", "complex")))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("parameter 'performance': unknown value 'complex', expected one of integer, real");
        assertThat(ReproducePipeline.settings(t2, 1, 0, 1, Map.of("performance", "REAL"))
                        .parameters())
                .containsEntry("performance", "real");
    }
}
