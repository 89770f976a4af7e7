package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BadInputIT}'s whole battery in-process (a JVM per case cost ~40 s): the same exit code 2, one line, nothing
 * on standard output and nothing written. The files a case names are made in a temporary folder and the arguments
 * that name files or output folders point there. {@link BadInputIT} keeps a few cases against the packaged jar.
 */
class BadInputTest {
    private static final Set<String> OUTPUT_OPTIONS = Set.of("-o", "--out", "--output", "--report");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.metasched.cli.BadInputIT#cases")
    void isExitCode2OneLineAndWritesNothing(BadInputIT.Case c) throws IOException {
        for (Map.Entry<String, byte[]> f : c.files().entrySet()) {
            if (f.getKey().endsWith("/")) {
                Files.createDirectories(dir.resolve(f.getKey()));
            } else {
                Files.write(dir.resolve(f.getKey()), f.getValue());
            }
        }
        Map<String, Long> before = BadInputIT.snapshot(dir);
        CliRunner.Result r = CliRunner.run(inDir(c).toArray(new String[0]));
        assertThat(r.exitCode()).as(c.name() + ": " + r.err()).isEqualTo(2);
        assertThat(r.out()).as(c.name()).isEmpty();
        assertThat(r.err()).as(c.name()).hasLineCount(1).startsWith("metasched").contains(c.expected());
        assertThat(r.err())
                .as(c.name() + ": printable, no stack trace")
                .doesNotContain("\tat ")
                .doesNotContain("Exception")
                .doesNotContainPattern("[\\x00-\\x08\\x0b-\\x1f\\x7f]");
        assertThat(BadInputIT.snapshot(dir))
                .as(c.name() + ": nothing written or deleted")
                .isEqualTo(before);
    }

    /** The case's arguments with every file and output folder in the temporary folder. */
    private List<String> inDir(BadInputIT.Case c) {
        List<String> out = new ArrayList<>();
        String previous = "";
        for (String a : c.args()) {
            boolean file = !a.startsWith("-")
                    && (c.files().containsKey(a)
                            || c.files().containsKey(a + "/")
                            || OUTPUT_OPTIONS.contains(previous)
                            || a.matches(".*\\.(swf|gz|json|ya?ml|csv|html)"));
            out.add(file ? dir.resolve(a).toString() : a);
            previous = a;
        }
        return out;
    }
}
