package io.github.backoff.sim;

import io.github.backoff.sim.report.MetricReports;
import io.github.backoff.sim.run.Seeds;
import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Model;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Point;
import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import io.github.backoff.sim.spi.Trial;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A model written the way a new one is: a Model, a Study and a Trial, nothing else. Its point (series, load)
 * yields "extra_load" = load x 10 + a seeded U[0, 1), "latency_p99" = load + run index, and a three-bucket series.
 */
final class ToyModel implements Model {
  static final List<Metric> METRICS = List.of(
      Metric.stats("extra_load", "%", "extra load"),
      Metric.stats("latency_p99", "ms", "p99 latency"),
      Metric.series("queue", "", "queue over time"));

  private final boolean withX;

  ToyModel(boolean withX) {
    this.withX = withX;
  }

  @Override
  public String name() {
    return withX ? "toy" : "toy-flat";
  }

  @Override
  public String description() {
    return "a test model";
  }

  @Override
  public List<Parameter> parameters() {
    return List.of(new Parameter("loads", "LIST", "toy: load levels. Default 1,2.", Parameter.Kind.TEXT),
        new Parameter("loud", "", "toy: a flag.", Parameter.Kind.FLAG));
  }

  @Override
  public Study study(Settings settings, StrategyLookup strategies) {
    List<Point> points = new ArrayList<>();
    for (String s : settings.text("strategies").orElse("a,b").split(",")) {
      for (String load : settings.text("loads").orElse("1,2").split(",")) {
        points.add(new Point(s, withX ? Double.parseDouble(load) : Double.NaN));
      }
    }
    int runs = settings.integer("runs").orElse(3);
    int threads = settings.integer("threads").orElse(1);
    long seed = settings.longValue("seed").orElse(42L);
    Path out = Path.of(settings.text("out").orElse("toy-out"));
    return new Study() {
      @Override
      public String model() {
        return name();
      }

      @Override
      public List<Metric> metrics() {
        return METRICS;
      }

      @Override
      public String seriesName() {
        return "strategy";
      }

      @Override
      public String xName() {
        return withX ? "load" : null;
      }

      @Override
      public List<Point> points() {
        return points;
      }

      @Override
      public int runs() {
        return runs;
      }

      @Override
      public int threads() {
        return threads;
      }

      @Override
      public int buckets() {
        return 3;
      }

      @Override
      public List<String[]> parameterRows() {
        return List.<String[]>of(new String[] {"loud", Boolean.toString(settings.flag("loud"))});
      }

      @Override
      public Path out() {
        return out;
      }

      @Override
      public Trial newTrial() {
        return (p, r, values, series) -> {
          double load = withX ? points.get(p).x() : p;
          values[0] = load * 10 + new SplittableRandom(Seeds.run(seed, 1, p, 0, r)).nextDouble();
          values[1] = load + r;
          for (int b = 0; b < 3; b++) {
            series[2][b] = (float) (b * load);
          }
          return 1;
        };
      }

      @Override
      public Reporter reporter() {
        return MetricReports.INSTANCE;
      }
    };
  }
}
