package org.metasched.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A boolean is true or false in any case (YAML's core schema: True, TRUE); YAML 1.1's yes/no/on/off are not. */
class ParameterBooleanTest {
    @Test
    void trueAndFalseAreReadInAnyCase() {
        for (String t : new String[] {"true", "True", "TRUE", "tRuE"}) {
            assertThat(Parameter.bool(t)).as(t).isTrue();
        }
        for (String f : new String[] {"false", "False", "FALSE"}) {
            assertThat(Parameter.bool(f)).as(f).isFalse();
        }
    }

    @Test
    void anythingElseIsRefused() {
        for (String text : new String[] {"yes", "no", "on", "off", "y", "1", "0", "", "maybe", "truee"}) {
            assertThatThrownBy(() -> Parameter.bool(text))
                    .isInstanceOf(Parameter.Invalid.class)
                    .hasMessage("'" + text + "' is not true or false");
        }
    }

    /** A sweep cell keeps a boolean as true or false, so that True and true are one cell with one id. */
    @Test
    void aBooleanParameterKeepsItsLowerCaseText() {
        Parameter<Boolean> p = Parameter.of("flag", Parameter.Kind.BOOLEAN, Parameter::bool)
                .otherwise(true)
                .description("A flag.");
        assertThat(p.canonicalText("TRUE")).isEqualTo("true");
        assertThat(p.canonicalText("False")).isEqualTo("false");
    }
}
