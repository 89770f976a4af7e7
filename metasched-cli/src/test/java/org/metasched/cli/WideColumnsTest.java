package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The client's tables keep their columns in line whatever a cell's length (the session's tester, D5). */
class WideColumnsTest {
    private static final String FORMAT = "%-8s %12s %%%5s  %s%n";

    private static String print(Object[]... rows) {
        StringWriter s = new StringWriter();
        try (PrintWriter o = new PrintWriter(s)) {
            WideColumns t = new WideColumns(FORMAT);
            for (Object[] r : rows) {
                t.row(r);
            }
            t.print(o);
        }
        return s.toString();
    }

    private static String printf(Object[]... rows) {
        StringWriter s = new StringWriter();
        try (PrintWriter o = new PrintWriter(s)) {
            for (Object[] r : rows) {
                o.printf(Locale.ROOT, FORMAT, r);
            }
        }
        return s.toString();
    }

    @Test
    void cellsThatFitPrintAsTheFormatSays() {
        Object[][] rows = {{"account", "balance", "n", "memo"}, {"alice", "12.5", 3, "a long memo is not padded"}};
        assertThat(print(rows)).isEqualTo(printf(rows));
    }

    @Test
    void aCellWiderThanItsColumnWidensItForEveryRow() {
        String out = print(
                new Object[] {"account", "balance", "n", "memo"},
                new Object[] {"@issuance", "-3000000000002.469", 123456, "x"},
                new Object[] {"bob", "1", 1, "y"});
        assertThat(out)
                .isEqualTo("account              balance %     n  memo\n".replace("\n", System.lineSeparator())
                        + "@issuance -3000000000002.469 %123456  x" + System.lineSeparator()
                        + "bob                        1 %     1  y" + System.lineSeparator());
    }
}
