package io.github.backoff.sim.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Point;
import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Study;
import io.github.backoff.sim.spi.Trial;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunnerTest {

  /** A study whose run (p, r) yields p * 100 + r, or throws from the trial. */
  private static Study study(int points, int runs, int threads, Trial trial) {
    List<Point> list = new ArrayList<>();
    for (int p = 0; p < points; p++) {
      list.add(new Point("s" + p, p));
    }
    return new Study() {
      @Override
      public String model() {
        return "test";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.stats("v", "", "value"), Metric.series("q", "", "series"));
      }

      @Override
      public String seriesName() {
        return "series";
      }

      @Override
      public String xName() {
        return "x";
      }

      @Override
      public List<Point> points() {
        return list;
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
        return 2;
      }

      @Override
      public int batch() {
        return 3;
      }

      @Override
      public List<String[]> parameterRows() {
        return List.of();
      }

      @Override
      public Path out() {
        return Path.of("unused");
      }

      @Override
      public Trial newTrial() {
        return trial;
      }

      @Override
      public Reporter reporter() {
        throw new UnsupportedOperationException();
      }
    };
  }

  @Test
  void run_storesValuesByPointAndRun_andAveragesSeriesInRunOrder() {
    Trial trial = (p, r, values, series) -> {
      values[0] = p * 100 + r;
      series[1][0] = r;
      series[1][1] = 1;
      return 2;
    };
    Results results = Runner.run(study(3, 7, 3, trial), ProgressListener.NONE);
    for (int p = 0; p < 3; p++) {
      assertThat(results.runs(p, 0)).containsExactly(p * 100, p * 100 + 1, p * 100 + 2, p * 100 + 3, p * 100 + 4,
          p * 100 + 5, p * 100 + 6);
      assertThat(results.series(p, 1)).containsExactly(3.0, 1.0);
    }
    assertThat(results.stats(2, 0).mean()).isEqualTo(203.0);
    assertThat(results.events()).isEqualTo(2 * 3 * 7);
  }

  @Test
  void run_progress_countsEveryRunOnceInOrder() {
    List<Long> seen = new ArrayList<>();
    Runner.run(study(2, 10, 2, (p, r, v, s) -> 0), (done, total) -> {
      assertThat(total).isEqualTo(20);
      seen.add(done);
    });
    assertThat(seen).isSorted().last().isEqualTo(20L);
  }

  @Test
  void run_trialThrows_rethrowsTheFailure() {
    Trial trial = (p, r, values, series) -> {
      if (p == 1 && r == 4) {
        throw new IllegalStateException("boom at 1/4");
      }
      return 0;
    };
    assertThatThrownBy(() -> Runner.run(study(2, 6, 2, trial), ProgressListener.NONE))
        .isInstanceOf(IllegalStateException.class).hasMessage("boom at 1/4");
  }

  @Test
  void seeds_neighbouringInputs_giveDifferentSeeds() {
    long base = Seeds.run(1, 2, 3, 4, 5);
    assertThat(Seeds.run(1, 2, 3, 4, 5)).isEqualTo(base);
    assertThat(List.of(Seeds.run(2, 2, 3, 4, 5), Seeds.run(1, 3, 3, 4, 5), Seeds.run(1, 2, 4, 4, 5),
        Seeds.run(1, 2, 3, 5, 5), Seeds.run(1, 2, 3, 4, 6))).doesNotContain(base).doesNotHaveDuplicates();
  }
}
