package org.metasched.report;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Draws a {@link Gantt} with Java2D: one band per row, one rectangle per bar in its job's colour
 * (as in the HTML report), a time axis with round tick values, and the cap note when jobs were
 * left out.
 */
final class GanttImage {

    private static final Color AXIS = new Color(0x333a40);
    private static final Color GRID = new Color(0xe6e9ec);
    private static final Color BAND = new Color(0xf7f8fa);

    private GanttImage() {}

    static BufferedImage draw(Gantt g) {
        int width = g.pngWidth();
        int height = g.pngHeight();
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g2.setColor(Color.WHITE);
            g2.fillRect(0, 0, width, height);
            paint(g2, g, width, height);
        } finally {
            g2.dispose();
        }
        return image;
    }

    /** The same drawing as SVG, through VectorGraphics2D: one element per bar, so it can be large. */
    static void writeSvg(Gantt g, OutputStream out) throws IOException {
        VectorGraphics2D vg = new VectorGraphics2D();
        vg.setColor(Color.WHITE);
        vg.fillRect(0, 0, g.pngWidth(), g.pngHeight());
        paint(vg, g, g.pngWidth(), g.pngHeight());
        vg.dispose();
        new SVGProcessor()
                .getDocument(vg.getCommands(), new PageSize(g.pngWidth(), g.pngHeight()))
                .writeTo(out);
    }

    private static void paint(Graphics2D g2, Gantt g, int width, int height) {
        Font titleFont = new Font(Font.SANS_SERIF, Font.BOLD, 18);
        Font labelFont = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
        Font noteFont = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
        g2.setFont(labelFont);
        FontMetrics fm = g2.getFontMetrics();
        int rows = g.rows().size();

        int labelWidth = 0;
        for (String r : g.rows()) {
            labelWidth = Math.max(labelWidth, fm.stringWidth(r));
        }
        labelWidth = Math.min(labelWidth, width / 4);
        int left = labelWidth + 16;
        int right = 24;
        int top = g.isCapped() ? 56 : 40;
        int bottom = 56;
        int plotW = Math.max(10, width - left - right);
        int plotH = Math.max(10, height - top - bottom);
        double band = (double) plotH / rows;

        g2.setColor(AXIS);
        g2.setFont(titleFont);
        g2.drawString(g.title(), left, 24);
        if (g.isCapped()) {
            g2.setFont(noteFont);
            g2.setColor(new Color(0x8a5a00));
            g2.drawString(g.capNote(), left, 44);
        }

        double t0 = g.axisStart();
        double t1 = g.axisEnd();
        if (t1 <= t0) {
            t1 = t0 + 1;
        }
        double scale = plotW / (t1 - t0);

        // row bands and labels (every k-th label when rows are denser than the text)
        g2.setFont(labelFont);
        int every = Math.max(1, (int) Math.ceil((fm.getHeight() + 2) / band));
        for (int r = 0; r < rows; r++) {
            int y = top + (int) Math.round(r * band);
            int h = top + (int) Math.round((r + 1) * band) - y;
            if (r % 2 == 1 && band >= 3) {
                g2.setColor(BAND);
                g2.fillRect(left, y, plotW, h);
            }
            if (r % every == 0) {
                g2.setColor(AXIS);
                String label = clip(g.rows().get(r), fm, labelWidth);
                g2.drawString(label, left - 8 - fm.stringWidth(label), (int) (y + band / 2 + fm.getAscent() / 2.0 - 1));
            }
        }

        // time grid and tick labels
        double step = niceStep((t1 - t0) / Math.max(2, plotW / 110));
        double first = Math.ceil(t0 / step) * step;
        for (double t = first; t <= t1 + step * 1e-9; t += step) {
            int x = left + (int) Math.round((t - t0) * scale);
            g2.setColor(GRID);
            g2.drawLine(x, top, x, top + plotH);
            g2.setColor(AXIS);
            g2.drawLine(x, top + plotH, x, top + plotH + 4);
            String label = Cells.formatDouble(Math.abs(t) < step * 1e-9 ? 0 : t);
            g2.drawString(label, x - fm.stringWidth(label) / 2, top + plotH + 6 + fm.getAscent());
        }
        g2.drawString(g.timeTitle(), left + plotW / 2 - fm.stringWidth(g.timeTitle()) / 2, height - 10);

        // bars
        g2.setClip(left, top, plotW + 1, plotH + 1);
        double pad = band > 6 ? band * 0.12 : 0;
        Rectangle2D.Double rect = new Rectangle2D.Double();
        g2.setStroke(new BasicStroke(0.6f));
        for (int i = 0; i < g.barCount(); i++) {
            double x = left + (g.barStart(i) - t0) * scale;
            double w = Math.max(1, (g.barEnd(i) - g.barStart(i)) * scale);
            double y = top + g.barRowFrom(i) * band + pad;
            double h = (g.barRowTo(i) - g.barRowFrom(i) + 1) * band - 2 * pad;
            rect.setRect(x, y, w, Math.max(1, h));
            Color c = JobColors.of(g.barJob(i));
            g2.setColor(c);
            g2.fill(rect);
            if (w >= 4 && h >= 4) {
                g2.setColor(c.darker());
                g2.draw(rect);
            }
        }
        g2.setClip(null);
        g2.setColor(AXIS);
        g2.drawRect(left, top, plotW, plotH);
    }

    private static String clip(String s, FontMetrics fm, int width) {
        if (fm.stringWidth(s) <= width) {
            return s;
        }
        String t = s;
        while (!t.isEmpty() && fm.stringWidth(t + "\u2026") > width) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "\u2026";
    }

    /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        if (!(raw > 0)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double m = raw / p;
        return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
    }
}
