package io.github.backoff.sim.report;

import java.util.List;
import java.util.Objects;

/**
 * A line chart a model declares: titles, size, lines and vertical markers. The report layer draws it with XChart
 * as a PNG, white and headless. Only what the models need is here: a line is solid (with or without markers),
 * dashed grey (a bound or a step of capacity), dotted dark grey (a rate) or markers alone (a scatter), optionally coloured or on a right-hand
 * axis. A line of one point (a sweep of one client count) has no line to draw: a marker style shows its marker, the
 * others a short bar at its level.
 *
 * <p>Immutable and thread-safe (the arrays are copied in and never handed out).
 *
 * <pre>{@code
 * Chart chart = Chart.builder("Work (mean of 100 runs)", "clients", "work", 900, 560)
 *     .line(Chart.Line.of("full-jitter", new double[] {10, 20}, new double[] {15, 42}))
 *     .line(Chart.Line.of("lower bound: N", new double[] {10, 20}, new double[] {10, 20}).style(Chart.Style.DASHED))
 *     .build();
 * }</pre>
 *
 * @param title the title
 * @param xTitle the x-axis title
 * @param yTitle the y-axis title
 * @param width width in pixels
 * @param height height in pixels
 * @param legend where the legend goes
 * @param markerSize the markers' size (0: none)
 * @param xPattern the x-axis number pattern ({@code null}: XChart's)
 * @param yPattern the y-axis number pattern ({@code null}: XChart's)
 * @param rightTitle the right-hand axis' title ({@code null} if no line is on it)
 * @param small smaller title and legend fonts, for panels of a grid
 * @param lines the lines, in legend order
 * @param verticals x values of vertical marker lines
 * @param logY a logarithmic y axis, so a line a hundred times above the others does not flatten them; drawn over at
 *     least two powers of ten (XChart's labels), widened beyond the values where needed
 */
public record Chart(String title, String xTitle, String yTitle, int width, int height, Legend legend, int markerSize,
    String xPattern, String yPattern, String rightTitle, boolean small, List<Line> lines, double[] verticals,
    boolean logY) {

  /** Where the legend goes. */
  public enum Legend {
    /** Inside the plot, top left. */
    INSIDE_TOP_LEFT,
    /** Below the plot, in one row. */
    BELOW
  }

  /** How a line is drawn. */
  public enum Style {
    /** XChart's default line, with the chart's markers. */
    SOLID,
    /** A solid line without markers. */
    PLAIN,
    /** Dashed grey, no markers: a bound or a reference. */
    DASHED,
    /** Dotted dark grey, no markers: a constant rate. */
    DOTTED,
    /** Markers only, no line: a scatter of points (candidates of a search). */
    POINTS
  }

  /**
   * One line of a chart.
   *
   * @param name its legend entry
   * @param x its x values
   * @param y its y values, as many as {@code x}
   * @param style how it is drawn
   * @param rgb its colour as {@code 0xRRGGBB}, or -1 for the style's (or XChart's) colour
   * @param right whether it is drawn against the right-hand axis
   */
  public record Line(String name, double[] x, double[] y, Style style, int rgb, boolean right) {
    /** Copies the arrays and checks the lengths. */
    public Line {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(style, "style");
      x = x.clone();
      y = y.clone();
      if (x.length != y.length) {
        throw new IllegalArgumentException(name + ": " + x.length + " x values but " + y.length + " y values");
      }
    }

    /** A {@link Style#SOLID} line in XChart's colour. */
    public static Line of(String name, double[] x, double[] y) {
      return new Line(name, x, y, Style.SOLID, -1, false);
    }

    /** This line drawn in {@code style}. */
    public Line style(Style style) {
      return new Line(name, x, y, style, rgb, right);
    }

    /** This line in colour {@code rgb} ({@code 0xRRGGBB}). */
    public Line color(int rgb) {
      return new Line(name, x, y, style, rgb, right);
    }

    /** This line against the right-hand axis. */
    public Line onRight() {
      return new Line(name, x, y, style, rgb, true);
    }

    @Override
    public double[] x() {
      return x.clone();
    }

    @Override
    public double[] y() {
      return y.clone();
    }
  }

  /** Copies the lists and arrays. */
  public Chart {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(legend, "legend");
    lines = List.copyOf(lines);
    verticals = verticals.clone();
  }

  @Override
  public double[] verticals() {
    return verticals.clone();
  }

  /** A builder with the legend inside at the top left, markers of size 5 and XChart's number patterns. */
  public static Builder builder(String title, String xTitle, String yTitle, int width, int height) {
    return new Builder(title, xTitle, yTitle, width, height);
  }

  /** Builds a {@link Chart}. Not thread-safe. */
  public static final class Builder {
    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final int width;
    private final int height;
    private Legend legend = Legend.INSIDE_TOP_LEFT;
    private int markerSize = 5;
    private String xPattern;
    private String yPattern;
    private String rightTitle;
    private boolean small;
    private final java.util.ArrayList<Line> lines = new java.util.ArrayList<>();
    private double[] verticals = {};
    private boolean logY;

    private Builder(String title, String xTitle, String yTitle, int width, int height) {
      this.title = title;
      this.xTitle = xTitle;
      this.yTitle = yTitle;
      this.width = width;
      this.height = height;
    }

    /** Where the legend goes. */
    public Builder legend(Legend legend) {
      this.legend = legend;
      return this;
    }

    /** The markers' size, 0 for none. */
    public Builder markerSize(int size) {
      this.markerSize = size;
      return this;
    }

    /** The axes' number patterns ({@code "0"}, {@code "#,##0"}). */
    public Builder patterns(String x, String y) {
      this.xPattern = x;
      this.yPattern = y;
      return this;
    }

    /** The right-hand axis' title, for lines {@link Line#onRight() on it}. */
    public Builder rightTitle(String title) {
      this.rightTitle = title;
      return this;
    }

    /** Smaller title and legend fonts, for a panel of a grid. */
    public Builder small() {
      this.small = true;
      return this;
    }

    /** Adds a line. */
    public Builder line(Line line) {
      lines.add(Objects.requireNonNull(line, "line"));
      return this;
    }

    /** Vertical marker lines at these x values. */
    public Builder verticals(double... x) {
      this.verticals = x.clone();
      return this;
    }

    /** A logarithmic y axis (every value on the left-hand axis must be finite and above 0). */
    public Builder logY() {
      this.logY = true;
      return this;
    }

    /** The chart. */
    public Chart build() {
      return new Chart(title, xTitle, yTitle, width, height, legend, markerSize, xPattern, yPattern, rightTitle,
          small, lines, verticals, logY);
    }
  }
}
