package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ReplicationsTest {
    @Test
    void resultsComeBackInTaskOrderAndProgressCountsEveryTask() {
        AtomicInteger done = new AtomicInteger();
        var out = Replications.run(50, 4, i -> i * i, done::addAndGet);
        assertThat(out).hasSize(50);
        for (int i = 0; i < 50; i++) {
            assertThat(out.get(i)).isEqualTo(i * i);
        }
        assertThat(done.get()).isEqualTo(50);
    }

    @Test
    void aFailingTaskFailsTheRun() {
        assertThatThrownBy(() -> Replications.run(
                        5,
                        2,
                        i -> {
                            if (i == 3) {
                                throw new IllegalStateException("boom");
                            }
                            return i;
                        },
                        x -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("boom");
    }
}
