package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Table}: with cells that fit, every row is what its {@code printf} format writes (the tables of ordinary inputs
 * are unchanged); a wider cell widens its column in every row, so the columns stay aligned.
 */
class TableTest {
    private static final String FORMAT = "%-6s %4s %5s  %-3s %9s%n";

    @Test
    void cellsThatFitAreLaidOutAsTheFormatLaysThemOut() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 2_000; i++) {
            Object[][] rows = new Object[1 + rnd.nextInt(4)][];
            StringBuilder expected = new StringBuilder();
            Table t = new Table(FORMAT);
            for (int r = 0; r < rows.length; r++) {
                rows[r] = new Object[] {cell(rnd, 6), rnd.nextInt(10_000), cell(rnd, 5), cell(rnd, 3), cell(rnd, 9)};
                expected.append(String.format(Locale.ROOT, FORMAT, rows[r]));
                t.row(rows[r]);
            }
            assertThat(printed(t)).isEqualTo(expected.toString());
        }
    }

    @Test
    void aWiderCellWidensItsColumnInEveryRow() {
        Table t = new Table(FORMAT);
        t.row("job", "sub", "cost", "ok", "time");
        t.row("a-long-id", 1, "0.00000118", "yes", 12);
        t.row("b", 12345, "3", "", "");
        String nl = System.lineSeparator();
        assertThat(printed(t))
                .isEqualTo("job         sub       cost  ok       time" + nl
                        + "a-long-id     1 0.00000118  yes        12" + nl
                        + "b         12345          3               " + nl);
        assertThat(t.span(0, 1)).isEqualTo(15); // 9 + 1 + 5
        assertThat(t.span(2, 4)).isEqualTo(10 + 2 + 3 + 1 + 9);
        assertThat(t.span(3, 3)).isEqualTo(3);
    }

    @Test
    void aFormatHasOnlyStringColumnsAndEndsTheLine() {
        assertThatThrownBy(() -> new Table("%6s %4d%n")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Table("%6s %4s")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Table("%6s%n").row("a", "b")).isInstanceOf(IllegalArgumentException.class);
    }

    /** Up to {@code width} characters without a space, sometimes none. */
    private static String cell(SplittableRandom rnd, int width) {
        int n = rnd.nextInt(width + 1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append((char) ('a' + rnd.nextInt(26)));
        }
        return b.toString();
    }

    private static String printed(Table t) {
        StringWriter w = new StringWriter();
        try (PrintWriter o = new PrintWriter(w)) {
            t.print(o);
        }
        return w.toString();
    }
}
