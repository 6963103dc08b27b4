package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.strategy.Backoff;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class OverloadNetworkLatencyTest {
  private static final Backoff FULL_JITTER =
      Backoff.exponential(Duration.ofMillis(100), 2).withCap(Duration.ofSeconds(2)).withFullJitter();
  private static final RandomGenerator NO_DRAWS = () -> {
    throw new AssertionError("drew a network time");
  };

  private static OverloadModel model(NetworkLatency latency, double timeout, double throttleRate) {
    return new OverloadModel(Systems.system(100, 200, 100, timeout, 0, 0, 0, 30, false, throttleRate, latency));
  }

  private static OverloadOutcome run(OverloadModel model, int maxAttempts, RandomGenerator network) {
    OverloadOutcome o = new OverloadOutcome();
    model.run(FULL_JITTER, maxAttempts, t -> RetryBudget.tokenBucket(100, 0.1), null, new SplittableRandom(1),
        new SplittableRandom(2), new SplittableRandom(3), network, o);
    return o;
  }

  @Test
  void run_zeroLatency_drawsNoNetworkTimeAndEqualsTheModelWithout() {
    OverloadOutcome zero = run(model(NetworkLatency.ZERO, 1, 0), 4, NO_DRAWS);
    OverloadOutcome without = new OverloadOutcome();
    new OverloadModel(Systems.system(100, 200, 100, 1, 0, 0, 0, 30, false)).run(FULL_JITTER, 4,
        t -> RetryBudget.tokenBucket(100, 0.1), null, new SplittableRandom(1), new SplittableRandom(2),
        new SplittableRandom(3), without);
    assertThat(zero.successes()).isEqualTo(without.successes());
    assertThat(zero.latencyMean()).isEqualTo(without.latencyMean());
    assertThat(zero.events()).isEqualTo(without.events());
  }

  @Test
  void run_constantLatency_addsItToEverySuccessAndKeepsTheServersWork() {
    OverloadOutcome zero = run(model(NetworkLatency.ZERO, 1, 0), 1, null);
    OverloadOutcome five = run(model(NetworkLatency.parse("5ms"), 1, 0), 1, new SplittableRandom(9));
    // Same arrivals and services: the server's timeline is unchanged, each reply arrives 5 ms later.
    assertThat(five.requests()).isEqualTo(zero.requests());
    assertThat(five.latencyMean()).isCloseTo(zero.latencyMean() + 0.005, within(1e-9));
  }

  @Test
  void run_latencyOverTheTimeout_noReplyIsHeardAndEveryServiceIsWasted() {
    OverloadOutcome o = run(model(NetworkLatency.parse("2s"), 1, 0), 1, new SplittableRandom(9));
    assertThat(o.successes()).isZero();
    assertThat(o.wasted()).isPositive();
    // Every attempt times out, but those of the last second do so after the horizon.
    assertThat(o.timeouts()).isBetween(o.attempts() - o.rejected() - 150, o.attempts() - o.rejected());
  }

  @Test
  void run_throttlingWithLatency_rejectionsAreHeardLaterAndRetried() {
    OverloadOutcome o = run(model(NetworkLatency.parse("normal:2ms,0.5ms"), 1, 50), 4, new SplittableRandom(9));
    assertThat(o.throttled()).isPositive();
    assertThat(o.retries()).isPositive();
    assertThat(o.latencyP50()).isGreaterThanOrEqualTo(0.002);
  }

  @Test
  void run_latencyWithoutANetworkStream_fails() {
    assertThatThrownBy(() -> run(model(NetworkLatency.parse("1ms"), 1, 0), 1, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("network must not be null with a network latency");
  }

  @Test
  void simulate_latencyOption_showsInTheConfigurationAndMovesLatencyOnly(@org.junit.jupiter.api.io.TempDir Path dir) {
    OverloadConfig.Builder b = OverloadConfig.builder().rate(100).capacity(200).queue(100).outage(0, 0, 0)
        .horizon(20).policies("no-retry").runs(2).out(dir);
    OverloadResult none = OverloadSimulator.simulate(b.build(), ProgressListener.NONE);
    OverloadConfig config = b.networkLatency("3ms").build();
    OverloadResult three = OverloadSimulator.simulate(config, ProgressListener.NONE);
    assertThat(config.toString()).contains(" network-latency=3ms ");
    assertThat(OverloadConfig.defaults().toString()).doesNotContain("network-latency");
    OverloadPoint a = none.point("no-retry", "full-jitter");
    OverloadPoint c = three.point("no-retry", "full-jitter");
    assertThat(c.runs().get(1).requests()).isEqualTo(a.runs().get(1).requests());
    assertThat(c.latency().get(1).latencyMean()).isCloseTo(a.latency().get(1).latencyMean() + 0.003, within(1e-4));
  }
}
