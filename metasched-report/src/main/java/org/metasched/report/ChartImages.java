package org.metasched.report;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Draws a {@link org.metasched.report.Chart} as a bitmap with XChart. */
final class ChartImages {

    /** Same palette as the HTML report, so a series has one colour everywhere. */
    private static final Color[] PALETTE = {
        new Color(0x2f6db5), new Color(0xd9622b), new Color(0x3a9a4b), new Color(0x8e44ad), new Color(0xc0392b),
        new Color(0x16a2a8), new Color(0xb7950b), new Color(0x6c7a89), new Color(0xe67e9f), new Color(0x2c3e50)
    };

    private ChartImages() {}

    static BufferedImage draw(org.metasched.report.Chart c, int width, int height) {
        return BitmapEncoder.getBufferedImage(build(c, width, height));
    }

    /** The same chart as SVG: XChart paints into VectorGraphics2D, as it does for a bitmap. */
    static void writeSvg(org.metasched.report.Chart c, int width, int height, OutputStream out) throws IOException {
        VectorGraphics2D vg = new VectorGraphics2D();
        build(c, width, height).paint(vg, width, height);
        vg.dispose();
        new SVGProcessor()
                .getDocument(vg.getCommands(), new PageSize(width, height))
                .writeTo(out);
    }

    /**
     * A line with at most about {@code 4 * columns} points that draws the same picture at this resolution: the
     * x range is cut into {@code columns} buckets and each keeps its first, lowest, highest and last point, in x
     * order, so spikes survive. Lines with fewer points, or with gaps (NaN), are returned unchanged. Only the
     * images are thinned; the HTML report keeps every point.
     */
    static Series thin(Series s, int columns) {
        int n = s.size();
        if (n <= 4 * columns) {
            return s;
        }
        double[] x = s.x();
        double[] y = s.y();
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(y[i]) || (i > 0 && x[i] < x[i - 1])) {
                return s; // gaps or unsorted x: draw as given
            }
        }
        double x0 = x[0];
        double span = x[n - 1] - x0;
        if (!(span > 0)) {
            return s;
        }
        double[] ox = new double[4 * columns + 4];
        double[] oy = new double[ox.length];
        int k = 0;
        int i = 0;
        while (i < n) {
            int bucket = (int) Math.min(columns - 1, (x[i] - x0) / span * columns);
            int first = i;
            int lo = i;
            int hi = i;
            while (i < n && (int) Math.min(columns - 1, (x[i] - x0) / span * columns) == bucket) {
                if (y[i] < y[lo]) {
                    lo = i;
                }
                if (y[i] > y[hi]) {
                    hi = i;
                }
                i++;
            }
            int last = i - 1;
            int a = Math.min(lo, hi);
            int b = Math.max(lo, hi);
            int previous = -1; // first <= a <= b <= last: a repeated index is always the previous one
            for (int idx : new int[] {first, a, b, last}) {
                if (idx != previous) {
                    ox[k] = x[idx];
                    oy[k] = y[idx];
                    k++;
                    previous = idx;
                }
            }
        }
        return new Series(s.name(), java.util.Arrays.copyOf(ox, k), java.util.Arrays.copyOf(oy, k));
    }

    /**
     * Scatter points with at most one point per cell of a {@code columns x rows} grid over the data range (the
     * first point of each cell, in input order): at marker size the image is the same, and a scatter of
     * thousands of mostly overlapping points draws much faster. Series with gaps are returned unchanged.
     */
    static Series thinScatter(Series s, int columns, int rows) {
        int n = s.size();
        if (n <= columns || columns < 1 || rows < 1) {
            return s;
        }
        double[] x = s.x();
        double[] y = s.y();
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(x[i]) || Double.isNaN(y[i])) {
                return s;
            }
            xMin = Math.min(xMin, x[i]);
            xMax = Math.max(xMax, x[i]);
            yMin = Math.min(yMin, y[i]);
            yMax = Math.max(yMax, y[i]);
        }
        double xSpan = xMax > xMin ? xMax - xMin : 1;
        double ySpan = yMax > yMin ? yMax - yMin : 1;
        boolean[] taken = new boolean[columns * rows];
        double[] ox = new double[n];
        double[] oy = new double[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int cx = (int) Math.min(columns - 1, (x[i] - xMin) / xSpan * columns);
            int cy = (int) Math.min(rows - 1, (y[i] - yMin) / ySpan * rows);
            int cell = cy * columns + cx;
            if (!taken[cell]) {
                taken[cell] = true;
                ox[k] = x[i];
                oy[k] = y[i];
                k++;
            }
        }
        return k == n ? s : new Series(s.name(), java.util.Arrays.copyOf(ox, k), java.util.Arrays.copyOf(oy, k));
    }

    private static Chart<?, ?> build(org.metasched.report.Chart c, int width, int height) {
        return switch (c.kind()) {
            case BAR, HISTOGRAM -> categoryChart(c, width, height);
            case LINE, STEP, SCATTER -> xyChart(c, width, height);
        };
    }

    private static XYChart xyChart(org.metasched.report.Chart c, int width, int height) {
        XYChart chart = new XYChartBuilder()
                .width(width)
                .height(height)
                .title(c.title())
                .xAxisTitle(c.xTitle())
                .yAxisTitle(c.yTitle())
                .build();
        style(chart.getStyler());
        chart.getStyler().setMarkerSize(c.kind() == ChartKind.SCATTER ? 5 : 4);
        boolean log = c.xScale() == org.metasched.report.Chart.Scale.LOG;
        chart.getStyler().setXAxisLogarithmic(log);
        boolean logY = c.yScale() == org.metasched.report.Chart.Scale.LOG;
        chart.getStyler().setYAxisLogarithmic(logY);
        for (Series s : c.series()) {
            Series drawn = c.kind() == ChartKind.STEP ? Distributions.steps(s) : s;
            XYSeries xy;
            if (s.hasIntervals() && c.kind() == ChartKind.LINE) {
                xy = chart.addSeries(s.name(), s.x(), s.y(), errorBars(s, logY));
            } else {
                if (c.kind() == ChartKind.SCATTER) {
                    drawn = thinScatter(drawn, width / 3, height / 3);
                } else if (!log) { // thinning buckets x linearly
                    drawn = thin(drawn, width);
                }
                xy = chart.addSeries(s.name(), drawn.x(), drawn.y());
            }
            if (c.kind() == ChartKind.SCATTER) {
                xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            } else {
                xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                if (s.size() > 50) {
                    xy.setMarker(SeriesMarkers.NONE);
                }
            }
        }
        return chart;
    }

    /**
     * XChart draws symmetric error bars: the upper half of each interval (a mean's 95 % interval is symmetric), none
     * where there is no interval or, on a logarithmic axis, where the lower end would fall to 0 or below.
     */
    static double[] errorBars(Series s, boolean logY) {
        double[] e = new double[s.size()];
        for (int i = 0; i < e.length; i++) {
            double up = s.highAt(i) - s.yAt(i);
            boolean none = Double.isNaN(up) || (logY && !(s.yAt(i) - up > 0));
            e[i] = none ? 0 : up;
        }
        return e;
    }

    private static CategoryChart categoryChart(org.metasched.report.Chart c, int width, int height) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(width)
                .height(height)
                .title(c.title())
                .xAxisTitle(c.kind() == ChartKind.HISTOGRAM ? c.xTitle() + ", lower edge of each bin" : c.xTitle())
                .yAxisTitle(c.yTitle())
                .build();
        style(chart.getStyler());
        List<String> labels = new ArrayList<>();
        List<Double> positions = new ArrayList<>();
        if (c.kind() == ChartKind.BAR) {
            for (int i = 0; i < c.categories().size(); i++) {
                labels.add(c.categories().get(i));
                positions.add((double) i);
            }
        } else {
            // histogram: the union of all bin centres, so series with different bins still align
            TreeSet<Double> xs = new TreeSet<>();
            for (Series s : c.series()) {
                for (int i = 0; i < s.size(); i++) {
                    xs.add(s.xAt(i));
                }
            }
            // each bar is labelled with its bin's lower edge, a round number (Distributions.histograms)
            double bin = xs.size() > 1 ? xs.higher(xs.first()) - xs.first() : 0;
            for (double x : xs) {
                labels.add(Cells.formatDouble(Math.abs(x - bin / 2) < 1e-9 * bin ? 0 : x - bin / 2));
                positions.add(x);
            }
            chart.getStyler().setAvailableSpaceFill(0.95);
        }
        if (c.kind() == ChartKind.BAR && labels.size() > 8) {
            // turned upright and no minimum spacing (XChart's default of 74 px drops every other label)
            chart.getStyler().setXAxisLabelRotation(90);
            chart.getStyler().setXAxisTickMarkSpacingHint(8);
        } else if (labels.size() > 8) {
            chart.getStyler().setXAxisLabelRotation(45);
        }
        boolean logY = c.yScale() == org.metasched.report.Chart.Scale.LOG;
        chart.getStyler().setYAxisLogarithmic(logY);
        for (Series s : c.series()) {
            List<Double> ys = new ArrayList<>(labels.size());
            List<Double> errors = new ArrayList<>(labels.size());
            double[] e = s.hasIntervals() ? errorBars(s, logY) : new double[s.size()];
            for (double p : positions) {
                double y = 0;
                double err = 0;
                for (int i = 0; i < s.size(); i++) {
                    if (s.xAt(i) == p && !Double.isNaN(s.yAt(i))) {
                        y = s.yAt(i);
                        err = e[i];
                        break;
                    }
                }
                ys.add(y);
                errors.add(err);
            }
            if (s.hasIntervals()) {
                chart.addSeries(s.name(), labels, ys, errors);
            } else {
                chart.addSeries(s.name(), labels, ys);
            }
        }
        return chart;
    }

    private static void style(AxesChartStyler st) {
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBackgroundColor(Color.WHITE);
        st.setPlotBorderVisible(true);
        st.setPlotGridLinesColor(new Color(0xe3e6ea));
        st.setSeriesColors(PALETTE);
        st.setLegendPosition(Styler.LegendPosition.OutsideS);
        st.setLegendLayout(Styler.LegendLayout.Horizontal);
        st.setLegendBorderColor(Color.WHITE);
        st.setChartTitleBoxVisible(false);
        st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        st.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        st.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        st.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        st.setAntiAlias(true);
    }
}
