package io.github.backoff.sim.backlog;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Runs {@link BacklogModel#defaults()} with each {@link BacklogModel.Jitter}, prints the comparison as a Markdown
 * table and writes {@code durable-backlog.png} (the busiest second of each minute) into the directory given as the
 * first argument and {@code durable-backlog.csv} (attempts and successes a second) into the second (default: the
 * first).
 *
 * <pre>{@code
 * java -cp ... io.github.backoff.sim.backlog.BacklogComparison docs/images docs/data
 * }</pre>
 */
public final class BacklogComparison {
  private BacklogComparison() {}

  /** Runs the comparison; {@code args[0]} is the chart's directory, {@code args[1]} the CSV's (default: the chart's). */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : ".");
    Path csvDir = args.length > 1 ? Path.of(args[1]) : dir;
    Files.createDirectories(dir);
    Files.createDirectories(csvDir);
    BacklogModel model = BacklogModel.defaults();
    List<BacklogModel.Outcome> outcomes = new ArrayList<>();
    for (BacklogModel.Jitter jitter : BacklogModel.Jitter.values()) {
      outcomes.add(model.run(jitter));
    }
    table(model, outcomes, System.out);
    csv(outcomes, csvDir.resolve("durable-backlog.csv"));
    BitmapEncoder.saveBitmap(chart(model, outcomes), dir.resolve("durable-backlog.png").toString(),
        BitmapEncoder.BitmapFormat.PNG);
  }

  static void table(BacklogModel model, List<BacklogModel.Outcome> outcomes, PrintStream out) {
    out.printf("%,d deliveries fail together; partner down %d min, then %d attempts/s; %d instances; %s%n%n",
        model.items(), model.outage().toMinutes(), model.capacityPerSecond(), model.instances(), model.backoff());
    out.println("| jitter | peak attempts in one second after the outage | drained after the outage | attempts |");
    out.println("| --- | ---: | ---: | ---: |");
    for (BacklogModel.Outcome o : outcomes) {
      out.printf("| %s | %,d | %s | %,d |%n", label(o.jitter()), o.peakAfterOutage(), o.drainTime(), o.attempts());
    }
  }

  static String label(BacklogModel.Jitter jitter) {
    switch (jitter) {
      case NONE:
        return "none";
      case PER_INSTANCE_AT_STARTUP:
        return "per instance, drawn at start-up";
      default:
        return "keyed by item";
    }
  }

  private static void csv(List<BacklogModel.Outcome> outcomes, Path file) throws IOException {
    StringBuilder csv = new StringBuilder("jitter,second,attempts,successes\n");
    for (BacklogModel.Outcome o : outcomes) {
      for (int t = 0; t < o.attemptsPerSecond().length; t++) {
        if (o.attemptsPerSecond()[t] > 0) {
          csv.append(o.jitter()).append(',').append(t).append(',').append(o.attemptsPerSecond()[t]).append(',')
              .append(o.successesPerSecond()[t]).append('\n');
        }
      }
    }
    Files.writeString(file, csv);
  }

  static XYChart chart(BacklogModel model, List<BacklogModel.Outcome> outcomes) {
    int minutes = (int) model.horizon().toMinutes();
    XYChart chart = new XYChartBuilder().width(1000).height(560)
        .title(String.format("%,d deliveries failed together; partner down %d min, then %d attempts/s",
            model.items(), model.outage().toMinutes(), model.capacityPerSecond()))
        .xAxisTitle("minutes since the failures").yAxisTitle("attempts in the busiest second of the minute").build();
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
    for (BacklogModel.Outcome o : outcomes) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int m = 0; m < minutes; m++) {
        int peak = 0;
        for (int t = m * 60; t < (m + 1) * 60 && t < o.attemptsPerSecond().length; t++) {
          peak = Math.max(peak, o.attemptsPerSecond()[t]);
        }
        if (peak > 0) {
          x.add((double) m);
          y.add((double) peak);
        }
      }
      chart.addSeries(label(o.jitter()) + " (drained " + o.drainTime() + " after the outage)", x, y)
          .setMarker(SeriesMarkers.CIRCLE);
    }
    chart.addSeries("the partner's capacity (" + model.capacityPerSecond() + "/s)", List.of(0.0, (double) minutes),
        List.of((double) model.capacityPerSecond(), (double) model.capacityPerSecond()))
        .setMarker(SeriesMarkers.NONE).setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH)
        .setLineColor(java.awt.Color.GRAY);
    return chart;
  }
}
