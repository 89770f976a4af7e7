package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The physically valid designations of a machine (spec 6.1) and the initial partition. */
class MachineConfigurationsTest {
    private static List<String> all(MachineConfigurations m) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < m.size(); c++) {
            out.add(java.util.Arrays.toString(m.designations(c)));
        }
        return out;
    }

    @Test
    void thePapersMachineHasExactlyFourConfigurations() {
        MachineConfigurations m = MachineConfigurations.of(2, 4, List.of(1, 2, 3));
        assertThat(all(m)).containsExactly("[1, 1]", "[1, 2]", "[1, 3]", "[2, 2]");
        assertThat(m.initialPartition(5)).containsExactly(1, 3, 2, 2, 1, 3, 2, 2, 1, 3);
    }

    @Test
    void aClassAsLargeAsTheMachineLeavesTheOtherCoreUndesignated() {
        MachineConfigurations m = MachineConfigurations.of(2, 4, List.of(1, 2, 4));
        assertThat(all(m)).containsExactly("[0, 3]", "[1, 1]", "[1, 2]", "[2, 2]");
        // maximal ones: (0,4) and (2,2); cycling them covers classes 2 and 3 only, so the greedy rule takes over
        int[] p = m.initialPartition(4);
        int[] pool = new int[4];
        for (int d : p) {
            pool[d]++;
        }
        assertThat(pool[1]).isPositive();
        assertThat(pool[2]).isPositive();
        assertThat(pool[3]).isPositive();
    }

    @Test
    void moreMemoryThanTheClassesNeedStillCoversEveryClass() {
        MachineConfigurations m = MachineConfigurations.of(2, 8, List.of(1, 2, 3));
        assertThat(m.size()).isEqualTo(6);
        assertThat(m.classWithoutCore(3)).isZero();
        assertThat(MachineConfigurations.of(2, 4, List.of(1, 2, 3)).classWithoutCore(1))
                .isEqualTo(2);
    }

    @Test
    void moreCoresThanMemoryForTheSmallestClass() {
        MachineConfigurations m = MachineConfigurations.of(4, 2, List.of(1));
        assertThat(all(m)).containsExactly("[0, 0, 1, 1]");
    }
}
