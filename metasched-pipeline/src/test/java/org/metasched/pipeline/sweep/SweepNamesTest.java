package org.metasched.pipeline.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

/** Names in a sweep file are resolved once, when it is read: a cell keeps the canonical name, whatever was typed. */
class SweepNamesTest {
    @TempDir
    Path dir;

    private SweepSpec spec(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return SweepSpec.read(f);
    }

    @Test
    void aMemorySweepTypedInCapitalsIsTheSameSweep() throws IOException {
        SweepSpec lower = spec(
                "lower.yaml",
                "command: memory\ngrid:\n  policy: [adaptive, shared-backfill]\n  load: [0.5, 0.8]\nseed: 7\n");
        SweepSpec upper = spec(
                "upper.yaml",
                "command: Memory\ngrid:\n  policy: [Adaptive, SHARED-Backfill]\n  load: [0.5, 0.8]\nseed: 7\n");
        assertThat(upper.command()).isSameAs(lower.command());
        assertThat(upper.cells()).isEqualTo(lower.cells());
        assertThat(upper.cells())
                .extracting(c -> c.parameters().get("policy"))
                .containsOnly("adaptive", "shared-backfill");
        double[] a = lower.command().run(lower.cells().get(0).parameters(), 7, 0, null);
        double[] b = upper.command().run(upper.cells().get(0).parameters(), 7, 0, null);
        assertThat(b).containsExactly(a);
    }

    @Test
    void aSimulateSweepPolicyIsCanonicalToo() throws IOException {
        SweepSpec s = spec(
                "s.yaml", "command: SIMULATE\noptions:\n  workload: x.swf\ngrid:\n  policy: [EASY, Conservative]\n");
        assertThat(s.cells())
                .extracting(c -> c.parameters().get("policy"))
                .containsExactlyInAnyOrder("easy", "conservative");
    }

    @Test
    void seedsAreExact64BitNumbers() throws IOException {
        String grid = "command: memory\ngrid:\n  policy: [static]\n";
        assertThat(spec("a.yaml", grid + "seed: 9007199254740992\n").seed()).isEqualTo(9007199254740992L);
        assertThat(spec("b.yaml", grid + "seed: 9007199254740993\n").seed()).isEqualTo(9007199254740993L);
        assertThat(spec("c.yaml", grid + "seed: 9223372036854775807\n").seed()).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> spec("d.yaml", grid + "seed: 1.5\n"))
                .hasMessageEndingWith("d.yaml: seed must be a whole number from -9223372036854775808 to"
                        + " 9223372036854775807, got 1.5");
        assertThatThrownBy(() -> spec("e.yaml", grid + "seed: 9223372036854775808\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("seed must be a whole number");
        assertThatThrownBy(() -> spec("f.yaml", grid + "  machines: [99999999999]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageEndingWith(
                        "f.yaml: grid.machines[0]: '99999999999' is too large, expected at most 2147483647");
    }

    @Test
    void anUnknownNameIsRefusedWithTheKnownOnes() {
        assertThatThrownBy(() -> spec("bad.yaml", "command: memory\ngrid:\n  policy: [greedy]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageEndingWith(
                        "bad.yaml: grid.policy[0]: unknown memory policy 'greedy', expected one of adaptive,"
                                + " static, shared,"
                                + " shared-backfill");
        assertThatThrownBy(() -> spec("bad2.yaml", "command: memry\ngrid:\n  policy: [static]\n"))
                .hasMessageContaining("unknown command 'memry', expected one of simulate, gang, memory");
    }

    @Test
    void aGridThatIsNotAMapIsNamedAsSuchNotAsEmpty() {
        assertThatThrownBy(() -> spec("l.yaml", "command: simulate\ngrid: [1, 2]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageEndingWith("l.yaml: grid must be parameters each with a list of values"
                        + " (policy: [fcfs, easy]), got a list");
        assertThatThrownBy(() -> spec("t.yaml", "command: simulate\ngrid: fcfs\n"))
                .hasMessageEndingWith("got 'fcfs'");
        assertThatThrownBy(() -> spec("e.yaml", "command: simulate\ngrid: {}\n"))
                .hasMessageEndingWith("e.yaml: grid is empty, expected parameters each with a list of values");
    }

    @Test
    void aDirectoryGivenAsTheSweepFileIsNamedAsOne() {
        assertThatThrownBy(() -> SweepSpec.read(dir))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(dir + ": is a directory, expected a sweep file (YAML or JSON)");
    }
}
