package io.github.wscache.sim.report;

import java.util.Locale;

/**
 * Hand-written SVG charts, so the study needs no charting library: lines over evenly spaced x
 * labels and grouped bars, values from 0 to 1 drawn as percentages, a legend on the right (or
 * below the plot, when the labels are too long for the right).
 *
 * <p>Nothing is left to the renderer's font: a text's width is estimated at
 * {@value #CHAR_WIDTH} of its font size a character (generous for sans-serif), and the plot, the
 * groups of bars and the image grow until no two texts overlap and every text lies inside the
 * {@code viewBox}.
 *
 * <pre>{@code
 * String svg = Charts.lines("DHR vs cache size", "cache size", new String[] {"1%", "10%"},
 *         new String[] {"LRU"}, new double[][] {{0.2, 0.6}});
 * }</pre>
 */
public final class Charts {
    /** A character's estimated width, as a share of the font size. */
    public static final double CHAR_WIDTH = 0.6;
    /** The font size of every text but a value written along a bar. */
    public static final int FONT = 11;
    /** The font size of a value written along a narrow bar. */
    public static final int VALUE_FONT = 9;
    private static final String[] COLORS =
            {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
            "#17becf", "#7f7f7f", "#bcbd22"};
    /** The smallest image; it grows with its labels. */
    private static final int MIN_W = 720;
    private static final int MIN_H = 420;
    /** The widest image with the legend on the right; a wider legend goes below the plot. */
    private static final int MAX_RIGHT_LEGEND_W = 780;
    private static final int LEFT = 60;
    private static final int TOP = 40;
    /** The smallest plot; it grows with its labels. */
    private static final int PLOT_W = 460;
    private static final int PLOT_H = 320;
    private static final int MARGIN = 10;
    /** The least room between two texts side by side. */
    private static final int GAP = 8;
    /** The least distance between the middles of two bars: room for a value along each. */
    private static final int BAR_PITCH = VALUE_FONT + 5;
    /** The share of a group's width its bars take. */
    private static final double GROUP_FILL = 0.8;
    /** A legend entry: the colour square, then its text. */
    private static final int SWATCH = 12;
    private static final int SWATCH_TEXT = 18;
    private static final int LEGEND_ROW = 18;
    /** The baselines of the x labels and the x title, below the plot. */
    private static final int X_LABELS = TOP + PLOT_H + 18;
    private static final int X_TITLE = TOP + PLOT_H + 36;

    private Charts() {
    }

    /** Returns one line per series over evenly spaced x labels; values 0 to 1. */
    public static String lines(String title, String xTitle, String[] xLabels, String[] series,
            double[][] values) {
        int n = xLabels.length;
        // the x labels' middles far enough apart for the widest neighbours
        double step = n > 1 ? PLOT_W / (double) (n - 1) : PLOT_W;
        int last = -1;
        for (int s = 0; s < n; s++) {
            if (xLabels[s].isEmpty()) {
                continue;
            }
            if (last >= 0) {
                double needed = (width(xLabels[last], FONT) + width(xLabels[s], FONT)) / 2 + GAP;
                step = Math.max(step, needed / (s - last));
            }
            last = s;
        }
        double plotW = n > 1 ? step * (n - 1) : PLOT_W;
        plotW = Math.max(plotW, width(xTitle, FONT) + GAP);
        Layout layout = layout(title, plotW, series, X_TITLE);
        StringBuilder svg = frame(title, layout);
        for (int s = 0; s < n; s++) {
            if (!xLabels[s].isEmpty()) {
                svg.append(text(x(layout, s, n), X_LABELS, "middle", xLabels[s]));
            }
        }
        svg.append(text(LEFT + plotW / 2, X_TITLE, "middle", xTitle));
        for (int p = 0; p < series.length; p++) {
            StringBuilder points = new StringBuilder();
            for (int s = 0; s < n; s++) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(layout, s, n),
                        y(values[p][s])));
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" "
                    + "stroke-width=\"2\" points=\"%s\"/>%n", COLORS[p % COLORS.length],
                    points.toString().strip()));
        }
        legend(svg, layout, series);
        return svg.append("</svg>\n").toString();
    }

    /**
     * Returns grouped bars: one group per category, one bar per series, its value in percent
     * above it (or along it, when bars are narrower than the value); values 0 to 1, and
     * {@link Double#NaN} for a bar left out (a scheme a policy cannot take part in).
     */
    public static String bars(String title, String[] categories, String[] series,
            double[][] values) {
        // a group as wide as its label and its bars need, the plot as wide as its groups
        double group = series.length * BAR_PITCH / GROUP_FILL;
        double widestValue = 0;
        for (int c = 0; c < categories.length; c++) {
            group = Math.max(group, width(categories[c], FONT) + GAP);
            for (double[] row : values) {
                if (!Double.isNaN(row[c])) {
                    widestValue = Math.max(widestValue, width(percent(row[c]), FONT));
                }
            }
        }
        double plotW = Math.max(PLOT_W, group * categories.length);
        group = plotW / categories.length;
        double bar = group * GROUP_FILL / series.length;
        boolean level = bar >= widestValue + GAP / 2.0;
        Layout layout = layout(title, plotW, series, X_LABELS);
        StringBuilder svg = frame(title, layout);
        for (int c = 0; c < categories.length; c++) {
            double x0 = LEFT + c * group + group * (1 - GROUP_FILL) / 2;
            svg.append(text(x0 + group * GROUP_FILL / 2, X_LABELS, "middle", categories[c]));
            for (int p = 0; p < series.length; p++) {
                if (Double.isNaN(values[p][c])) {
                    continue;
                }
                double y = y(values[p][c]);
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\""
                        + " height=\"%.1f\" fill=\"%s\"/>%n", x0 + p * bar, y, bar - 1,
                        TOP + PLOT_H - y, COLORS[p % COLORS.length]));
                String value = percent(values[p][c]);
                double middle = x0 + p * bar + bar / 2;
                if (level) {
                    svg.append(text(middle, y - 3, "middle", value));
                } else {
                    // too narrow for a level label: along the bar, inside it when it is tall
                    boolean inside = TOP + PLOT_H - y >= width(value, VALUE_FONT) + 6;
                    double at = inside ? y + 3 : y - 3;
                    svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" "
                            + "text-anchor=\"%s\" font-size=\"%d\" fill=\"%s\" "
                            + "transform=\"rotate(-90 %.1f %.1f)\">%s</text>%n", middle + 3,
                            at, inside ? "end" : "start", VALUE_FONT,
                            inside ? "white" : "black", middle + 3, at, value));
                }
            }
        }
        legend(svg, layout, series);
        return svg.append("</svg>\n").toString();
    }

    /** A text's estimated width at a font size: {@link #CHAR_WIDTH} of it a character. */
    public static double width(String text, double fontSize) {
        return text.length() * fontSize * CHAR_WIDTH;
    }

    /**
     * Where everything goes: the plot's width, the image's size and the legend's entries (the
     * top left corner of each colour square), on the right of the plot when the widest entry
     * fits there in {@link #MAX_RIGHT_LEGEND_W}, else in rows below the plot.
     */
    private record Layout(double plotW, double width, double height, double[][] legend) {
    }

    private static Layout layout(String title, double plotW, String[] series,
            double lowestText) {
        double right = LEFT + plotW;
        double widest = 0;
        for (String label : series) {
            widest = Math.max(widest, width(label, FONT));
        }
        double[][] legend = new double[series.length][];
        double w;
        double h;
        double rightLegend = right + 16 + SWATCH_TEXT + widest + MARGIN;
        if (rightLegend <= MAX_RIGHT_LEGEND_W) {
            w = Math.max(MIN_W, rightLegend);
            for (int p = 0; p < series.length; p++) {
                legend[p] = new double[] {right + 16, TOP + 10 + p * LEGEND_ROW};
            }
            h = Math.max(MIN_H, TOP + 10 + series.length * LEGEND_ROW + MARGIN);
        } else {
            w = Math.max(MIN_W, Math.max(right, LEFT + SWATCH_TEXT + widest) + MARGIN);
            double x = LEFT;
            double y = lowestText + GAP;
            for (int p = 0; p < series.length; p++) {
                double entry = SWATCH_TEXT + width(series[p], FONT);
                if (x > LEFT && x + entry > w - MARGIN) {
                    x = LEFT;
                    y += LEGEND_ROW;
                }
                legend[p] = new double[] {x, y};
                x += entry + 2 * GAP;
            }
            h = Math.max(MIN_H, y + SWATCH + MARGIN);
        }
        w = Math.max(w, width(title, FONT) + 2 * MARGIN);
        return new Layout(plotW, Math.ceil(w), Math.ceil(h), legend);
    }

    private static StringBuilder frame(String title, Layout layout) {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                + "font-family=\"sans-serif\" font-size=\"%d\">%n", layout.width(),
                layout.height(), layout.width(), layout.height(), FONT));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(text(layout.width() / 2, 20, "middle", title));
        double right = LEFT + layout.plotW();
        for (int t = 0; t <= 10; t += 2) {
            double y = y(t / 10.0);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" "
                    + "y2=\"%.1f\" stroke=\"#ddd\"/>%n", LEFT, y, right, y));
            svg.append(text(LEFT - 6, y + 4, "end", (t * 10) + "%"));
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" "
                + "height=\"%d\" fill=\"none\" stroke=\"#444\"/>%n", LEFT, TOP, layout.plotW(),
                PLOT_H));
        return svg;
    }

    private static void legend(StringBuilder svg, Layout layout, String[] series) {
        for (int p = 0; p < series.length; p++) {
            double x = layout.legend()[p][0];
            double y = layout.legend()[p][1];
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
                    + "height=\"%d\" fill=\"%s\"/>%n", x, y, SWATCH, SWATCH,
                    COLORS[p % COLORS.length]));
            svg.append(text(x + SWATCH_TEXT, y + 10, "start", series[p]));
        }
    }

    private static double x(Layout layout, int s, int n) {
        return n > 1 ? LEFT + layout.plotW() * s / (n - 1) : LEFT + layout.plotW() / 2;
    }

    private static double y(double value) {
        return TOP + PLOT_H * (1 - Math.max(0, Math.min(1, value)));
    }

    private static String percent(double value) {
        return String.format(Locale.ROOT, "%.1f", value * 100);
    }

    private static String text(double x, double y, String anchor, String content) {
        String escaped = content.replace("&", "&amp;").replace("<", "&lt;");
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s"
                + "</text>%n", x, y, anchor, escaped);
    }
}
