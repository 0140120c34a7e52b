package org.locktable.processor;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.locktable.timing.check.TimingTable;

/**
 * The timing chart of a scenario page: simulated IOPS against jobs (log scale), one line per policy, and the
 * published points (open markers, no line) where the workload is a seed table with published cells. Rendered
 * with JFreeChart into JFreeSVG with a fixed size, fonts, colours and defs-key prefix, so the same table gives
 * the same bytes.
 */
final class TimingChart {
    static final int WIDTH = 720;
    static final int HEIGHT = 400;
    /** Colour per column, in order (policies beyond the list repeat it). */
    private static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0x9467bd), new Color(0xff7f0e), new Color(0x8c564b)};

    private TimingChart() {
    }

    /**
     * @param title the chart's title
     * @param table the simulated table
     * @param published per policy, published IOPS by job count (may be empty)
     * @param defsPrefix a prefix for the SVG's defs keys (clip paths), stable per chart
     */
    static String svg(String title, TimingTable table, Map<String, Map<Integer, Double>> published, String defsPrefix) {
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
        g.setDefsKeyPrefix(defsPrefix);
        chart(title, table, published).draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
        return g.getSVGDocument() + "\n";
    }

    /** The chart itself (for {@link #svg}; tests may render it otherwise). */
    static JFreeChart chart(String title, TimingTable table, Map<String, Map<Integer, Double>> published) {
        DecimalFormatSymbols symbols = DecimalFormatSymbols.getInstance(Locale.ROOT);
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        int series = 0;
        List<String> policies = table.policies();
        for (int i = 0; i < policies.size(); i++) {
            String p = policies.get(i);
            XYSeries s = new XYSeries(p + " (simulated)", false, true);
            for (int n : table.jobs()) {
                s.add(log2(n), table.iops(p, n));
            }
            data.addSeries(s);
            renderer.setSeriesPaint(series, COLOURS[i % COLOURS.length]);
            renderer.setSeriesStroke(series, new BasicStroke(2f));
            renderer.setSeriesShape(series, new Ellipse2D.Double(-3, -3, 6, 6));
            series++;
        }
        for (int i = 0; i < policies.size(); i++) {
            Map<Integer, Double> points = published.get(policies.get(i));
            if (points == null || points.isEmpty()) {
                continue;
            }
            XYSeries s = new XYSeries(policies.get(i) + " (published)", true, true);
            for (Map.Entry<Integer, Double> e : points.entrySet()) {
                s.add(log2(e.getKey()), e.getValue().doubleValue());
            }
            data.addSeries(s);
            renderer.setSeriesPaint(series, COLOURS[i % COLOURS.length]);
            renderer.setSeriesLinesVisible(series, false);
            renderer.setSeriesShape(series, new Rectangle2D.Double(-4, -4, 8, 8));
            renderer.setSeriesShapesFilled(series, false);
            series++;
        }

        // x is log2(jobs) on a plain number axis, labelled with 2^x: text labels (a LogAxis draws its labels as
        // glyph outlines)
        NumberAxis x = new NumberAxis("jobs (log scale)");
        x.setTickUnit(new NumberTickUnit(1));
        x.setNumberFormatOverride(new PowerOfTwo());
        double minX = log2(table.jobs().stream().mapToInt(Integer::intValue).min().orElse(1));
        double maxX = log2(table.jobs().stream().mapToInt(Integer::intValue).max().orElse(1));
        x.setRange(minX - 0.3, maxX + 0.3);
        NumberAxis y = new NumberAxis("IOPS (all I/Os)");
        y.setNumberFormatOverride(new DecimalFormat("#,##0", symbols));
        y.setAutoRangeIncludesZero(true);
        Font tick = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
        Font label = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
        for (org.jfree.chart.axis.ValueAxis a : new org.jfree.chart.axis.ValueAxis[] {x, y}) {
            a.setTickLabelFont(tick);
            a.setLabelFont(label);
        }

        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        JFreeChart chart = new JFreeChart(null, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
        chart.setTitle(new TextTitle(title, new Font(Font.SANS_SERIF, Font.BOLD, 13)));
        chart.getLegend().setItemFont(label);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        return chart;
    }

    static double log2(int n) {
        return Math.log(n) / Math.log(2);
    }

    /** Tick labels of the log2(jobs) axis: 2^x for whole x ({@code 1, 2, 4, 8}), nothing in between. */
    static final class PowerOfTwo extends NumberFormat {
        private static final long serialVersionUID = 1L;

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            long k = Math.round(number);
            if (Math.abs(number - k) < 1e-9 && k >= 0 && k < 62) {
                to.append(1L << k);
            }
            return to;
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return format((double) number, to, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            return null;
        }
    }
}
