package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A chart's id is checked by a loop that says what the regular expression it replaced says. */
class ChartIdTest {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final String ALPHABET = "aZz09._-A/ é\n";

    @Test
    void theLoopAgreesWithTheExpressionOnRandomStringsAndAtTheLengthLimit() {
        Random random = new Random(25);
        int accepted = 0;
        for (int n = 0; n < 200_000; n++) {
            StringBuilder s = new StringBuilder();
            int length = n % 50 == 0 ? 98 + random.nextInt(5) : random.nextInt(6);
            for (int i = 0; i < length; i++) {
                s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            String id = s.toString();
            boolean expected = ID.matcher(id).matches();
            assertThat(Chart.isId(id)).as("'%s'", id).isEqualTo(expected);
            accepted += expected ? 1 : 0;
        }
        assertThat(accepted).as("ids accepted among the random strings").isGreaterThan(1000);
        assertThat(Chart.isId("a".repeat(100))).isTrue();
        assertThat(Chart.isId("a".repeat(101))).isFalse();
    }

    @Test
    void aBadIdIsRefusedWithWhatAnIdIs() {
        for (String bad : new String[] {"", ".hidden", "wait over time", "a/b", "x".repeat(101)}) {
            assertThatThrownBy(() -> Chart.checkId(bad))
                    .as("'%s'", bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not usable as a file name");
        }
        Chart.checkId("wait-over-time_2.v1"); // no exception
    }
}
