package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GanttTest {

    private static final List<String> ROWS = List.of("n0", "n1", "n2", "n3");

    @Test
    void capKeepsTheJobsThatStartFirstWithTiesInGivenOrder() {
        Gantt g = Gantt.builder()
                .rows(ROWS)
                .limitJobs(3)
                .bar("late", 0, 100, 110)
                .bar("tieA", 1, 5, 6)
                .bar("early", 2, 0, 10)
                .bar("tieB", 3, 5, 9)
                .bar("late", 1, 2, 50, 60) // a second bar does not move "late" earlier than 50
                .build();

        assertThat(g.jobIds()).containsExactly("tieA", "early", "tieB");
        assertThat(g.totalJobs()).isEqualTo(4);
        assertThat(g.totalBars()).isEqualTo(5);
        assertThat(g.isCapped()).isTrue();
        assertThat(g.capNote()).startsWith("Showing the first 3 of 4 jobs");
        assertThat(g.bars())
                .containsExactly(
                        new GanttBar("tieA", 1, 1, 5, 6),
                        new GanttBar("early", 2, 2, 0, 10),
                        new GanttBar("tieB", 3, 3, 5, 9));
    }

    @Test
    void coAllocatedBarsShareOneJobIndexAndFieldsMerge() {
        Gantt g = Gantt.builder()
                .rows(ROWS)
                .bar("j", 0, 1, 0, 5, Map.of("cost", 3.0))
                .bar("k", 2, 2, 0, 5)
                .bar("j", 3, 3, 0, 5, Map.of("cost", 99.0, "wait", 2))
                .job("k", Map.of("wait", 7))
                .build();

        assertThat(g.barCount()).isEqualTo(3);
        assertThat(g.barJob(0)).isEqualTo(g.barJob(2)).isNotEqualTo(g.barJob(1));
        assertThat(g.jobFields(0)).containsExactly(Map.entry("cost", 3.0), Map.entry("wait", 2));
        assertThat(g.jobFields(1)).containsExactly(Map.entry("wait", 7));
        assertThat(g.isCapped()).isFalse();
        assertThat(g.minTime()).isEqualTo(0);
        assertThat(g.maxTime()).isEqualTo(5);
    }

    @Test
    void aBuiltGanttKeepsItsFieldsWhenTheBuilderGoesOn() {
        GanttBuilder b = Gantt.builder().rows(ROWS).bar("a", 0, 0, 0, 1, Map.of("cost", 1));
        Gantt first = b.build();
        b.bar("a", 1, 1, 1, 2, Map.of("wait", 5)).bar("b", 2, 2, 0, 1, Map.of("cost", 2));
        Gantt second = b.build();

        assertThat(first.jobFields(0)).containsExactly(Map.entry("cost", 1));
        assertThat(first.shownJobs()).isEqualTo(1);
        assertThat(second.jobFields(0)).containsExactly(Map.entry("cost", 1), Map.entry("wait", 5));
        assertThat(second.jobFields(1)).containsExactly(Map.entry("cost", 2));
        assertThatThrownBy(() -> first.jobFields(0).put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void rejectsBarsOutsideTheRowsOrBackwardsInTime() {
        assertThatThrownBy(() -> Gantt.builder().rows(ROWS).bar("x", 2, 4, 0, 1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("job 'x'")
                .hasMessageContaining("2..4");
        assertThatThrownBy(() -> Gantt.builder().rows(ROWS).bar("x", 3, 1, 0, 1).build())
                .hasMessageContaining("3..1");
        assertThatThrownBy(() -> Gantt.builder().rows(ROWS).bar("y", 0, 5, 4).build())
                .hasMessageContaining("end >= start");
        assertThatThrownBy(() ->
                        Gantt.builder().rows(ROWS).bar("y", 0, Double.NaN, 4).build())
                .hasMessageContaining("finite");
        assertThatThrownBy(() -> Gantt.builder().bar("y", 0, 0, 4).build()).hasMessageContaining("no rows");
        assertThatThrownBy(() -> Gantt.builder().id("../evil")).hasMessageContaining("file name");
        assertThatThrownBy(() -> Gantt.builder().limitJobs(0)).hasMessageContaining("at least 1");
    }

    @Test
    void jobColoursAreStableAndNeighboursDiffer() {
        for (int j = 0; j < 500; j++) {
            assertThat(JobColors.hex(j)).isEqualTo(JobColors.hex(j)).isNotEqualTo(JobColors.hex(j + 1));
        }
    }

    @Test
    void jobColoursAreSixDigitHexOfTheirRgb() {
        for (int j = 0; j < 5000; j++) {
            assertThat(JobColors.hex(j))
                    .matches("#[0-9a-f]{6}")
                    .isEqualTo(String.format("#%06x", JobColors.of(j).getRGB() & 0xffffff));
        }
    }
}
