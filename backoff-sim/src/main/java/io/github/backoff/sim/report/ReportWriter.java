package io.github.backoff.sim.report;

import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Results;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * The one {@link Reporter} of models that declare their own layout: a model hands over a function from its
 * {@link Results} to a {@link Report} (tables, charts, a page and a summary), and this class writes the CSV files,
 * draws the charts (several at once, since on a cold JVM each costs a few hundred milliseconds), renders the page
 * with the charts embedded, and prints the summary. No model writes a file, draws or renders itself.
 *
 * <p>Thread-safe if the layout function is (it keeps the last results' report, so a run builds it once).
 *
 * <pre>{@code
 * Reporter reporter = ReportWriter.of(results -> Report.builder()
 *     .csv("results.csv", MetricReports.statsTable(results, 0, 1))
 *     .summary("done\n").build());
 * }</pre>
 */
public final class ReportWriter implements Reporter {
  private final Function<Results, Report> layout;
  /** The last results' report: a run asks for the files, the summary and the writing of the same results. */
  private volatile Object[] last = {null, null};

  private ReportWriter(Function<Results, Report> layout) {
    this.layout = Objects.requireNonNull(layout, "layout");
  }

  private Report report(Results results) {
    Object[] cached = last;
    if (cached[0] == results && results != null) {
      return (Report) cached[1];
    }
    Report report = layout.apply(results);
    last = new Object[] {results, report};
    return report;
  }

  /** A reporter that writes what {@code layout} declares for the results. */
  public static ReportWriter of(Function<Results, Report> layout) {
    return new ReportWriter(layout);
  }

  @Override
  public String summary(Results results) {
    return report(results).summary();
  }

  @Override
  public List<String> files(Results results) {
    return report(results).files();
  }

  @Override
  public void write(Results results, Path dir) throws IOException {
    write(report(results), dir);
  }

  @Override
  public void prepareInBackground() {
    Charting.prepareInBackground();
  }

  /**
   * Writes {@code report}'s files into {@code dir}, creating it if needed.
   *
   * @throws IOException if the directory or a file cannot be written
   */
  public static void write(Report report, Path dir) throws IOException {
    Files.createDirectories(dir);
    // Every chart but the first is drawn on another thread while the first is drawn here and the tables written.
    Map<String, CompletableFuture<byte[]>> drawing = new LinkedHashMap<>();
    boolean first = true;
    for (Report.Output output : report.outputs()) {
      CompletableFuture<byte[]> png = null;
      if (output instanceof Report.Plot plot) {
        png = first ? null : CompletableFuture.supplyAsync(() -> Drawing.png(plot.chart()));
      } else if (output instanceof Report.Grid grid) {
        png = first ? null : CompletableFuture.supplyAsync(() -> Drawing.grid(grid.columns(), grid.charts()));
      } else {
        continue;
      }
      if (first) {
        first = false;
        png = CompletableFuture.completedFuture(output instanceof Report.Plot plot ? Drawing.png(plot.chart())
            : Drawing.grid(((Report.Grid) output).columns(), ((Report.Grid) output).charts()));
      }
      drawing.put(output.file(), png);
    }
    for (Report.Output output : report.outputs()) {
      if (output instanceof Report.Csv csv) {
        Files.writeString(dir.resolve(csv.file()), csv.table().csv());
      }
    }
    Map<String, byte[]> pngs = new HashMap<>();
    for (Map.Entry<String, CompletableFuture<byte[]>> e : drawing.entrySet()) {
      try {
        pngs.put(e.getKey(), e.getValue().join());
      } catch (CompletionException failure) {
        if (failure.getCause() instanceof UncheckedIOException u) {
          throw u.getCause();
        }
        throw failure;
      }
      Files.write(dir.resolve(e.getKey()), pngs.get(e.getKey()));
    }
    for (Report.Output output : report.outputs()) {
      if (output instanceof Report.Html html) {
        Files.writeString(dir.resolve(html.file()), render(html.page(), report, pngs));
      }
    }
  }

  /** The page's HTML, with the charts it names embedded. */
  static String render(Page page, Report report, Map<String, byte[]> pngs) {
    StringBuilder h = new StringBuilder(64 * 1024 + pngs.values().stream().mapToInt(p -> 4 * p.length / 3).sum());
    Html.head(h, page.model(), page.maxWidth());
    if (page.title() != null) {
      h.append("<h1>").append(Numbers.html(page.title())).append("</h1>\n");
    } else {
      h.append("<h1>Backoff simulation: model <code>").append(Numbers.html(page.model())).append("</code></h1>\n");
    }
    for (Page.Part part : page.parts()) {
      if (part instanceof Page.Markup m) {
        h.append(m.html());
      } else if (part instanceof Page.Figure f) {
        byte[] png = pngs.get(f.chart());
        if (png == null) {
          throw new IllegalArgumentException("figure " + f.id() + ": no chart '" + f.chart() + "' in the report");
        }
        h.append("<figure><img id=\"").append(Numbers.html(f.id())).append("\" alt=\"")
            .append(Numbers.html(f.alt())).append('"');
        if (f.sized()) {
          Chart chart = chartOf(report, f.chart());
          h.append(" width=\"").append(chart.width()).append("\" height=\"").append(chart.height()).append('"');
        }
        h.append(" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(png))
            .append("\"></figure>\n");
      } else if (part instanceof Page.Grid g) {
        if (g.scroll()) {
          h.append("<div class=\"scroll\">\n");
        }
        h.append("<table id=\"").append(Numbers.html(g.id())).append("\">\n<tr>");
        for (String cell : g.table().header()) {
          h.append("<th>").append(cell).append("</th>");
        }
        h.append("</tr>\n");
        for (List<String> row : g.table().rows()) {
          h.append("<tr>");
          for (int i = 0; i < row.size(); i++) {
            if (i < g.textColumns()) {
              h.append("<td>").append(Numbers.html(row.get(i))).append("</td>");
            } else {
              Html.num(h, row.get(i));
            }
          }
          h.append("</tr>\n");
        }
        h.append("</table>\n");
        if (g.scroll()) {
          h.append("</div>\n");
        }
      }
    }
    return h.append("</body>\n</html>\n").toString();
  }

  private static Chart chartOf(Report report, String file) {
    for (Report.Output output : report.outputs()) {
      if (output.file().equals(file)) {
        return output instanceof Report.Plot p ? p.chart() : ((Report.Grid) output).charts().get(0);
      }
    }
    throw new IllegalArgumentException("no chart '" + file + "'");
  }
}
