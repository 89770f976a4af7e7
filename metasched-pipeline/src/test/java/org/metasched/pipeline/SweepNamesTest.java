package org.metasched.pipeline;

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
    void anUnknownNameIsRefusedWithTheKnownOnes() {
        assertThatThrownBy(() -> spec("bad.yaml", "command: memory\ngrid:\n  policy: [greedy]\n"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageEndingWith("bad.yaml: grid.policy[0] is 'greedy', expected one of adaptive, static, shared,"
                        + " shared-backfill");
        assertThatThrownBy(() -> spec("bad2.yaml", "command: memry\ngrid:\n  policy: [static]\n"))
                .hasMessageContaining("unknown command 'memry', expected one of simulate, gang, memory");
    }
}
