package org.metasched.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A registered name is checked by a loop that says what the regular expression it replaced says. */
class RegistryNameTest {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
    private static final String ALPHABET = "az09-AZ_. /é\n";

    @Test
    void theLoopAgreesWithTheExpressionOnRandomStrings() {
        Random random = new Random(25);
        int accepted = 0;
        for (int n = 0; n < 200_000; n++) {
            StringBuilder s = new StringBuilder();
            int length = random.nextInt(6);
            for (int i = 0; i < length; i++) {
                s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            String name = s.toString();
            boolean expected = NAME.matcher(name).matches();
            assertThat(Registry.isName(name)).as("'%s'", name).isEqualTo(expected);
            accepted += expected ? 1 : 0;
        }
        assertThat(accepted).as("names accepted among the random strings").isGreaterThan(1000);
        assertThat(Registry.isName(null)).isFalse();
    }

    @Test
    void aBadNameIsRefusedWithWhatANameIs() {
        for (String bad : new String[] {"", "-easy", "Easy", "easy_2", "easy 2", null}) {
            assertThatThrownBy(() -> Registry.checkEntry(bad, "flow", "a policy"))
                    .as("'%s'", bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("lower-case letters, digits and '-'");
        }
        Registry.checkEntry("easy-2", "flow", "a policy"); // no exception
    }
}
