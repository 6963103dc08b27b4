package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.strategy.Backoff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The throttling server, the 2026 quota and the adaptive policy of the {@code overload} model. */
class OverloadThrottlingTest {
  private static final Backoff FULL_JITTER =
      Backoff.exponential(Duration.ofMillis(100), 2).withCap(Duration.ofSeconds(2)).withFullJitter();

  @TempDir
  Path dir;

  private static OverloadOutcome run(OverloadModel model, int maxAttempts, Function<Ticker, RetryBudget> budget,
      Function<Ticker, AdaptiveRateLimiter> limiter, long seed) {
    OverloadOutcome outcome = new OverloadOutcome();
    model.run(FULL_JITTER, maxAttempts, budget, limiter, new SplittableRandom(seed), new SplittableRandom(seed + 1),
        new SplittableRandom(seed + 2), outcome);
    return outcome;
  }

  /** λ 2000/s at a fast server (μ 5000/s) that admits 500/s: three quarters must be throttled. */
  private static OverloadModel fastThrottled() {
    return new OverloadModel(Systems.system(2000, 5000, 2000, 1, 0, 0, 0, 20, false, 500));
  }

  @Test
  void run_throttlingServer_neverAdmitsMoreThanItsRatePlusTheBurst() {
    OverloadOutcome o = run(fastThrottled(), 4, null, null, 1);

    long admitted = o.attempts() - o.throttled();
    assertThat(admitted).isLessThanOrEqualTo(500L * 20 + 50); // rate x horizon + burst (0.1 s of rate)
    assertThat(admitted).isGreaterThan(500L * 20 - 50);       // and it does admit at its rate
    assertThat(o.throttled()).isPositive();
    assertThat(o.rejected()).isZero();                        // it throttles instead of queueing
    assertThat(o.maxQueue()).isLessThan(100);
    for (int b = 0; b < o.buckets(); b++) {
      // completions in a second come from admissions in that second or just before: at most rate + burst + slack
      assertThat(o.value(OverloadOutcome.SUCCESSES, b)).as("bucket %d", b).isLessThanOrEqualTo(500 + 50 + 10);
    }
  }

  @Test
  void run_throttlingServerDuringOutage_admitsTheReducedRate() {
    OverloadModel model = new OverloadModel(Systems.system(2000, 5000, 2000, 1, 10, 10, 0.2, 30, false, 500));
    OverloadOutcome o = run(model, 1, null, null, 2);

    double served = 0;
    for (int b = 11; b < 20; b++) {
      served += o.value(OverloadOutcome.SUCCESSES, b);
    }
    assertThat(served / 9).isLessThanOrEqualTo(0.2 * 500 + 10);
  }

  @Test
  void run_queueingServer_neverThrottles() {
    OverloadModel model = new OverloadModel(Systems.system(2000, 1000, 50, 1, 0, 0, 0, 10, false));
    OverloadOutcome o = run(model, 4, null, null, 3);

    assertThat(o.throttled()).isZero();
    assertThat(o.rejected()).isPositive();
    assertThat(o.limiterWait()).isZero();
  }

  @Test
  void run_adaptiveSameSeed_sameOutcome() {
    OverloadOutcome a = run(fastThrottled(), 4, t -> RetryBudget.retryQuota2026(), AdaptiveRateLimiter::create, 4);
    OverloadOutcome b = run(fastThrottled(), 4, t -> RetryBudget.retryQuota2026(), AdaptiveRateLimiter::create, 4);

    assertThat(b.attempts()).isEqualTo(a.attempts());
    assertThat(b.throttled()).isEqualTo(a.throttled());
    assertThat(b.successes()).isEqualTo(a.successes());
    assertThat(b.limiterWait()).isEqualTo(a.limiterWait());
    assertThat(b.limiterGaveUp()).isEqualTo(a.limiterGaveUp());
    assertThat(b.latencyP99()).isEqualTo(a.latencyP99());
    assertThat(a.limiterWaits()).as("the limiter delays attempts, first ones included").isPositive();
  }

  @Test
  void run_adaptive_throttledFarLessThanPlainRetries() {
    OverloadOutcome retries = run(fastThrottled(), 4, null, null, 5);
    OverloadOutcome adaptive = run(fastThrottled(), 4, null, AdaptiveRateLimiter::create, 5);

    double retriesShare = retries.throttled() / (double) retries.attempts();
    double adaptiveShare = adaptive.throttled() / (double) adaptive.attempts();
    assertThat(retriesShare).isGreaterThan(0.5);
    assertThat(adaptiveShare).isLessThan(retriesShare / 3);
    assertThat(adaptive.throttled()).isLessThan(retries.throttled() / 10);
    assertThat(adaptive.limiterWait()).isPositive();
  }

  @Test
  void run_outageOnThrottlingServer_nonReservingRecoversWhereReservingDoesNot() {
    // The documented scenario, shortened: λ 800/s, admits 900/s, halved from 30 to 40 s, 80 s in all.
    OverloadModel model = new OverloadModel(Systems.system(800, 1000, 2000, 1, 30, 10, 0.5, 80, false, 900));
    OverloadOutcome reserving = run(model, 4, t -> RetryBudget.retryQuota2026(), AdaptiveRateLimiter::create, 8);
    OverloadOutcome nonReserving = run(model, 4, t -> RetryBudget.retryQuota2026(), AdaptiveRateLimiter::nonReserving,
        8);

    double lateReserving = 0;
    double lateNonReserving = 0;
    for (int b = 60; b < 80; b++) {
      lateReserving += reserving.value(OverloadOutcome.SUCCESSES, b);
      lateNonReserving += nonReserving.value(OverloadOutcome.SUCCESSES, b);
    }
    assertThat(lateReserving / 20).as("reserving: stuck at the floor").isLessThan(10);
    assertThat(lateNonReserving / 20).as("non-reserving: back at λ").isGreaterThan(0.9 * 800);
    assertThat(nonReserving.limiterWaits()).as("it waited and re-checked").isPositive();
    assertThat(nonReserving.lost()).isLessThan(reserving.lost() / 3);
  }

  @Test
  void run_nonReservingSameSeed_sameOutcome() {
    OverloadOutcome a = run(fastThrottled(), 4, null, AdaptiveRateLimiter::nonReserving, 9);
    OverloadOutcome b = run(fastThrottled(), 4, null, AdaptiveRateLimiter::nonReserving, 9);

    assertThat(b.attempts()).isEqualTo(a.attempts());
    assertThat(b.successes()).isEqualTo(a.successes());
    assertThat(b.limiterWait()).isEqualTo(a.limiterWait());
    assertThat(b.limiterGaveUp()).isEqualTo(a.limiterGaveUp());
    assertThat(a.throttled() / (double) a.attempts()).as("it sends at about the admitted rate").isLessThan(0.1);
  }

  @Test
  void run_quota2026_chargesLessAfterThrottling() {
    // the same costs without the throttling discount deny more retries
    OverloadOutcome quota2026 = run(fastThrottled(), 4, t -> RetryBudget.retryQuota2026(), null, 6);
    OverloadOutcome flat = run(fastThrottled(), 4, t -> RetryBudget.retryQuota(500, 14, 14, 14), null, 6);

    assertThat(quota2026.retries()).isGreaterThan(flat.retries());
  }

  @Test
  void run_latency_measuredForSuccesses() {
    OverloadModel model = new OverloadModel(Systems.system(300, 1000, 100, 1, 0, 0, 0, 30, false));
    OverloadOutcome o = run(model, 4, null, null, 7);

    // M/M/1 at 30 % load: mean time in system 1 / (μ - λ) = 1.4 ms
    assertThat(o.latencyMean()).isBetween(0.001, 0.002);
    assertThat(o.latencyP50()).isLessThanOrEqualTo(o.latencyP99());
    assertThat(o.latencyP99()).isBetween(0.004, 0.010);
  }

  @Test
  void config_server_defaultsAndChecks() {
    OverloadConfig queueing = OverloadConfig.defaults();
    assertThat(queueing.server()).isEqualTo("queueing");
    assertThat(queueing.throttleRate()).isZero();
    assertThat(queueing.toString()).doesNotContain("server=");

    OverloadConfig throttling = OverloadConfig.builder().server("throttling").build();
    assertThat(throttling.throttleRate()).isEqualTo(1000); // the capacity
    assertThat(OverloadConfig.builder().server("throttling").throttleRate(600).build().toString())
        .contains("server=throttling throttle-rate=600");

    assertThatThrownBy(() -> OverloadConfig.builder().server("bogus")).hasMessage(
        "server: must be queueing or throttling: 'bogus'");
    assertThatThrownBy(() -> OverloadConfig.builder().throttleRate(0)).hasMessage(
        "throttle-rate: must be in (0, 10000000]: 0.0");
    assertThatThrownBy(() -> OverloadConfig.builder().throttleRate(600).build()).hasMessage(
        "throttle-rate: applies to --server throttling only");
  }

  @Test
  void policies_2026_knownButNotInTheDefaultSelection() {
    List<OverloadPolicy> all = OverloadPolicy.defaults();
    assertThat(all).extracting(OverloadPolicy::name).containsExactlyElementsOf(OverloadPolicy.ALL_NAMES);
    assertThat(OverloadConfig.defaults().policies()).extracting(OverloadPolicy::name)
        .containsExactlyElementsOf(OverloadPolicy.NAMES);
    OverloadPolicy adaptive = all.get(6);
    assertThat(adaptive.newRateLimiter(() -> 0)).isNotNull();
    assertThat(adaptive.newBudget(() -> 0)).isNotNull();
    assertThat(all.get(5).newRateLimiter(() -> 0)).isNull();
    assertThat(all.get(5).newBudget(() -> 0).available()).isEqualTo(500);
  }

  @Test
  void simulate_throttlingServer_writesLatencyCsvAndShowsTheTable() throws Exception {
    OverloadConfig config = OverloadConfig.builder().rate(200).capacity(400).throttleRate(150).server("throttling")
        .outage(10, 5, 0.5).horizon(30).runs(2).seed(3).policies("retries,retry-quota-2026,adaptive").out(dir)
        .build();
    OverloadResult result = OverloadSimulator.run(config, ProgressListener.NONE);

    List<String> latency = Files.readAllLines(dir.resolve("latency.csv"));
    assertThat(latency.get(0)).isEqualTo("policy,strategy,runs,throttled_mean,throttled_share_mean,"
        + "limiter_wait_per_request_ms_mean,limiter_wait_max_ms,limiter_gave_up_mean,latency_mean_ms,latency_p50_ms,"
        + "latency_p99_ms");
    assertThat(latency).hasSize(4);
    assertThat(latency.get(3)).startsWith("adaptive,full-jitter,2,");
    assertThat(result.report().summary()).contains("throttled %").contains("limiter wait/req (ms)");
    assertThat(result.point("retries", "full-jitter").throttled().mean()).isPositive();
  }

  @Test
  void summary_queueingServerWithoutLimiter_hasNoLatencyTable() {
    OverloadConfig config = OverloadConfig.builder().rate(100).capacity(125).queue(250).outage(5, 5, 0).horizon(20)
        .runs(1).policies("retries").build();
    assertThat(OverloadSimulator.simulate(config, ProgressListener.NONE).report().summary())
        .doesNotContain("throttled %");
  }
}
