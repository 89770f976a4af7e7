package org.metasched.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A whole number's error says what is wrong with the text: a fraction or exponent is not a whole number, digits
 * beyond the parameter's type are too large or too small for it, with the bound on that side (an int's for --runs,
 * a long's for --seed).
 */
class ParameterWholeNumberTest {
    @Test
    void wholeNumbersAreRead() {
        assertThat(Parameter.whole(" 42 ")).isEqualTo(42);
        assertThat(Parameter.whole("+7")).isEqualTo(7);
        assertThat(Parameter.whole("-2147483648")).isEqualTo(Integer.MIN_VALUE);
        assertThat(Parameter.wholeNumber("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(Parameter.wholeNumber("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void aFractionOrAnExponentIsNotAWholeNumber() {
        for (String text : new String[] {"2.5", "1e3", "ten", ""}) {
            assertThatThrownBy(() -> Parameter.whole(text))
                    .isInstanceOf(Parameter.Invalid.class)
                    .hasMessage("'" + text + "' is not a whole number, expected e.g. 42");
            assertThatThrownBy(() -> Parameter.wholeNumber(text))
                    .hasMessage("'" + text + "' is not a whole number, expected e.g. 42");
        }
    }

    /** A decimal's example is no fraction in particular (it was 0.8, wrong for a duration or a count of GiB). */
    @Test
    void aDecimalThatIsNotANumberGetsExamplesOfEveryShape() {
        assertThat(Parameter.number(" 1e3 ")).isEqualTo(1000.0);
        for (String text : new String[] {"ten", "", "Infinity", "NaN", "1,5"}) {
            assertThatThrownBy(() -> Parameter.number(text))
                    .isInstanceOf(Parameter.Invalid.class)
                    .hasMessage("'" + text + "' is not a finite number, expected e.g. 12, 2.5 or 1e3");
        }
    }

    @Test
    void digitsBeyondTheTypeAreTooLargeOrTooSmallWithTheBoundOnThatSide() {
        assertThatThrownBy(() -> Parameter.whole("99999999999"))
                .hasMessage("'99999999999' is too large, expected at most 2147483647");
        assertThatThrownBy(() -> Parameter.whole("-99999999999"))
                .hasMessage("'-99999999999' is too small, expected at least -2147483648");
        assertThatThrownBy(() -> Parameter.whole("99999999999999999999"))
                .hasMessage("'99999999999999999999' is too large, expected at most 2147483647");
        assertThatThrownBy(() -> Parameter.wholeNumber("99999999999999999999"))
                .hasMessage("'99999999999999999999' is too large, expected at most 9223372036854775807");
        assertThatThrownBy(() -> Parameter.wholeNumber("-99999999999999999999"))
                .hasMessage("'-99999999999999999999' is too small, expected at least -9223372036854775808");
    }
}
