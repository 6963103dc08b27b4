package io.github.backoff.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DurableScheduleTest {
  private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
  private static final Backoff FULL = Backoff.exponential(Duration.ofSeconds(1), 2.0)
      .withCap(Duration.ofSeconds(10)).withFullJitter();

  private static DurableSchedule fullJitter() {
    return DurableSchedule.builder().withBackoff(FULL).withMaxAttempts(6).build();
  }

  @Test
  void next_sameKeyAndAttempt_sameTimeInEveryInstance() {
    DurableSchedule a = fullJitter();
    DurableSchedule b = fullJitter(); // another instance, or the same one after a restart
    DurableFailure failure = DurableFailure.of("order-42", 3, T0, T0.plusSeconds(5));

    assertThat(a.next(failure)).isEqualTo(b.next(failure)).isEqualTo(a.next(failure));
    assertThat(a.next(failure)).isInstanceOf(DurableDecision.RetryAt.class);
  }

  @Test
  void next_pinnedDelays_neverChange() {
    // Regression oracle: retry times are stored by engines, so the keyed draws must not change between versions.
    DurableDecision.RetryAt retry = (DurableDecision.RetryAt) fullJitter().next(
        DurableFailure.of("order-42", 1, T0, T0));

    assertThat(retry.delay()).isEqualTo(Duration.ofNanos(172_702_939)); // 1 s x 0.17270293959165517
    assertThat(retry.at()).isEqualTo(T0.plus(retry.delay()));
    assertThat(retry.attempt()).isEqualTo(2);
    assertThat(retry.kind()).isEqualTo(DurableSchedule.DEFAULT_KIND);
  }

  @Test
  void next_differentKeys_spreadLikeTheStrategysDistribution() {
    // 20,000 fixed keys: deterministic, so this cannot flake. Retry 3 of FULL is U[0, 4 s]: the keyed draws,
    // scaled to [0, 1], must pass a Kolmogorov-Smirnov test against the uniform distribution at alpha = 1e-6,
    // as well as draws of a SplittableRandom do.
    DurableSchedule schedule = fullJitter();
    int n = 20_000;
    double[] keyed = new double[n];
    double[] reference = new double[n];
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < n; i++) {
      keyed[i] = schedule.delay(KeyedRandom.hash("order-" + i), 3).toNanos() / 4e9;
      reference[i] = FULL.delayNanos(3, 0, random) / 4e9;
    }
    double critical = Math.sqrt(-Math.log(1e-6 / 2) / 2) / Math.sqrt(n);

    assertThat(ksUniform(keyed)).isLessThan(critical);
    assertThat(ksUniform(reference)).isLessThan(critical);
    assertThat(Arrays.stream(keyed).min().orElseThrow()).isLessThan(0.001);
    assertThat(Arrays.stream(keyed).max().orElseThrow()).isGreaterThan(0.999);
    assertThat(Arrays.stream(keyed).average().orElseThrow()).isCloseTo(0.5, within(0.01));
  }

  @Test
  void next_oneKeysRetries_areUncorrelated() {
    // Retry 3 and retry 4 of the same key draw independently: over 20,000 keys the correlation of the two uniform
    // draws is below 0.04 (the standard error is 1/sqrt(n) = 0.007).
    int n = 20_000;
    double[] x = new double[n];
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      long h = KeyedRandom.hash("job-" + i);
      x[i] = KeyedRandom.of(h, 3).nextDouble();
      y[i] = KeyedRandom.of(h, 4).nextDouble();
    }
    assertThat(Math.abs(correlation(x, y))).isLessThan(0.04);
  }

  @Test
  void next_keysThatFailedTogether_comeBackAtDifferentTimes() {
    DurableSchedule schedule = fullJitter();
    Set<Instant> times = new HashSet<>();
    for (int i = 0; i < 100; i++) {
      times.add(((DurableDecision.RetryAt) schedule.next(DurableFailure.of("order-" + i, 2, T0, T0))).at());
    }
    assertThat(times).hasSize(100);
  }

  @Test
  void next_lastAttempt_givesUpAttemptsExhausted() {
    DurableDecision decision = fullJitter().next(DurableFailure.of("k", 6, T0, T0.plusSeconds(30)));

    assertThat(decision).isEqualTo(new DurableDecision.GiveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 6,
        Duration.ofSeconds(30)));
  }

  @Test
  void next_pastHorizon_givesUpHorizonExhausted() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofHours(1)))
        .withMaxTotal(Duration.ofHours(3)).build();

    assertThat(schedule.next(DurableFailure.of("k", 2, T0, T0.plus(Duration.ofMinutes(119)))))
        .isInstanceOf(DurableDecision.RetryAt.class);
    assertThat(schedule.next(DurableFailure.of("k", 3, T0, T0.plus(Duration.ofHours(2)))))
        .isEqualTo(new DurableDecision.GiveUp(GiveUpReason.HORIZON_EXHAUSTED, 3, Duration.ofHours(2)));
  }

  @Test
  void next_maxDelay_clampsTheWait() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofDays(1)))
        .withMaxDelay(Duration.ofHours(12)).build();

    DurableDecision.RetryAt retry = (DurableDecision.RetryAt) schedule.next(DurableFailure.of("k", 1, T0, T0));

    assertThat(retry.delay()).isEqualTo(Duration.ofHours(12));
  }

  @Test
  void next_perKind_usesTheKindsStrategy() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withBackoffFor("throttling", Backoff.constant(Duration.ofMinutes(1))).build();

    DurableDecision.RetryAt throttled = (DurableDecision.RetryAt) schedule.next(
        DurableFailure.of("k", 1, T0, T0).withKind("throttling"));
    DurableDecision.RetryAt other = (DurableDecision.RetryAt) schedule.next(
        DurableFailure.of("k", 1, T0, T0).withKind("timeout"));

    assertThat(throttled.delay()).isEqualTo(Duration.ofMinutes(1));
    assertThat(throttled.kind()).isEqualTo("throttling");
    assertThat(other.delay()).isEqualTo(Duration.ofSeconds(1));
    assertThat(other.kind()).isEqualTo(DurableSchedule.DEFAULT_KIND);
  }

  @Test
  void next_hint_lengthensNeverShortens_andIsClampedAsInTheCore() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofSeconds(10)))
        .withHintMaxAbove(Duration.ofSeconds(5)).withMaxDelay(Duration.ofSeconds(12)).build();
    DurableFailure failure = DurableFailure.of("k", 1, T0, T0);

    assertThat(delay(schedule, failure.withHint(Duration.ofSeconds(1)))).isEqualTo(Duration.ofSeconds(10));
    assertThat(delay(schedule, failure.withHint(Duration.ofSeconds(11)))).isEqualTo(Duration.ofSeconds(11));
    assertThat(delay(schedule, failure.withHint(Duration.ofSeconds(14)))).isEqualTo(Duration.ofSeconds(12));
    assertThat(delay(schedule, failure.withHint(Duration.ofDays(1)))).isEqualTo(Duration.ofSeconds(12));
  }

  @Test
  void next_hintUnboundedByDefault_ignoredWhenAsked() {
    DurableSchedule honours = DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofSeconds(10))).build();
    DurableSchedule ignores = DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofSeconds(10)))
        .ignoringHints().build();
    DurableFailure failure = DurableFailure.of("k", 1, T0, T0).withHint(Duration.ofHours(1));

    assertThat(delay(honours, failure)).isEqualTo(Duration.ofHours(1));
    assertThat(delay(ignores, failure)).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void next_hugeWait_saturatesAtInstantMax() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.exponential(Duration.ofDays(1), 10))
        .build();

    DurableDecision.RetryAt retry = (DurableDecision.RetryAt) schedule.next(
        DurableFailure.of("k", Integer.MAX_VALUE - 1, T0, Instant.MAX.minusSeconds(1)));

    assertThat(retry.at()).isEqualTo(Instant.MAX);
    assertThat(retry.delay()).isEqualTo(Duration.ofNanos(Long.MAX_VALUE));
    assertThat(retry.attempt()).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void next_decorrelatedJitter_isKeyedToo() {
    DurableSchedule schedule = DurableSchedule.builder()
        .withBackoff(Backoff.decorrelatedJitter(Duration.ofSeconds(1), Duration.ofMinutes(10))).build();
    DurableFailure failure = DurableFailure.of("k", 5, T0, T0);

    Duration d = delay(schedule, failure);
    assertThat(delay(schedule, failure)).isEqualTo(d);
    assertThat(d).isBetween(Duration.ofSeconds(1), Duration.ofMinutes(10));
  }

  @Test
  void toString_namesTheOptions() {
    assertThat(DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(3)
        .withMaxTotal(Duration.ofDays(3)).withMaxDelay(Duration.ofHours(12)).build().toString())
        .contains("maxAttempts 3", "maxTotal", "maxDelay");
  }

  private static Duration delay(DurableSchedule schedule, DurableFailure failure) {
    return ((DurableDecision.RetryAt) schedule.next(failure)).delay();
  }

  private static double ksUniform(double[] samples) {
    double[] x = samples.clone();
    Arrays.sort(x);
    double d = 0;
    for (int i = 0; i < x.length; i++) {
      d = Math.max(d, Math.max((i + 1.0) / x.length - x[i], x[i] - (double) i / x.length));
    }
    return d;
  }

  private static double correlation(double[] x, double[] y) {
    double mx = Arrays.stream(x).average().orElseThrow();
    double my = Arrays.stream(y).average().orElseThrow();
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < x.length; i++) {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
      syy += (y[i] - my) * (y[i] - my);
    }
    return sxy / Math.sqrt(sxx * syy);
  }
}
