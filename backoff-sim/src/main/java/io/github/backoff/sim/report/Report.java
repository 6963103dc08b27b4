package io.github.backoff.sim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a model's reports hold, as declarations: the terminal summary and the files, in order: CSV tables, charts,
 * grids of charts and an HTML page. A model builds one from its results ({@link ReportWriter#of}); the report layer
 * draws, renders and writes it. A model that declares nothing but its metrics needs none:
 * {@link MetricReports} derives the files from the metrics.
 *
 * <p>Immutable and thread-safe once built; the builder is not thread-safe.
 *
 * <pre>{@code
 * Report report = Report.builder()
 *     .csv("summary.csv", table)
 *     .chart("goodput.png", chart)
 *     .page("report.html", page)
 *     .summary("model overload: ...\n")
 *     .build();
 * }</pre>
 */
public final class Report {
  /** One file of the report. */
  sealed interface Output {
    String file();
  }

  /** A CSV file. */
  record Csv(String file, Table table) implements Output {}

  /** A PNG of one chart. */
  record Plot(String file, Chart chart) implements Output {}

  /** A PNG of several charts side by side, {@code columns} to a row, each the size of the first. */
  record Grid(String file, int columns, List<Chart> charts) implements Output {}

  /** An HTML page. */
  record Html(String file, Page page) implements Output {}

  private final List<Output> outputs;
  private final String summary;

  private Report(Builder b) {
    this.outputs = List.copyOf(b.outputs);
    this.summary = b.summary;
  }

  /** An empty report. */
  public static Builder builder() {
    return new Builder();
  }

  /** The terminal summary, lines ending in {@code \n}. */
  public String summary() {
    return summary;
  }

  /** The file names, in order. */
  public List<String> files() {
    return outputs.stream().map(Output::file).toList();
  }

  /**
   * The table written to {@code file}.
   *
   * @throws IllegalArgumentException if the report writes no table there
   */
  public Table table(String file) {
    for (Output output : outputs) {
      if (output instanceof Csv csv && csv.file().equals(file)) {
        return csv.table();
      }
    }
    throw new IllegalArgumentException("no table '" + file + "' (files: " + files() + ")");
  }

  /**
   * The chart drawn into {@code file}.
   *
   * @throws IllegalArgumentException if the report draws no single chart there
   */
  public Chart chart(String file) {
    for (Output output : outputs) {
      if (output instanceof Plot plot && plot.file().equals(file)) {
        return plot.chart();
      }
    }
    throw new IllegalArgumentException("no chart '" + file + "' (files: " + files() + ")");
  }

  List<Output> outputs() {
    return outputs;
  }

  /** Builds a {@link Report}. Not thread-safe. */
  public static final class Builder {
    private final List<Output> outputs = new ArrayList<>();
    private String summary = "";

    private Builder() {}

    /** A CSV file of {@code table}. */
    public Builder csv(String file, Table table) {
      outputs.add(new Csv(file, Objects.requireNonNull(table, "table")));
      return this;
    }

    /** A PNG of {@code chart}. */
    public Builder chart(String file, Chart chart) {
      outputs.add(new Plot(file, Objects.requireNonNull(chart, "chart")));
      return this;
    }

    /** One PNG of {@code charts}, {@code columns} to a row (fewer if there are fewer charts). */
    public Builder grid(String file, int columns, List<Chart> charts) {
      outputs.add(new Grid(file, columns, List.copyOf(charts)));
      return this;
    }

    /** An HTML file of {@code page}; its figures name charts of this report. */
    public Builder page(String file, Page page) {
      outputs.add(new Html(file, Objects.requireNonNull(page, "page")));
      return this;
    }

    /** The terminal summary. */
    public Builder summary(String text) {
      this.summary = Objects.requireNonNull(text, "text");
      return this;
    }

    /** The report. */
    public Report build() {
      return new Report(this);
    }
  }
}
