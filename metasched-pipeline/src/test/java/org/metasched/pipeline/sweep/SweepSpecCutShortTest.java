package org.metasched.pipeline.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.model.InputFormatException;

/** The sweep files of examples/, cut short at every byte: read, or refused in the file's terms. */
class SweepSpecCutShortTest {
    private static final List<String> INTERNALS =
            List.of("Source", "Feature", "REDACTED", "marker", "jackson", "VALUE_", "Exception", "org.");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"sweep-small.yaml", "sweep-policies.yaml", "sweep-select.yaml", "sweep-batch.yaml"})
    void everyCutIsReadOrRefusedInTheFilesTerms(String example) throws IOException {
        byte[] whole = Files.readAllBytes(Path.of("..", "examples", example));
        Path cut = dir.resolve(example);
        int refused = 0;
        for (int n = 0; n < whole.length; n++) {
            Files.write(cut, Arrays.copyOf(whole, n));
            try {
                SweepSpec.read(cut);
            } catch (InputFormatException e) {
                refused++;
                String m = e.getMessage();
                assertThat(m).as("cut at %d", n).startsWith(cut.toString()).doesNotContain("\n");
                for (String word : INTERNALS) {
                    assertThat(m).as("cut at %d", n).doesNotContain(word);
                }
            } catch (RuntimeException e) {
                fail("cut at " + n + " of " + example + ": " + e, e);
            }
        }
        assertThat(refused).isPositive();
    }
}
