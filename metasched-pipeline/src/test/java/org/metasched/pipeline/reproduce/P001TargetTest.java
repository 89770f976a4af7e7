package org.metasched.pipeline.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metasched.experiments.P001Experiment;

/**
 * p001's parameters say their default once: the first value each lists (what {@code reproduce --help} names as the
 * default) is the run the target makes when the parameter is not given, and every other value is another run.
 */
class P001TargetTest {
    private static P001Experiment.Config config(Map<String, String> parameters) {
        return P001Target.config(new ReproduceTarget.Settings(2, 7, 1, parameters));
    }

    @Test
    void theFirstValueOfEachParameterIsTheRunWithoutIt() {
        P001Experiment.Config defaults = config(Map.of());
        Map<String, List<String>> parameters = new P001Target().parameters();
        assertThat(parameters).containsOnlyKeys(P001Target.START_RULE, P001Target.LXF);
        for (Map.Entry<String, List<String>> e : parameters.entrySet()) {
            List<String> values = e.getValue();
            assertThat(config(Map.of(e.getKey(), values.get(0)))).as(e.getKey()).isEqualTo(defaults);
            for (String other : values.subList(1, values.size())) {
                assertThat(config(Map.of(e.getKey(), other)))
                        .as(e.getKey() + " " + other)
                        .isNotEqualTo(defaults);
            }
        }
        assertThat(defaults.lxfAsPrinted()).isTrue(); // the printed reading, docs/reproduction.md
    }
}
