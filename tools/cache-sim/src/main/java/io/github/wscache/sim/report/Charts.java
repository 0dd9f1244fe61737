package io.github.wscache.sim.report;

import java.util.Locale;

/**
 * Hand-written SVG charts, so the study needs no charting library: lines over evenly spaced x
 * labels and grouped bars, values from 0 to 1 drawn as percentages, a legend on the right.
 *
 * <pre>{@code
 * String svg = Charts.lines("DHR vs cache size", "cache size", new String[] {"1%", "10%"},
 *         new String[] {"LRU"}, new double[][] {{0.2, 0.6}});
 * }</pre>
 */
public final class Charts {
    private static final String[] COLORS =
            {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
            "#17becf", "#7f7f7f", "#bcbd22"};
    private static final int W = 720;
    private static final int H = 420;
    private static final int LEFT = 60;
    private static final int TOP = 40;
    private static final int PLOT_W = 460;
    private static final int PLOT_H = 320;
    /** Bars narrower than this get their value written along them. */
    private static final int NARROW_BAR = 24;

    private Charts() {
    }

    /** Returns one line per series over evenly spaced x labels; values 0 to 1. */
    public static String lines(String title, String xTitle, String[] xLabels, String[] series,
            double[][] values) {
        StringBuilder svg = frame(title);
        int n = xLabels.length;
        for (int s = 0; s < n; s++) {
            double x = LEFT + PLOT_W * s / (double) (n - 1);
            svg.append(text(x, TOP + PLOT_H + 18, "middle", xLabels[s]));
        }
        svg.append(text(LEFT + PLOT_W / 2.0, TOP + PLOT_H + 36, "middle", xTitle));
        for (int p = 0; p < series.length; p++) {
            StringBuilder points = new StringBuilder();
            for (int s = 0; s < n; s++) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ",
                        LEFT + PLOT_W * s / (double) (n - 1), y(values[p][s])));
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" "
                    + "stroke-width=\"2\" points=\"%s\"/>%n", COLORS[p % COLORS.length],
                    points.toString().strip()));
            legend(svg, p, series[p]);
        }
        return svg.append("</svg>\n").toString();
    }

    /**
     * Returns grouped bars: one group per category, one bar per series, its value in percent
     * above it (or along it, when bars are narrow); values 0 to 1, and {@link Double#NaN} for a
     * bar left out (a scheme a policy cannot take part in).
     */
    public static String bars(String title, String[] categories, String[] series,
            double[][] values) {
        StringBuilder svg = frame(title);
        double group = PLOT_W / (double) categories.length;
        double bar = group * 0.8 / series.length;
        for (int c = 0; c < categories.length; c++) {
            double x0 = LEFT + c * group + group * 0.1;
            svg.append(text(x0 + group * 0.4, TOP + PLOT_H + 18, "middle", categories[c]));
            for (int p = 0; p < series.length; p++) {
                if (Double.isNaN(values[p][c])) {
                    continue;
                }
                double y = y(values[p][c]);
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\""
                        + " height=\"%.1f\" fill=\"%s\"/>%n", x0 + p * bar, y, bar - 1,
                        TOP + PLOT_H - y, COLORS[p % COLORS.length]));
                String value = String.format(Locale.ROOT, "%.1f", values[p][c] * 100);
                double middle = x0 + p * bar + bar / 2;
                if (bar >= NARROW_BAR) {
                    svg.append(text(middle, y - 3, "middle", value));
                } else {
                    // too narrow for a level label: along the bar, inside it when it is tall
                    boolean inside = TOP + PLOT_H - y > 30;
                    svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" "
                            + "text-anchor=\"%s\" font-size=\"9\" fill=\"%s\" "
                            + "transform=\"rotate(-90 %.1f %.1f)\">%s</text>%n", middle + 3,
                            inside ? y + 3 : y - 3, inside ? "end" : "start",
                            inside ? "white" : "black", middle + 3, inside ? y + 3 : y - 3,
                            value));
                }
            }
        }
        for (int p = 0; p < series.length; p++) {
            legend(svg, p, series[p]);
        }
        return svg.append("</svg>\n").toString();
    }

    private static StringBuilder frame(String title) {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">%n",
                W, H));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(text(W / 2.0, 20, "middle", title));
        for (int t = 0; t <= 10; t += 2) {
            double y = y(t / 10.0);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
                    + "y2=\"%.1f\" stroke=\"#ddd\"/>%n", LEFT, y, LEFT + PLOT_W, y));
            svg.append(text(LEFT - 6, y + 4, "end", (t * 10) + "%"));
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
                + "height=\"%d\" fill=\"none\" stroke=\"#444\"/>%n", LEFT, TOP, PLOT_W, PLOT_H));
        return svg;
    }

    private static void legend(StringBuilder svg, int p, String label) {
        double y = TOP + 10 + p * 18;
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%.1f\" width=\"12\" "
                + "height=\"12\" fill=\"%s\"/>%n", LEFT + PLOT_W + 16, y,
                COLORS[p % COLORS.length]));
        svg.append(text(LEFT + PLOT_W + 34, y + 10, "start", label));
    }

    private static double y(double value) {
        return TOP + PLOT_H * (1 - Math.max(0, Math.min(1, value)));
    }

    private static String text(double x, double y, String anchor, String content) {
        String escaped = content.replace("&", "&amp;").replace("<", "&lt;");
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s"
                + "</text>%n", x, y, anchor, escaped);
    }
}
