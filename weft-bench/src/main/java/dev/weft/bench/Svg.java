package dev.weft.bench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's charts as inline SVG: axis scales with readable ticks, and the two chart kinds the report
 * draws (grouped bars, and lines over worker counts). The output is well-formed XML in the SVG namespace,
 * so it can sit inside an XHTML page and be checked by an XML parser.
 *
 * <p>Missing values are {@code NaN} in the inputs. They never reach the markup: every coordinate passes
 * through {@link #num(double)}, which refuses non-finite numbers, and the charts skip missing points
 * before computing any coordinate. On a log scale a zero cannot be placed, so it is drawn as a hollow
 * marker on the baseline, labelled 0.
 *
 * <p>Every element that shows a measured value carries {@code class="mark"} (plus a {@code <title>}
 * child with the value, which browsers show on hover).
 */
final class Svg {
    static final String NS = "http://www.w3.org/2000/svg";

    /** How a chart's value axis is scaled. */
    enum Axis {
        LINEAR,
        LOG,
        /** Log when the positive values span more than {@link #AUTO_LOG_SPAN}, else linear from 0. */
        AUTO
    }

    /** The ratio of largest to smallest positive value beyond which {@link Axis#AUTO} picks a log axis. */
    static final double AUTO_LOG_SPAN = 8;

    private static final double CHAR_W = 6.2;  // rough width of a 11px sans-serif character

    private final StringBuilder out = new StringBuilder();

    private Svg(double width, double height, String title) {
        out.append("<svg xmlns=\"").append(NS).append("\" viewBox=\"0 0 ").append(num(width)).append(' ')
                .append(num(height)).append("\" width=\"").append(num(width)).append("\" height=\"").append(num(height))
                .append("\" role=\"img\" font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\">")
                .append("<title>").append(esc(title)).append("</title>");
    }

    private String finish() {
        return out.append("</svg>").toString();
    }

    // ---------------------------------------------------------------------------------------------
    // Text and numbers

    /** Escapes text for XML content and attribute values; drops characters XML 1.0 cannot carry. */
    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0xFFFE || c == 0xFFFF) {
                        b.append('\uFFFD');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** A coordinate or length: two decimals at most, no exponent; refuses NaN and infinities. */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("non-finite SVG coordinate: " + v);
        }
        String s = String.format(Locale.ROOT, "%.2f", v);
        if (s.indexOf('.') >= 0) {
            s = s.replaceAll("0+$", "");
            if (s.endsWith(".")) {
                s = s.substring(0, s.length() - 1);
            }
        }
        return s.equals("-0") ? "0" : s;
    }

    /** A measured value for a label: three significant digits, plain notation for everyday magnitudes. */
    static String value(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        if (a >= 1e-4 && a < 1e6) {
            BigDecimal d = new BigDecimal(v).round(new MathContext(3));
            if (a >= 100) {
                d = d.setScale(0, java.math.RoundingMode.HALF_EVEN);
            }
            return d.stripTrailingZeros().toPlainString();
        }
        return String.format(Locale.ROOT, "%.2g", v);
    }

    // ---------------------------------------------------------------------------------------------
    // Scales

    /** Maps values to pixels along one axis and knows its ticks. */
    interface Scale {
        double px(double v);

        List<Double> ticks();

        String label(double tick);

        /** The lowest value of the domain: where bars start. */
        double lo();

        /** The highest value of the domain: the top of the plot. */
        double hi();

        boolean isLog();
    }

    /** A linear scale over [lo, hi] with ticks every {@code step}. */
    record Linear(double lo, double hi, double pxLo, double pxHi, double step) implements Scale {
        /** A scale from {@code lo} to at least {@code hi}, both rounded out to a 1-2-2.5-5 step. */
        static Linear nice(double lo, double hi, double pxLo, double pxHi, int targetTicks) {
            if (!(hi > lo)) {
                hi = lo + 1;
            }
            double step = niceStep((hi - lo) / targetTicks);
            double l = Math.floor(lo / step + 1e-9) * step;
            double h = Math.ceil(hi / step - 1e-9) * step;
            return new Linear(l, h, pxLo, pxHi, step);
        }

        @Override
        public double px(double v) {
            return pxLo + (v - lo) / (hi - lo) * (pxHi - pxLo);
        }

        @Override
        public List<Double> ticks() {
            List<Double> t = new ArrayList<>();
            for (int i = 0; lo + i * step <= hi + step * 1e-6; i++) {
                t.add(lo + i * step);
            }
            return t;
        }

        @Override
        public String label(double tick) {
            int decimals = 0;
            while (decimals < 6 && Math.abs(step * Math.pow(10, decimals) - Math.rint(step * Math.pow(10, decimals))) > 1e-6) {
                decimals++;
            }
            return String.format(Locale.ROOT, "%." + decimals + "f", tick);
        }

        @Override
        public boolean isLog() {
            return false;
        }
    }

    /** A log-10 scale over [lo, hi]; ticks at 1-2-5 steps over short ranges, at powers of ten otherwise. */
    record Log(double lo, double hi, double pxLo, double pxHi) implements Scale {
        /** A scale whose bottom lies strictly below {@code min} (so the smallest bar shows) and top at or above {@code max}. */
        static Log around(double min, double max, double pxLo, double pxHi) {
            double lo = step125(min, false);
            double hi = step125(max, true);
            if (!(hi > lo)) {
                hi = lo * 10;
            }
            return new Log(lo, hi, pxLo, pxHi);
        }

        /** The 1-2-5 value just below {@code v} (strictly), or just at or above it. */
        private static double step125(double v, boolean up) {
            double e = Math.pow(10, Math.floor(Math.log10(v)));
            double[] ms = {1, 2, 5, 10};
            if (up) {
                for (double m : ms) {
                    if (m * e >= v * (1 - 1e-9)) {
                        return m * e;
                    }
                }
                return 10 * e;
            }
            for (int i = ms.length - 1; i >= 0; i--) {
                if (ms[i] * e < v * (1 - 1e-9)) {
                    return ms[i] * e;
                }
            }
            return e / 2;
        }

        @Override
        public double px(double v) {
            return pxLo + (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) * (pxHi - pxLo);
        }

        @Override
        public List<Double> ticks() {
            double decades = Math.log10(hi / lo);
            double[] ms = decades <= 2.5 ? new double[] {1, 2, 5} : new double[] {1};
            int every = decades > 8 ? 2 : 1;
            List<Double> t = new ArrayList<>();
            int e0 = (int) Math.floor(Math.log10(lo)) - 1;
            int e1 = (int) Math.ceil(Math.log10(hi)) + 1;
            for (int e = e0; e <= e1; e++) {
                if (Math.floorMod(e, every) != 0) {
                    continue;
                }
                for (double m : ms) {
                    double v = m * Math.pow(10, e);
                    if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) {
                        t.add(v);
                    }
                }
            }
            return t;
        }

        @Override
        public String label(double tick) {
            double a = Math.abs(tick);
            if (a >= 1e-4 && a < 1e6) {
                return new BigDecimal(tick).round(new MathContext(3)).stripTrailingZeros().toPlainString();
            }
            int e = (int) Math.floor(Math.log10(a) + 1e-9);
            long m = Math.round(tick / Math.pow(10, e));
            return m + "e" + e;
        }

        @Override
        public boolean isLog() {
            return true;
        }
    }

    static double niceStep(double raw) {
        double e = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / e;
        double m = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
        return m * e;
    }

    // ---------------------------------------------------------------------------------------------
    // Grouped bars

    /** One series of a bar chart: a value per category ({@code NaN} where missing). */
    record Series(String name, String color, double[] values) {
    }

    /**
     * A grouped bar chart: one group per category, one bar per series.
     *
     * @param title       shown above the chart
     * @param yLabel      the value axis' label
     * @param categories  group labels along the x axis
     * @param series      the bars of each group, in legend order
     * @param axis        the value axis' scale
     * @param reference   a value to mark with a dashed line across the chart ({@code NaN} for none)
     * @param referenceLabel the reference line's label
     * @param setApart    index of a category to set apart from the others (a summary such as a geomean),
     *                    or -1
     * @param valueLabels whether to print each bar's value above it
     */
    record Bars(String title, String yLabel, List<String> categories, List<Series> series, Axis axis,
                double reference, String referenceLabel, int setApart, boolean valueLabels) {
    }

    static String bars(Bars c) {
        final double width = 800;
        final double left = 74;
        // Room right of the plot for the reference line's label, where no bar can hide it.
        final double right = Double.isFinite(c.reference()) && c.referenceLabel() != null ? 58 : 18;
        final double top = 62;
        int n = c.categories().size();
        int k = c.series().size();
        double plotW = width - left - right;
        double groupW = plotW / Math.max(1, n);
        int longest = c.categories().stream().mapToInt(String::length).max().orElse(0);
        boolean rotate = longest * CHAR_W > groupW - 4;
        double labelDrop = rotate ? Math.min(110, longest * CHAR_W * 0.6 + 8) : 18;
        final double bottom = 34 + labelDrop;
        final double height = 360 + labelDrop;
        double plotBottom = height - bottom;

        double max = 0;
        double minPos = Double.POSITIVE_INFINITY;
        for (Series s : c.series()) {
            for (double v : s.values()) {
                if (Double.isFinite(v)) {
                    max = Math.max(max, v);
                    if (v > 0) {
                        minPos = Math.min(minPos, v);
                    }
                }
            }
        }
        if (Double.isFinite(c.reference())) {
            max = Math.max(max, c.reference());
            if (c.reference() > 0) {
                minPos = Math.min(minPos, c.reference());
            }
        }
        boolean log = switch (c.axis()) {
            case LOG -> true;
            case LINEAR -> false;
            case AUTO -> minPos < Double.POSITIVE_INFINITY && max / minPos > AUTO_LOG_SPAN;
        };
        // Headroom for value labels above the tallest bar.
        Scale y;
        if (log) {
            double lo = minPos < Double.POSITIVE_INFINITY ? minPos : 1;
            double hi = max > 0 ? max : 1;
            y = Log.around(lo, hi * (c.valueLabels() ? 1.6 : 1.0), plotBottom, top);
        } else {
            y = Linear.nice(0, max > 0 ? max * (c.valueLabels() ? 1.12 : 1.0) : 1, plotBottom, top, 6);
        }

        Svg g = new Svg(width, height, c.title());
        g.title(width / 2, c.title());
        g.legend(left, 44, c.series().stream().map(s -> new String[] {s.name(), s.color()}).toList());
        g.yAxis(y, left, width - right, c.yLabel(), (top + plotBottom) / 2);
        g.line(left, plotBottom, width - right, plotBottom, "#333", 1, null);

        double pad = groupW * (k > 1 ? 0.18 : 0.3);
        double barW = (groupW - 2 * pad) / Math.max(1, k);
        double base = y.px(y.lo());
        for (int i = 0; i < n; i++) {
            double gx = left + i * groupW;
            if (i == c.setApart() && i > 0) {
                g.line(gx, top, gx, plotBottom, "#999", 1, "4 3");
            }
            String cat = c.categories().get(i);
            String weight = i == c.setApart() ? " font-weight=\"bold\"" : "";
            double lx = gx + groupW / 2;
            if (rotate) {
                g.out.append("<text x=\"").append(num(lx)).append("\" y=\"").append(num(plotBottom + 14))
                        .append("\" font-size=\"12\" text-anchor=\"end\" transform=\"rotate(-35 ").append(num(lx))
                        .append(' ').append(num(plotBottom + 14)).append(")\"").append(weight).append('>')
                        .append(esc(cat)).append("</text>");
            } else {
                g.out.append("<text x=\"").append(num(lx)).append("\" y=\"").append(num(plotBottom + 16))
                        .append("\" font-size=\"12\" text-anchor=\"middle\"").append(weight).append('>')
                        .append(esc(cat)).append("</text>");
            }
            for (int j = 0; j < k; j++) {
                Series s = c.series().get(j);
                double v = i < s.values().length ? s.values()[i] : Double.NaN;
                if (!Double.isFinite(v)) {
                    continue;
                }
                double bx = gx + pad + j * barW;
                String tip = s.name() + ", " + cat + ": " + value(v);
                double labelY;
                if (log && v <= 0) {
                    double r = Math.max(2.5, Math.min(5, barW / 3));
                    g.out.append("<circle class=\"mark zero\" cx=\"").append(num(bx + barW / 2)).append("\" cy=\"")
                            .append(num(base - r - 1)).append("\" r=\"").append(num(r)).append("\" fill=\"white\" stroke=\"")
                            .append(esc(s.color())).append("\" stroke-width=\"1.5\"><title>").append(esc(tip))
                            .append("</title></circle>");
                    labelY = base - 2 * r - 4;
                } else {
                    double yv = y.px(Math.max(v, y.lo()));
                    double h = Math.max(0, base - yv);
                    g.out.append("<rect class=\"mark\" x=\"").append(num(bx + 0.5)).append("\" y=\"").append(num(yv))
                            .append("\" width=\"").append(num(Math.max(1, barW - 1))).append("\" height=\"").append(num(h))
                            .append("\" fill=\"").append(esc(s.color())).append("\"><title>").append(esc(tip))
                            .append("</title></rect>");
                    labelY = yv - 4;
                }
                if (c.valueLabels()) {
                    g.barLabel(bx + barW / 2, labelY, value(v), barW);
                }
            }
        }
        if (Double.isFinite(c.reference()) && (!log || c.reference() > 0)) {
            double ry = y.px(c.reference());
            g.line(left, ry, width - right + 4, ry, "#c00", 1.2, "6 4");
            if (c.referenceLabel() != null) {
                g.out.append("<text x=\"").append(num(width - right + 7)).append("\" y=\"").append(num(ry + 4))
                        .append("\" font-size=\"11\" fill=\"#c00\" text-anchor=\"start\">").append(esc(c.referenceLabel()))
                        .append("</text>");
            }
        }
        return g.finish();
    }

    private void barLabel(double x, double y, String text, double barW) {
        if (barW >= text.length() * 6.2 + 2) {
            out.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y))
                    .append("\" font-size=\"11\" text-anchor=\"middle\" fill=\"#222\">").append(esc(text)).append("</text>");
        } else {
            // Too narrow for a horizontal label: write it upwards from the bar's top.
            out.append("<text x=\"").append(num(x + 3)).append("\" y=\"").append(num(y))
                    .append("\" font-size=\"10\" text-anchor=\"start\" fill=\"#222\" transform=\"rotate(-90 ")
                    .append(num(x + 3)).append(' ').append(num(y)).append(")\">").append(esc(text)).append("</text>");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Lines over worker counts

    /** One line: y over x ({@code NaN} y where missing); a reference line is dashed and unmarked. */
    record Line(String name, String color, double[] xs, double[] ys, boolean reference) {
    }

    /**
     * A small line chart with a linear x axis from 0 (worker counts) and a linear y axis from 0.
     *
     * @param xTicks the x values to label (the measured worker counts)
     */
    record Lines(String title, String xLabel, String yLabel, List<Line> lines, double[] xTicks) {
    }

    static String lines(Lines c) {
        final double width = 300;
        final double height = 240;
        final double left = 44;
        final double right = 12;
        final double top = 30;
        final double bottom = 40;
        double xMax = 1;
        double yMax = 0;
        for (Line l : c.lines()) {
            for (int i = 0; i < l.xs().length; i++) {
                if (Double.isFinite(l.xs()[i]) && Double.isFinite(l.ys()[i])) {
                    xMax = Math.max(xMax, l.xs()[i]);
                    yMax = Math.max(yMax, l.ys()[i]);
                }
            }
        }
        for (double t : c.xTicks()) {
            xMax = Math.max(xMax, t);
        }
        Linear x = new Linear(0, xMax, left, width - right, xMax);
        Linear y = Linear.nice(0, yMax > 0 ? yMax * 1.05 : 1, height - bottom, top, 4);

        Svg g = new Svg(width, height, c.title());
        g.out.append("<text x=\"").append(num(width / 2)).append("\" y=\"18\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\">")
                .append(esc(c.title())).append("</text>");
        g.yAxis(y, left, width - right, c.yLabel(), (top + height - bottom) / 2);
        g.line(left, height - bottom, width - right, height - bottom, "#333", 1, null);
        for (double t : thin(c.xTicks())) {
            double px = x.px(t);
            g.line(px, height - bottom, px, height - bottom + 4, "#333", 1, null);
            g.out.append("<text x=\"").append(num(px)).append("\" y=\"").append(num(height - bottom + 15))
                    .append("\" font-size=\"10\" text-anchor=\"middle\">").append(esc(Svg.value(t))).append("</text>");
        }
        g.out.append("<text x=\"").append(num((left + width - right) / 2)).append("\" y=\"").append(num(height - 6))
                .append("\" font-size=\"11\" text-anchor=\"middle\">").append(esc(c.xLabel())).append("</text>");

        for (Line l : c.lines()) {
            StringBuilder pts = new StringBuilder();
            int count = 0;
            for (int i = 0; i < l.xs().length; i++) {
                double xv = l.xs()[i];
                double yv = l.ys()[i];
                if (!Double.isFinite(xv) || !Double.isFinite(yv)) {
                    continue;
                }
                if (count++ > 0) {
                    pts.append(' ');
                }
                pts.append(num(x.px(xv))).append(',').append(num(y.px(Math.min(yv, y.hi()))));
            }
            String cls = l.reference() ? "ref" : "mark";
            if (count >= 2) {
                g.out.append("<polyline class=\"").append(cls).append("\" fill=\"none\" stroke=\"").append(esc(l.color()))
                        .append("\" stroke-width=\"").append(l.reference() ? "1" : "2").append('"')
                        .append(l.reference() ? " stroke-dasharray=\"5 4\"" : "").append(" points=\"").append(pts)
                        .append("\"><title>").append(esc(l.name())).append("</title></polyline>");
            }
            if (!l.reference()) {
                for (int i = 0; i < l.xs().length; i++) {
                    double xv = l.xs()[i];
                    double yv = l.ys()[i];
                    if (!Double.isFinite(xv) || !Double.isFinite(yv)) {
                        continue;
                    }
                    g.out.append("<circle class=\"mark\" cx=\"").append(num(x.px(xv))).append("\" cy=\"")
                            .append(num(y.px(Math.min(yv, y.hi())))).append("\" r=\"3\" fill=\"").append(esc(l.color()))
                            .append("\"><title>").append(esc(l.name() + " at " + value(xv) + ": " + value(yv)))
                            .append("</title></circle>");
                }
            }
        }
        // Speedup curves rise to the right, so the top-left corner of the plot is free for the legend.
        double ly = top + 10;
        for (Line l : c.lines()) {
            double lx = left + 8;
            g.out.append("<line x1=\"").append(num(lx)).append("\" y1=\"").append(num(ly)).append("\" x2=\"")
                    .append(num(lx + 16)).append("\" y2=\"").append(num(ly)).append("\" stroke=\"").append(esc(l.color()))
                    .append("\" stroke-width=\"").append(l.reference() ? "1" : "2").append('"')
                    .append(l.reference() ? " stroke-dasharray=\"5 4\"" : "").append("/>");
            g.out.append("<text x=\"").append(num(lx + 20)).append("\" y=\"").append(num(ly + 3.5))
                    .append("\" font-size=\"10\">").append(esc(l.name())).append("</text>");
            ly += 13;
        }
        return g.finish();
    }

    /** At most about eight x labels: beyond that, keep powers of two and the largest. */
    private static double[] thin(double[] ticks) {
        if (ticks.length <= 8) {
            return ticks;
        }
        double last = ticks[ticks.length - 1];
        return java.util.Arrays.stream(ticks).filter(t -> t == last || (t == Math.rint(t) && Long.bitCount((long) t) == 1))
                .toArray();
    }

    // ---------------------------------------------------------------------------------------------
    // Pieces shared by the charts

    private void title(double cx, String text) {
        out.append("<text x=\"").append(num(cx)).append("\" y=\"22\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">")
                .append(esc(text)).append("</text>");
    }

    private void legend(double x, double y, List<String[]> entries) {
        double lx = x;
        for (String[] e : entries) {
            out.append("<rect x=\"").append(num(lx)).append("\" y=\"").append(num(y - 10)).append("\" width=\"12\" height=\"12\" fill=\"")
                    .append(esc(e[1])).append("\"/>");
            out.append("<text x=\"").append(num(lx + 16)).append("\" y=\"").append(num(y)).append("\" font-size=\"12\">")
                    .append(esc(e[0])).append("</text>");
            lx += 16 + e[0].length() * 6.8 + 18;
        }
    }

    /** The value axis: gridlines, tick labels and the rotated axis label. */
    private void yAxis(Scale y, double left, double right, String label, double mid) {
        for (double t : y.ticks()) {
            double py = y.px(t);
            line(left, py, right, py, "#e3e3e3", 1, null);
            line(left - 4, py, left, py, "#333", 1, null);
            out.append("<text x=\"").append(num(left - 6)).append("\" y=\"").append(num(py + 4))
                    .append("\" font-size=\"11\" text-anchor=\"end\">").append(esc(y.label(t))).append("</text>");
        }
        line(left, y.px(y.lo()), left, y.px(y.hi()), "#333", 1, null);
        out.append("<text x=\"14\" y=\"").append(num(mid)).append("\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 14 ")
                .append(num(mid)).append(")\">").append(esc(label + (y.isLog() ? " (log scale)" : ""))).append("</text>");
    }

    private void line(double x1, double y1, double x2, double y2, String stroke, double w, String dash) {
        out.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"").append(num(x2))
                .append("\" y2=\"").append(num(y2)).append("\" stroke=\"").append(esc(stroke)).append("\" stroke-width=\"")
                .append(num(w)).append('"');
        if (dash != null) {
            out.append(" stroke-dasharray=\"").append(dash).append('"');
        }
        out.append("/>");
    }
}
