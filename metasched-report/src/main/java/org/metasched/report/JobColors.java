package org.metasched.report;

import java.awt.Color;

/**
 * One colour per job, shared by the HTML and the PNG Gantt charts: hues step by the golden angle
 * so neighbouring jobs differ, lightness cycles through three levels.
 */
final class JobColors {

    private JobColors() {}

    static Color of(int jobIndex) {
        float hue = (float) ((jobIndex * 137.50776) % 360.0 / 360.0);
        float saturation = 0.55f + 0.15f * ((jobIndex / 3) % 2);
        float brightness = new float[] {0.80f, 0.92f, 0.68f}[jobIndex % 3];
        return Color.getHSBColor(hue, saturation, brightness);
    }

    static String hex(int jobIndex) {
        // the 0x1000000 bit makes seven hex digits; dropping the first leaves six, zero-padded
        return "#"
                + Integer.toHexString(0x1000000 | (of(jobIndex).getRGB() & 0xffffff))
                        .substring(1);
    }
}
