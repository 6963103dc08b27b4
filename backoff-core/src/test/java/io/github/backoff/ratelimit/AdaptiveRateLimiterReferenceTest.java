package io.github.backoff.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.retries.internal.ratelimiter.RateLimiterTokenBucket;
import software.amazon.awssdk.retries.internal.ratelimiter.RateLimiterTokenBucketStore;
import software.amazon.awssdk.retries.internal.ratelimiter.RateLimiterUpdateResponse;

/**
 * The adaptive rate limiter against the AWS SDK for Java 2.49.6's own {@code RateLimiterTokenBucket} (test scope),
 * both on the same virtual clock and fed the same events: the same fill rate, measured rate and token waits.
 */
class AdaptiveRateLimiterReferenceTest {

  @Test
  void sameEventsOnTheSameClock_sameRatesAndWaitsAsTheSdk() {
    long[] nanos = {0};
    AdaptiveRateLimiter ours = AdaptiveRateLimiter.create(() -> nanos[0]);
    RateLimiterTokenBucket sdk = RateLimiterTokenBucketStore.builder().clock(() -> nanos[0] / 1e9).build()
        .tokenBucketForScope("reference");
    SplittableRandom random = new SplittableRandom(42);
    int throttles = 0;
    int waits = 0;

    for (int i = 0; i < 5_000; i++) {
      nanos[0] += (long) (random.nextDouble() * 300_000_000L); // up to 0.3 s between events
      double u = random.nextDouble();
      if (u < 0.5) {
        long sdkWait = sdk.tryAcquire().delay().toNanos();
        long ourWait = ours.acquireDelayNanos();
        // The SDK truncates the wait to whole nanoseconds, Backoff rounds it up: never shorter than due.
        assertThat(ourWait - sdkWait).as("wait at event %d", i).isBetween(0L, 1L);
        waits += sdkWait > 0 ? 1 : 0;
      } else {
        boolean throttled = u < 0.58;
        RateLimiterUpdateResponse update = throttled ? sdk.updateRateAfterThrottling() : sdk.updateRateAfterSuccess();
        ours.onResponse(throttled);
        assertThat(ours.fillRate()).as("fill rate at event %d", i).isCloseTo(update.fillRate(), within(1e-9));
        assertThat(ours.measuredRate()).as("measured rate at event %d", i)
            .isCloseTo(update.measuredTxRate(), within(1e-9));
        throttles += throttled ? 1 : 0;
      }
    }
    assertThat(throttles).isGreaterThan(100);
    assertThat(waits).as("acquisitions that had to wait").isGreaterThan(100);
  }
}
