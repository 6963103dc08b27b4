package io.github.backoff.sim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one report layer writes what a model declares: tables as CSV and HTML, charts as PNG, a page, a summary. */
class ReportWriterTest {

  @Test
  void csv_table_headerThenRowsEachEndingInNewline() {
    Table table = Table.builder("policy", "runs").row("retries", "5").row("ratio", "").build();

    assertThat(table.csv()).isEqualTo("policy,runs\nretries,5\nratio,\n");
  }

  @Test
  void build_rowShorterThanHeader_fails() {
    assertThatThrownBy(() -> Table.builder("a", "b").row("1").build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row of 1 cells under a header of 2");
  }

  @Test
  void table_fileNotInTheReport_failsNamingTheFiles() {
    Report report = Report.builder().csv("a.csv", Table.builder("x").build()).build();

    assertThatThrownBy(() -> report.table("b.csv")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no table 'b.csv' (files: [a.csv])");
  }

  @Test
  void chart_fileNotASingleChart_failsNamingTheFiles() {
    Chart chart = Chart.builder("Work", "clients", "work", 300, 200).build();
    Report report = Report.builder().csv("a.csv", Table.builder("x").build()).chart("w.png", chart)
        .grid("g.png", 2, List.of(chart)).build();

    assertThat(report.chart("w.png")).isSameAs(chart);
    assertThatThrownBy(() -> report.chart("g.png")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no chart 'g.png' (files: [a.csv, w.png, g.png])");
  }

  @Test
  void write_declaredReport_writesEveryFileWithTheChartEmbedded(@TempDir Path dir) throws Exception {
    Chart chart = Chart.builder("Work", "clients", "work", 300, 200)
        .line(Chart.Line.of("full-jitter", new double[] {10, 20}, new double[] {12, 30}))
        .line(Chart.Line.of("lower bound: N", new double[] {10, 20}, new double[] {10, 20}).style(Chart.Style.DASHED))
        .build();
    Table table = Table.builder("strategy", "work").row("full-jitter", "30").build();
    Report report = Report.builder()
        .csv("results.csv", table)
        .chart("work.png", chart)
        .grid("panels.png", 2, List.of(chart, chart, chart))
        .page("report.html", Page.builder("toy", 900).text("A <toy> model.").heading("Charts")
            .figure("work-chart", "Work", "work.png", true).table("results", table, 1, true).build())
        .summary("done\n")
        .build();

    ReportWriter.write(report, dir);

    assertThat(report.files()).containsExactly("results.csv", "work.png", "panels.png", "report.html");
    assertThat(Files.readString(dir.resolve("results.csv"))).isEqualTo("strategy,work\nfull-jitter,30\n");
    assertThat(Files.readAllBytes(dir.resolve("work.png"))).startsWith(0x89, 'P', 'N', 'G');
    assertThat(Files.readAllBytes(dir.resolve("panels.png"))).startsWith(0x89, 'P', 'N', 'G');
    assertThat(Files.readString(dir.resolve("report.html")))
        .contains("<h1>Backoff simulation: model <code>toy</code></h1>")
        .contains("<p>A &lt;toy&gt; model.</p>")
        .contains("<img id=\"work-chart\" alt=\"Work\" width=\"300\" height=\"200\" src=\"data:image/png;base64,")
        .contains("<div class=\"scroll\">\n<table id=\"results\">\n<tr><th>strategy</th><th>work</th></tr>\n"
            + "<tr><td>full-jitter</td><td class=\"n\">30</td></tr>\n</table>\n</div>\n")
        .endsWith("</body>\n</html>\n");
    assertThat(ReportWriter.of(results -> report).summary(null)).isEqualTo("done\n");
  }

  @Test
  void write_figureOfAChartNotInTheReport_fails(@TempDir Path dir) {
    Report report = Report.builder()
        .page("report.html", Page.builder("toy", 900).figure("x", "x", "missing.png", false).build()).build();

    assertThatThrownBy(() -> ReportWriter.write(report, dir)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("figure x: no chart 'missing.png' in the report");
  }
}
