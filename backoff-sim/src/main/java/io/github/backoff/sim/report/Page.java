package io.github.backoff.sim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An HTML report a model declares: a self-contained page (no scripts, no external resources) of headings,
 * paragraphs, parameter rows, charts and tables, in order. The report layer renders it, embedding each chart it
 * names as a {@code data:} URI. Text is escaped; only {@link Builder#markup} and table headers are taken as HTML,
 * for entities such as {@code &times;} and {@code <code>} names.
 *
 * <p>Immutable and thread-safe once built; the builder is not thread-safe.
 *
 * <pre>{@code
 * Page page = Page.builder("overload", 1300)
 *     .text("An open system.")
 *     .parameters(List.<String[]>of(new String[] {"queue", "2000 requests"}))
 *     .heading("Charts").figure("goodput-chart", "Goodput over time", "goodput.png", false)
 *     .build();
 * }</pre>
 */
public final class Page {
  /** One piece of the page. */
  sealed interface Part {}

  /** Already-rendered HTML. */
  record Markup(String html) implements Part {}

  /** A chart of the same report, by file name. */
  record Figure(String id, String alt, String chart, boolean sized) implements Part {}

  /** A table: header cells as HTML, the first {@code textColumns} columns as text, the others as numbers. */
  record Grid(String id, Table table, int textColumns, boolean scroll) implements Part {}

  private final String model;
  private final int maxWidth;
  /** The heading, plain text; null for {@code Backoff simulation: model MODEL}. */
  private final String title;
  private final List<Part> parts;

  private Page(Builder b) {
    this.model = b.model;
    this.maxWidth = b.maxWidth;
    this.title = b.title;
    this.parts = List.copyOf(b.parts);
  }

  /** A page titled {@code Backoff simulation: model MODEL}, at most {@code maxWidth} pixels wide. */
  public static Builder builder(String model, int maxWidth) {
    return new Builder(model, maxWidth);
  }

  String model() {
    return model;
  }

  int maxWidth() {
    return maxWidth;
  }

  /** The page's heading, plain text, or null for the models' {@code Backoff simulation: model MODEL}. */
  String title() {
    return title;
  }

  List<Part> parts() {
    return parts;
  }

  /** Builds a {@link Page}. Not thread-safe. */
  public static final class Builder {
    private final String model;
    private final int maxWidth;
    private final List<Part> parts = new ArrayList<>();
    private String title;

    private Builder(String model, int maxWidth) {
      this.model = Objects.requireNonNull(model, "model");
      this.maxWidth = maxWidth;
    }

    /** A paragraph of text. */
    public Builder text(String text) {
      return markup("<p>" + Numbers.html(text) + "</p>\n");
    }

    /** HTML as it is: a paragraph with entities or {@code <code>} names. */
    public Builder markup(String html) {
      parts.add(new Markup(Objects.requireNonNull(html, "html")));
      return this;
    }

    /** A second-level heading. */
    public Builder heading(String text) {
      return markup("<h2>" + Numbers.html(text) + "</h2>\n");
    }

    /** The heading "Parameters" and a table of (name, value) rows, {@code id="parameters"}. */
    public Builder parameters(List<String[]> rows) {
      StringBuilder h = new StringBuilder("<h2>Parameters</h2>\n<table id=\"parameters\">\n");
      for (String[] row : rows) {
        h.append("<tr><th>").append(Numbers.html(row[0])).append("</th><td>").append(Numbers.html(row[1]))
            .append("</td></tr>\n");
      }
      return markup(h.append("</table>\n").toString());
    }

    /**
     * The chart written to file {@code chart} of the same report, embedded.
     *
     * @param sized whether the image states the chart's width and height
     */
    public Builder figure(String id, String alt, String chart, boolean sized) {
      parts.add(new Figure(id, alt, chart, sized));
      return this;
    }

    /**
     * A table; its header cells are HTML.
     *
     * @param textColumns how many leading columns hold text; the others are numbers, aligned right
     * @param scroll whether the table scrolls sideways on a narrow page
     */
    public Builder table(String id, Table table, int textColumns, boolean scroll) {
      parts.add(new Grid(id, table, textColumns, scroll));
      return this;
    }

    /** The page. */
    /** A heading of its own (plain text) instead of {@code Backoff simulation: model MODEL}, for a page that is no model's. */
    public Builder title(String title) {
      this.title = java.util.Objects.requireNonNull(title, "title");
      return this;
    }

    public Page build() {
      return new Page(this);
    }
  }
}
