package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import org.junit.jupiter.api.Test;

class JobColorsTest {

    /** The colour as it was computed before, through {@link Color#getHSBColor}. */
    private static String awtHex(int jobIndex) {
        float hue = (float) ((jobIndex * 137.50776) % 360.0 / 360.0);
        float saturation = 0.55f + 0.15f * ((jobIndex / 3) % 2);
        float brightness = new float[] {0.80f, 0.92f, 0.68f}[jobIndex % 3];
        Color c = Color.getHSBColor(hue, saturation, brightness);
        return "#" + Integer.toHexString(0x1000000 | (c.getRGB() & 0xffffff)).substring(1);
    }

    @Test
    void sameColoursAsTheAwtConversionForEveryJobAReportShowsAndBeyond() {
        for (int j = 0; j < 200_000; j++) {
            assertThat(JobColors.hex(j)).as("job %d", j).isEqualTo(awtHex(j));
            assertThat(JobColors.of(j).getRGB()).as("job %d", j).isEqualTo(0xff000000 | JobColors.rgb(j));
        }
    }

    @Test
    void hexIsSevenCharactersWithLeadingZeros() {
        assertThat(JobColors.hex(0)).matches("#[0-9a-f]{6}");
        for (int j = 0; j < 1000; j++) {
            assertThat(JobColors.hex(j)).hasSize(7).startsWith("#");
        }
    }
}
