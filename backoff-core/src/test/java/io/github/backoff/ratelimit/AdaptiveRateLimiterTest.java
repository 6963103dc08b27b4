package io.github.backoff.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.testing.ManualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The adaptive rate limiter in virtual time against the formulas of the AWS SDKs' adaptive mode (botocore's
 * {@code RateClocker}, {@code CubicCalculator}, {@code TokenBucket}; the Java SDK's {@code RateLimiterTokenBucket}),
 * restated here independently of the implementation.
 */
class AdaptiveRateLimiterTest {
  private static final double EPS = 1e-9;
  private static final double BETA = 0.7;
  private static final double C = 0.4;

  private long nanos;
  private final AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(() -> nanos);

  private void at(double seconds) {
    nanos = Math.round(seconds * 1e9);
  }

  /** The measured rate, restated: half-second buckets, smoothing 0.8. */
  private static final class Clocker {
    double measured;
    double lastBucket;
    long count;

    double record(double t) {
      count++;
      double bucket = Math.floor(t * 2) / 2;
      if (bucket > lastBucket) {
        measured = 0.8 * (count / (bucket - lastBucket)) + 0.2 * measured;
        count = 0;
        lastBucket = bucket;
      }
      return measured;
    }
  }

  @Test
  void onResponse_beforeAnyThrottle_letsEverythingThrough() {
    for (int i = 0; i < 100; i++) {
      at(i * 0.01);
      assertThat(limiter.acquireDelayNanos()).isZero();
      limiter.onResponse(false);
    }
    assertThat(limiter.isEnabled()).isFalse();
  }

  @Test
  void rateCurve_throttleThenRecovery_followsCubicFormulas() {
    Clocker clocker = new Clocker();
    // 10 responses a second for 3 s: the measured rate, formula by formula.
    double t = 0;
    for (int i = 0; i < 30; i++) {
      t = 0.05 + 0.1 * i;
      at(t);
      limiter.onResponse(false);
      clocker.record(t);
      assertThat(limiter.measuredRate()).as("measured at %s", t).isCloseTo(clocker.measured, within(EPS));
    }
    assertThat(limiter.isEnabled()).isFalse();

    // A throttle at t0: W_max = the measured rate (the first throttle), fill rate = beta · W_max, K = cbrt(...).
    double t0 = 3.05;
    at(t0);
    limiter.onResponse(true);
    double m0 = clocker.record(t0);
    double wMax = m0;
    double k = Math.pow(wMax * (1 - BETA) / C, 1.0 / 3);
    assertThat(limiter.isEnabled()).isTrue();
    assertThat(limiter.lastMaxRate()).isCloseTo(wMax, within(EPS));
    assertThat(limiter.fillRate()).isCloseTo(Math.max(Math.min(BETA * wMax, 2 * m0), 0.5), within(EPS));
    assertThat(limiter.fillRate()).isCloseTo(BETA * wMax, within(EPS));

    // Successes along the curve: rate(t) = C (t - t0 - K)^3 + W_max, bounded by twice the measured rate.
    for (double dt : new double[] {0.3, 1.0, k, k + 0.5, k + 1, k + 2, k + 4}) {
      double ts = t0 + dt;
      at(ts);
      limiter.onResponse(false);
      double m = clocker.record(ts);
      double cubic = C * Math.pow(dt - k, 3) + wMax;
      assertThat(limiter.fillRate()).as("fill rate %s s after the throttle", dt)
          .isCloseTo(Math.max(Math.min(cubic, 2 * m), 0.5), within(EPS));
      assertThat(limiter.measuredRate()).isCloseTo(m, within(EPS));
    }

    // A second throttle: W_max = min(measured, fill rate) now that the limiter is on.
    double t1 = t0 + k + 5;
    double fillBefore = limiter.fillRate();
    at(t1);
    limiter.onResponse(true);
    double m1 = clocker.record(t1);
    double wMax1 = Math.min(m1, fillBefore);
    assertThat(limiter.lastMaxRate()).isCloseTo(wMax1, within(EPS));
    assertThat(limiter.fillRate()).isCloseTo(Math.max(Math.min(BETA * wMax1, 2 * m1), 0.5), within(EPS));
  }

  @Test
  void rateCurve_atTheZeroPoint_regainsTheRateOfTheLastThrottle() {
    // Send 40 a second for 2 s, throttle, then one success exactly K seconds later: the cubic term is 0.
    Clocker clocker = new Clocker();
    for (int i = 0; i < 80; i++) {
      double t = 0.0125 + 0.025 * i;
      at(t);
      limiter.onResponse(false);
      clocker.record(t);
    }
    at(2.0);
    limiter.onResponse(true);
    double wMax = clocker.record(2.0);
    double k = Math.cbrt(wMax * 0.3 / 0.4);
    at(2.0 + k);
    limiter.onResponse(false);
    double m = clocker.record(2.0 + k);

    assertThat(limiter.fillRate()).isCloseTo(Math.min(wMax, 2 * m), within(EPS));
  }

  @Test
  void acquireDelayNanos_emptyBucket_waitsForTheTokenAtTheFillRate() {
    at(0.25);
    limiter.onResponse(true); // measured 0: fill rate max(0, 0.5) = 0.5 tokens/s, capacity 1, bucket empty
    assertThat(limiter.fillRate()).isEqualTo(0.5);

    assertThat(limiter.acquireDelayNanos()).as("(1 - 0) / 0.5 s").isEqualTo(2_000_000_000L);
    assertThat(limiter.acquireDelayNanos()).as("(1 - (-1)) / 0.5 s: reserved in order").isEqualTo(4_000_000_000L);
    at(4.25);
    assertThat(limiter.tokens()).as("-2 + 4 s x 0.5").isCloseTo(0.0, within(EPS));
    at(10.25);
    assertThat(limiter.tokens()).as("refilled up to the capacity, 1").isCloseTo(1.0, within(EPS));
    assertThat(limiter.acquireDelayNanos()).isZero();
  }

  @Test
  void acquire_sync_sleepsTheWait() throws InterruptedException {
    at(0);
    limiter.onResponse(true);
    List<Long> sleeps = new ArrayList<>();

    limiter.acquire(sleeps::add);

    assertThat(sleeps).containsExactly(2_000_000_000L);
  }

  @Test
  void acquireAsync_completesWhenTheTokenIsDue_noThreadHeld() {
    ManualScheduler scheduler = new ManualScheduler();
    AdaptiveRateLimiter async = AdaptiveRateLimiter.create(scheduler::nanoTime);
    async.onResponse(true);

    CompletableFuture<Void> first = async.acquireAsync(scheduler);
    CompletableFuture<Void> second = async.acquireAsync(scheduler);

    assertThat(first).isNotDone();
    scheduler.advance(Duration.ofNanos(1_999_999_999L));
    assertThat(first).isNotDone();
    scheduler.advance(Duration.ofNanos(1));
    assertThat(first).isDone();
    assertThat(second).isNotDone();
    scheduler.advance(Duration.ofSeconds(2));
    assertThat(second).isDone();
    assertThat(AdaptiveRateLimiter.create(scheduler::nanoTime).acquireAsync(scheduler)).as("not enabled").isDone();
  }

  @Test
  void acquireDelayNanos_concurrent_reservesEveryTokenOnce() throws Exception {
    at(0);
    limiter.onResponse(true);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Long>> maxima = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        maxima.add(pool.submit(() -> {
          start.await();
          long max = 0;
          for (int i = 0; i < 10_000; i++) {
            max = Math.max(max, limiter.acquireDelayNanos());
          }
          return max;
        }));
      }
      start.countDown();
      long max = 0;
      for (Future<Long> f : maxima) {
        max = Math.max(max, f.get(30, TimeUnit.SECONDS));
      }
      // The clock stands still: 40,000 tokens reserved, each exactly once; the last waits 40,000 / 0.5 s.
      assertThat(limiter.tokens()).isEqualTo(-40_000.0);
      assertThat(max).isEqualTo(80_000_000_000_000L);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void onResponse_randomTimeline_matchesTheRestatedFormulasThroughout() {
    // 2,000 responses at random times (seeded), 10 % throttled; the whole state against a restated model.
    SplittableRandom random = new SplittableRandom(2026);
    Clocker clocker = new Clocker();
    double fill = 0;
    double wMax = 0;
    double lastThrottle = 0;
    double k = 0;
    boolean enabled = false;
    double t = 0;
    for (int i = 0; i < 2_000; i++) {
      t += random.nextDouble() * 0.2;
      boolean throttled = random.nextDouble() < 0.1;
      at(t);
      double exactT = nanos / 1e9;
      limiter.onResponse(throttled);
      double m = clocker.record(exactT);
      double rate;
      if (throttled) {
        wMax = enabled ? Math.min(m, fill) : m;
        k = Math.cbrt(wMax * (1 - BETA) / C);
        lastThrottle = exactT;
        rate = wMax * BETA;
        enabled = true;
      } else {
        rate = C * Math.pow(exactT - lastThrottle - k, 3) + wMax;
      }
      fill = Math.max(Math.min(rate, 2 * m), 0.5);
      assertThat(limiter.fillRate()).as("response %d at %s", i, exactT).isCloseTo(fill, within(EPS));
      assertThat(limiter.measuredRate()).isCloseTo(m, within(EPS));
      assertThat(limiter.isEnabled()).isEqualTo(enabled);
    }
  }

  @Test
  void onResponseAndAcquire_allocateOneSmallSnapshotEach() {
    at(0);
    limiter.onResponse(true);
    long[] step = {0};
    double perCall = io.github.backoff.testing.Allocations.bytesPerCall(100_000, () -> {
      nanos += 1_000_000;
      limiter.onResponse((++step[0] & 7) == 0);
      limiter.acquireDelayNanos();
    });

    // Two snapshots of 11 fields, 96 bytes each with compressed pointers (192 measured on HotSpot 17): bounded.
    assertThat(perCall).as("bytes per response and acquisition").isLessThanOrEqualTo(256);
  }

  @Test
  void tryAcquireDelayNanos_waitReachesTheMaximum_refusesAndTakesNothing() {
    at(0.25);
    limiter.onResponse(true); // 0.5 token/s, empty: the next token is 2 s away
    double before = limiter.tokens();

    assertThat(limiter.tryAcquireDelayNanos(2_000_000_000L)).as("a 2 s wait is not < 2 s").isEqualTo(-1);
    assertThat(limiter.tryAcquireDelayNanos(0)).isEqualTo(-1);
    assertThat(limiter.tokens()).as("nothing taken").isEqualTo(before);
    assertThat(limiter.tryAcquireDelayNanos(2_000_000_001L)).isEqualTo(2_000_000_000L);
    assertThat(limiter.tokens()).as("taken, reserved").isCloseTo(-1.0, within(EPS));
    assertThat(limiter.tryAcquireDelayNanos(Long.MAX_VALUE)).as("in order after it").isEqualTo(4_000_000_000L);
  }

  @Test
  void tryAcquireDelayNanos_tokenInTheBucket_grantsWithoutWaitEvenForZero() {
    assertThat(limiter.tryAcquireDelayNanos(0)).as("off until the first throttle").isZero();
    at(0.25);
    limiter.onResponse(true);
    at(2.25); // refilled to 1 token
    assertThat(limiter.tryAcquireDelayNanos(0)).isZero();
    assertThat(limiter.tokens()).isCloseTo(0.0, within(EPS));
    assertThatThrownBy(() -> limiter.tryAcquireDelayNanos(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxWaitNanos must be >= 0, was -1");
  }

  @Test
  void tryAcquireDelayNanos_refused_leavesTheSameWaitForTheNextCaller() {
    at(0.25);
    limiter.onResponse(true);
    for (int i = 0; i < 1_000; i++) {
      assertThat(limiter.tryAcquireDelayNanos(1_000_000_000L)).isEqualTo(-1);
    }
    // A thousand refused callers left no debt: a patient one still waits 2 s, not 2002 s.
    assertThat(limiter.acquireDelayNanos()).isEqualTo(2_000_000_000L);
  }

  @Test
  void tryAcquireDelayNanos_refused_allocatesNothing() {
    at(0);
    limiter.onResponse(true);
    double perCall = io.github.backoff.CompiledAllocations.leastBytesPerCall(100_000, 1, () -> {
      nanos += 1_000; // far less than a token's worth: always refused
      limiter.tryAcquireDelayNanos(1_000_000L);
    });
    assertThat(perCall).as("bytes per refused acquisition").isLessThan(1);
  }

  @Test
  void create_nullTicker_namesParameter() {
    assertThatThrownBy(() -> AdaptiveRateLimiter.create(null))
        .isInstanceOf(NullPointerException.class).hasMessage("ticker");
    assertThatThrownBy(() -> limiter.acquire(null))
        .isInstanceOf(NullPointerException.class).hasMessage("sleeper");
    assertThatThrownBy(() -> limiter.acquireAsync(null))
        .isInstanceOf(NullPointerException.class).hasMessage("scheduler");
    assertThat(limiter.toString()).startsWith("AdaptiveRateLimiter[enabled=false");
  }
}
