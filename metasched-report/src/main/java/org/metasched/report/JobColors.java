package org.metasched.report;

import java.awt.Color;

/**
 * One colour per job, shared by the HTML and the PNG Gantt charts: hues step by the golden angle
 * so neighbouring jobs differ, lightness cycles through three levels.
 *
 * <p>The colour is computed here rather than by {@link Color#getHSBColor}, with the same float arithmetic as {@link
 * Color#HSBtoRGB} (checked for every job index a report shows by {@code JobColorsTest}): the HTML report then does
 * not initialise {@link Color}, which loads the AWT native library.
 */
final class JobColors {

    private static final float[] BRIGHTNESS = {0.80f, 0.92f, 0.68f};

    private JobColors() {}

    static Color of(int jobIndex) {
        return new Color(rgb(jobIndex));
    }

    /** {@code #rrggbb}. */
    static String hex(int jobIndex) {
        int rgb = rgb(jobIndex);
        char[] c = new char[7];
        c[0] = '#';
        for (int k = 6; k >= 1; k--) {
            c[k] = Character.forDigit(rgb & 0xf, 16);
            rgb >>>= 4;
        }
        return new String(c);
    }

    /** The colour as 0xRRGGBB. */
    static int rgb(int jobIndex) {
        float hue = (float) ((jobIndex * 137.50776) % 360.0 / 360.0);
        float saturation = 0.55f + 0.15f * ((jobIndex / 3) % 2);
        float brightness = BRIGHTNESS[jobIndex % 3];
        return hsbToRgb(hue, saturation, brightness);
    }

    /**
     * For each sixth of the hue circle, which of (brightness, t, p, q) of {@link #hsbToRgb} are red, green and blue:
     * the cases of {@link Color#HSBtoRGB}'s switch.
     */
    private static final int[][] SEXTANT = {{0, 1, 2}, {3, 0, 2}, {2, 0, 1}, {2, 3, 0}, {1, 2, 0}, {0, 2, 3}};

    /** Hue, saturation and brightness to 0xRRGGBB, as {@link Color#HSBtoRGB} computes it (saturation above 0). */
    private static int hsbToRgb(float hue, float saturation, float brightness) {
        float h = (hue - (float) Math.floor(hue)) * 6.0f;
        float f = h - (float) Math.floor(h);
        float p = brightness * (1.0f - saturation);
        float q = brightness * (1.0f - saturation * f);
        float t = brightness * (1.0f - (saturation * (1.0f - f)));
        int sextant = (int) h;
        if (sextant > 5) { // h rounded up to 6: black, as in Color.HSBtoRGB
            return 0;
        }
        float[] v = {brightness, t, p, q};
        int[] pick = SEXTANT[sextant];
        return (channel(v[pick[0]]) << 16) | (channel(v[pick[1]]) << 8) | channel(v[pick[2]]);
    }

    private static int channel(float v) {
        return (int) (v * 255.0f + 0.5f);
    }
}
