package io.github.backoff.sim.hedging;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.run.Runner;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HedgingStudyTest {
  private static Results run(Map<String, String> options) {
    Study study = HedgingSimModel.INSTANCE.study(Settings.of(options), StrategyLookup.NONE);
    return Runner.run(study, ProgressListener.NONE);
  }

  private static double mean(Results results, int point, String metric) {
    return results.stats(point, results.metric(metric)).mean();
  }

  @Test
  void study_points_areModesAtEachLoad() {
    Study study = HedgingSimModel.INSTANCE.study(Settings.of(Map.of("load", "0.2,0.4", "modes", "none,fixed")),
        StrategyLookup.NONE);

    assertThat(study.points()).extracting(p -> p.series() + "@" + p.x())
        .containsExactly("none@0.2", "fixed@0.2", "none@0.4", "fixed@0.4");
    assertThat(study.xName()).isEqualTo("load");
    assertThat(study.runs()).isEqualTo(HedgingSimModel.DEFAULT_RUNS);
  }

  @Test
  void run_noHedging_extraLoadAndHedgesAreExactlyZero() {
    Results results = run(Map.of("load", "0.5", "modes", "none,fixed", "requests", "2000", "runs", "2"));

    assertThat(results.runs(0, results.metric("extra_load"))).containsOnly(0.0);
    assertThat(results.runs(0, results.metric("hedges"))).containsOnly(0.0);
    assertThat(mean(results, 1, "hedges")).isBetween(2.0, 9.0); // hedged iff the original takes > p95: ~5 %
  }

  @Test
  void run_moreHedgesAllowed_moreHedgesSentAndLowerTail() {
    // At low load with a short delay, a second hedge goes out for the requests whose first two attempts are slow.
    Map<String, String> base = Map.of("load", "0.1", "modes", "fixed", "requests", "20000", "runs", "1",
        "hedge-delay", "15ms");
    Results one = run(base);
    Map<String, String> two = new java.util.HashMap<>(base);
    two.put("max-hedges", "2");
    Results twice = run(two);

    assertThat(mean(twice, 0, "hedges")).isGreaterThan(mean(one, 0, "hedges"));
    assertThat(mean(twice, 0, "latency_p999")).isLessThan(mean(one, 0, "latency_p999"));
  }

  @Test
  void run_serverCancels_hedgingSavesWork() {
    Results results = run(Map.of("load", "0.5", "modes", "none,fixed", "requests", "20000", "runs", "1",
        "server-cancels", "true"));

    assertThat(mean(results, 1, "extra_load")).isNegative(); // the losers cancelled are the slow ones
    assertThat(mean(results, 1, "latency_p99")).isLessThan(mean(results, 0, "latency_p99") / 2);
  }
}
