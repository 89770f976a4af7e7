package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FlowPolicyTest {
    @Test
    void namesResolveAndUnknownNamesListTheKnownOnes() {
        assertThat(FlowPolicy.byName("EASY")).isEqualTo(FlowPolicy.EASY);
        assertThat(FlowPolicy.byName("conservative")).isEqualTo(FlowPolicy.CONSERVATIVE);
        assertThatThrownBy(() -> FlowPolicy.byName("sjf"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown policy 'sjf'; known: fcfs, easy, conservative");
    }
}
