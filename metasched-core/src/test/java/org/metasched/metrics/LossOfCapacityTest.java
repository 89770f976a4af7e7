package org.metasched.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LossOfCapacityTest {
    /** Spec 5.6, oracle T18 (P001 eq. 3): N = 96, LoC = 634 / 9600 = 6.604 %. */
    @Test
    void t18() {
        LossOfCapacity loc = new LossOfCapacity(96);
        loc.interval(0, 10, 5, true);
        loc.interval(10, 13, 3, false);
        loc.interval(13, 17, 6, true);
        loc.interval(17, 30, 4, false);
        loc.interval(30, 100, 8, true);
        assertThat(loc.lostProcessorSeconds()).isEqualTo(634.0);
        assertThat(loc.percent()).isCloseTo(6.604, within(0.0005));
    }

    /** The same oracle through the observer the simulation feeds: delta from the smallest waiting job. */
    @Test
    void t18ThroughTheStateTally() {
        StateTally tally = new StateTally(96, 100);
        tally.afterInstant(0, 91, 1, 1, 5); // 5 idle, a 5-processor job waits: delta 1
        tally.afterInstant(10, 93, 1, 1, 4); // 3 idle, smallest waiting needs 4: delta 0
        tally.afterInstant(13, 90, 2, 1, 6); // 6 idle, a 6-processor job waits
        tally.afterInstant(17, 92, 0, 1, Integer.MAX_VALUE); // nobody waits
        tally.afterInstant(30, 88, 3, 1, 1);
        tally.afterInstant(100, 0, 0, 0, Integer.MAX_VALUE);
        assertThat(tally.lossOfCapacity().percent()).isCloseTo(6.604, within(0.0005));
    }
}
