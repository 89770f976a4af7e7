package org.metasched.io.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.model.InputFormatException;

/**
 * Every problem file of examples/, cut short at every byte and given to its reader, is either still a complete
 * problem or refused with one line in the file's terms: the file and its line, what ended or what was found, and
 * never the parser's internals (its token names, source excerpts, feature switches or class names).
 */
class CutShortFilesTest {
    /** Text that only a parser's programmer would understand. */
    private static final List<String> INTERNALS = List.of(
            "Source",
            "Feature",
            "REDACTED",
            "#UNKNOWN",
            "marker",
            "jackson",
            "VALUE_",
            "START_",
            "END_",
            "code 4",
            "Exception",
            "org.");

    @TempDir
    Path dir;

    static Stream<Arguments> examples() {
        Path examples = Path.of("..", "examples");
        Consumer<Path> select = ProblemReader::read;
        Consumer<Path> availability = AvailabilityProblemReader::read;
        Consumer<Path> batch = BatchProblemReader::read;
        return Stream.of(
                Arguments.of(examples.resolve("select-small.json"), select),
                Arguments.of(examples.resolve("select-small.yaml"), select),
                Arguments.of(examples.resolve("select-availability.json"), availability),
                Arguments.of(examples.resolve("batch-small.json"), batch));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyCutIsReadOrRefusedInTheFilesTerms(Path example, Consumer<Path> reader) throws IOException {
        byte[] whole = Files.readAllBytes(example);
        String name = example.getFileName().toString();
        Path cut = dir.resolve(name);
        int refused = 0;
        for (int n = 0; n < whole.length; n++) {
            Files.write(cut, Arrays.copyOf(whole, n));
            try {
                reader.accept(cut);
            } catch (InputFormatException e) {
                refused++;
                String m = e.getMessage();
                assertThat(m).as("cut at %d", n).startsWith(cut.toString()).doesNotContain("\n");
                for (String word : INTERNALS) {
                    assertThat(m).as("cut at %d", n).doesNotContain(word);
                }
            } catch (RuntimeException e) {
                fail("cut at " + n + " of " + name + ": " + e, e);
            }
        }
        assertThat(refused).as("most cuts are incomplete documents").isGreaterThan(whole.length / 2);
    }

    @Test
    void aJsonFileCutInsideAnObjectSaysSo() throws IOException {
        Path t = dir.resolve("t.json");
        Files.writeString(t, "{\"horizon\": [0, 10],");
        assertThatThrownBy(() -> ProblemReader.read(t))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(t + ":1:21: malformed JSON: the file ends inside an object (a '}' is missing)");
        Files.writeString(t, "{\"nodes\": [1, 2");
        assertThatThrownBy(() -> ProblemReader.read(t))
                .hasMessage(t + ":1:16: malformed JSON: the file ends inside a list (a ']' is missing)");
        Files.writeString(t, "{\"nodes\": \"ab");
        assertThatThrownBy(() -> ProblemReader.read(t)).hasMessageContaining("the file ends inside a text value");
    }

    @Test
    void aYamlFileOfOnlyCommentsSaysSo() throws IOException {
        Path t = dir.resolve("t.yaml");
        Files.writeString(t, "# nothing yet\n");
        assertThatThrownBy(() -> ProblemReader.read(t))
                .hasMessage(t + ": the file holds no YAML value (only blanks or comments), expected a YAML object");
    }

    @Test
    void aStrayCharacterIsNamedWithoutItsCode() throws IOException {
        Path t = dir.resolve("t.json");
        Files.writeString(t, "{\"horizon\": [0, 1.]}");
        assertThatThrownBy(() -> ProblemReader.read(t))
                .hasMessageStartingWith(t + ":1:")
                .hasMessageEndingWith(
                        "unexpected character (']') in a number: a decimal point must be followed by a digit")
                .hasMessageNotContaining("code");
    }
}
