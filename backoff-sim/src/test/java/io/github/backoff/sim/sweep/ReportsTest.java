package io.github.backoff.sim.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.report.Chart;
import io.github.backoff.sim.report.ReportWriter;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {
  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  private static SweepResult occ;
  @TempDir
  static Path dir;

  @BeforeAll
  static void writeReports() throws Exception {
    occ = SweepSimulation.simulate(SimulationConfig.builder().clients("10..30:10").runs(4).seed(7).build(),
        ProgressListener.NONE);
    ReportWriter.write(occ.report(), dir.resolve("occ"));
  }

  @Test
  void writeAll_resultsCsv_hasTheHeaderAndOneRowPerPoint() throws Exception {
    List<String> lines = Files.readAllLines(dir.resolve("occ/results.csv"));
    assertThat(lines.get(0)).isEqualTo("model,strategy,clients,runs,work_mean,work_sd,work_p50,work_p95,"
        + "completion_mean,completion_sd,completion_p50,completion_p95");
    assertThat(lines).hasSize(1 + 5 * 3);
    assertThat(lines.get(1)).startsWith("occ,none,10,4,");
    assertThat(lines.get(15)).startsWith("occ,decorrelated-jitter,30,4,");
    for (String line : lines.subList(1, lines.size())) {
      String[] fields = line.split(",", -1);
      assertThat(fields).hasSize(12);
      for (int i = 4; i < 12; i++) {
        assertThat(fields[i]).matches("\\d+\\.\\d{3}");
      }
    }
    assertThat(Files.exists(dir.resolve("occ/utilisation.csv"))).isFalse();
  }

  @Test
  void writeAll_pngs_areValidImagesOfTheChartSize() throws Exception {
    for (String name : List.of("work.png", "completion.png")) {
      byte[] png = Files.readAllBytes(dir.resolve("occ").resolve(name));
      assertThat(Arrays.copyOf(png, 8)).isEqualTo(PNG_MAGIC);
      assertThat(png.length).isGreaterThan(10_000);
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
      assertThat(image.getWidth()).isEqualTo(900);
      assertThat(image.getHeight()).isEqualTo(560);
    }
  }

  @Test
  void writeAll_html_embedsBothChartsAndTheTable() throws Exception {
    String html = Files.readString(dir.resolve("occ/report.html"), StandardCharsets.UTF_8);
    assertThat(html).startsWith("<!DOCTYPE html>").contains("<table id=\"results\">")
        .contains("<table id=\"parameters\">").contains("<table id=\"limit\">")
        .contains("<tr><th>seed</th><td>7</td></tr>")
        .doesNotContain("http://", "https://", "<script");
    Matcher images = Pattern.compile("<img id=\"(work|completion)-chart\"[^>]*src=\"data:image/png;base64,"
        + "([A-Za-z0-9+/=]+)\"").matcher(html);
    int count = 0;
    while (images.find()) {
      byte[] png = Base64.getDecoder().decode(images.group(2));
      assertThat(Arrays.copyOf(png, 8)).isEqualTo(PNG_MAGIC);
      count++;
    }
    assertThat(count).isEqualTo(2);
    // one results row per point, plus the limit table's five rows
    assertThat(html.split("<td>decorrelated-jitter</td>", -1)).hasSize(1 + 3 + 1);
  }

  @Test
  void writeAll_singleServer_writesUtilisation(@TempDir Path out) throws Exception {
    SweepResult result = SweepSimulation.simulate(SimulationConfig.builder().model("single-server").clients("5,10")
        .strategies("none,full-jitter").runs(3).build(), ProgressListener.NONE);
    ReportWriter.write(result.report(), out);
    List<String> lines = Files.readAllLines(out.resolve("utilisation.csv"));
    assertThat(lines.get(0)).isEqualTo("model,strategy,clients,runs,utilisation_mean,utilisation_sd,utilisation_p50,utilisation_p95");
    assertThat(lines).hasSize(5);
    assertThat(lines.get(1)).matches("single-server,none,5,3,0\\.\\d{3},\\d\\.\\d{3},0\\.\\d{3},0\\.\\d{3}");
    assertThat(Files.readAllLines(out.resolve("results.csv")).get(0)).isEqualTo("model,strategy,clients,runs,work_mean,work_sd,work_p50,work_p95,"
        + "completion_mean,completion_sd,completion_p50,completion_p95");
    assertThat(Files.readString(out.resolve("report.html"))).contains("<th>utilisation</th>");
    assertThat(result.report().summary()).contains("utilisation");
  }

  @Test
  void summary_listsEveryStrategyAtTheLargestN() {
    String summary = occ.report().summary();
    assertThat(summary).startsWith("model occ, 4 runs per point, seed 7, at N = 30 clients:\n");
    assertThat(summary.lines()).hasSize(1 + 1 + 5 + 1);
    assertThat(summary).contains("decorrelated-jitter").doesNotContain("utilisation");
  }

  @Test
  void completionChart_oneClientCountSpanningADecade_logAxisWithTheReferenceAsAPoint() {
    // At N = 100, none finishes near 2,000 and exponential near 60,000: a factor of 31
    SweepResult result = SweepSimulation.simulate(SimulationConfig.builder().clients("100").runs(3).seed(42).build(),
        ProgressListener.NONE);
    Chart chart = result.report().chart("completion.png");

    assertThat(SweepStudy.completionLogScale(result)).isTrue();
    assertThat(chart.logY()).isTrue();
    assertThat(chart.yTitle()).isEqualTo("completion time (time units = ms, log scale)");
    Chart.Line reference = chart.lines().get(chart.lines().size() - 1);
    assertThat(reference.name()).isEqualTo("reference: N x 40");
    assertThat(reference.y()).containsExactly(4_000);
    assertThat(SweepStudy.findings(result)).contains("The completion chart's axis is logarithmic");
  }

  @Test
  void completionChart_valuesWithinADecade_linearAxisAndNoLogSentence() {
    // The jittered strategies and the reference at one N lie within a factor of 2 of each other
    SweepResult result = SweepSimulation.simulate(SimulationConfig.builder().clients("100")
        .strategies("full-jitter,equal-jitter,decorrelated-jitter").runs(3).seed(42).build(), ProgressListener.NONE);
    Chart chart = result.report().chart("completion.png");

    assertThat(SweepStudy.completionLogScale(result)).isFalse();
    assertThat(chart.logY()).isFalse();
    assertThat(chart.yTitle()).isEqualTo("completion time (time units = ms)");
    assertThat(SweepStudy.findings(result)).doesNotContain("logarithmic");
  }

  @Test
  void completionChart_defaultSweep_staysLogarithmic() {
    assertThat(SweepStudy.completionLogScale(occ)).isTrue();
    assertThat(occ.report().chart("completion.png").logY()).isTrue();
    assertThat(occ.report().chart("work.png").logY()).isFalse();
  }
}
