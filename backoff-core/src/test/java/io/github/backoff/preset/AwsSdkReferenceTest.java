package io.github.backoff.preset;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.Randoms;
import io.github.backoff.testing.TwoSampleKolmogorovSmirnov;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.retries.DefaultRetryStrategy;
import software.amazon.awssdk.retries.StandardRetryStrategy;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;
import software.amazon.awssdk.retries.api.internal.backoff.ExponentialDelayWithJitter;
import software.amazon.awssdk.retries.internal.DefaultRetryToken;

/**
 * The AWS presets against the real AWS SDK for Java 2.49.6 ({@code software.amazon.awssdk:retries}, test scope):
 * the same bounds per retry, the same distribution of waits (two-sample Kolmogorov–Smirnov), and, for the 2026 quota,
 * the same decision call by call. The SDK draws whole milliseconds ({@code Random.nextInt(bound in ms)}), so our
 * waits are compared after truncating to whole milliseconds too.
 */
class AwsSdkReferenceTest {
  private static final int N = 20_000;
  private static final double ALPHA = 1e-9;
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(20);
  private static final long MS = 1_000_000L;

  /** A throttling error, as the SDK's {@code treatAsThrottling} and our throttling kind recognise it. */
  static final class Throttled extends IOException {
    Throttled() {
      super("Throttling");
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this; // 100,000 of them: no stack traces
    }
  }

  /** A transient error (a 500, a reset connection). */
  static final class Transient extends IOException {
    Transient() {
      super("InternalError");
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }

  private static long[] ours(Backoff backoff, int retry, long seed) {
    RandomGenerator random = Randoms.seeded(seed);
    long[] waits = new long[N];
    for (int i = 0; i < N; i++) {
      waits[i] = backoff.delayNanos(retry, 0, random) / MS;
    }
    return waits;
  }

  /** The SDK's own jittered exponential delay (what BackoffStrategy.exponentialDelay builds), with a seeded Random. */
  private static long[] sdk(Duration base, int retry, long seed) {
    Random random = new Random(seed);
    BackoffStrategy strategy = new ExponentialDelayWithJitter(() -> random, base, MAX_BACKOFF);
    long[] waits = new long[N];
    for (int i = 0; i < N; i++) {
      waits[i] = strategy.computeDelay(retry + 1).toMillis(); // the SDK numbers attempts: retry r is attempt r + 1
    }
    return waits;
  }

  private static void assertSameDistribution(long[] ours, long[] sdk, long boundMillis) {
    assertThat(Arrays.stream(ours).min().orElseThrow()).isGreaterThanOrEqualTo(0);
    assertThat(Arrays.stream(sdk).min().orElseThrow()).isGreaterThanOrEqualTo(0);
    assertThat(Arrays.stream(ours).max().orElseThrow()).isLessThan(boundMillis);
    assertThat(Arrays.stream(sdk).max().orElseThrow()).isLessThan(boundMillis);
    assertThat(TwoSampleKolmogorovSmirnov.statistic(ours, sdk))
        .isLessThan(TwoSampleKolmogorovSmirnov.criticalValue(N, N, ALPHA));
  }

  @ParameterizedTest(name = "{0} ({1})")
  @CsvSource({
      "aws-sdk-2026, transient, 50",
      "aws-sdk-2026, throttling, 1000",
      "aws-dynamodb-2026, transient, 25",
      "aws-dynamodb-2026, throttling, 1000",
      "aws-sdk-standard, transient, 100",
      "aws-sdk-standard, throttling, 1000",
  })
  void backoff_sameBoundsAndDistributionAsTheSdk(String name, String kind, long baseMillis) {
    Preset preset = Preset.byName(name);
    Backoff backoff = kind.equals("throttling") ? preset.throttlingBackoff().orElseThrow() : preset.backoff();
    Duration base = Duration.ofMillis(baseMillis);
    BackoffStrategy bounds = BackoffStrategy.exponentialDelayWithoutJitter(base, MAX_BACKOFF);

    for (int retry = 1; retry <= 40; retry++) {
      assertThat(backoff.maxDelayNanos(retry)).as("retry %d", retry)
          .isEqualTo(bounds.computeDelay(retry + 1).toNanos());
      assertThat(backoff.minDelayNanos(retry)).isZero();
    }
    for (int retry : new int[] {1, 2, 3, 9, 12}) {
      long bound = bounds.computeDelay(retry + 1).toMillis();
      assertSameDistribution(ours(backoff, retry, 100 + retry), sdk(base, retry, 200 + retry), bound);
    }
  }

  @ParameterizedTest(name = "AWS_NEW_RETRIES_2026={0}")
  @CsvSource({"true, aws-sdk-2026", "false, aws-sdk-standard"})
  void standardStrategy_realSdkWaits_matchThePreset(boolean retries2026, String presetName) {
    // The SDK's whole standard strategy (its own ThreadLocalRandom, so alpha = 1e-9 keeps the test from flaking):
    // the first retry's wait after a transient error and after throttling.
    StandardRetryStrategy sdk = DefaultRetryStrategy.standardStrategyBuilder(retries2026)
        .retryOnException(t -> true).treatAsThrottling(t -> t instanceof Throttled).build();
    Preset preset = Preset.byName(presetName);
    long[] transientWaits = new long[N];
    long[] throttlingWaits = new long[N];
    for (int i = 0; i < N; i++) {
      transientWaits[i] = firstRetryWait(sdk, new Transient());
      throttlingWaits[i] = firstRetryWait(sdk, new Throttled());
    }

    long transientBound = preset.backoff().maxDelayNanos(1) / MS;
    assertSameDistribution(ours(preset.backoff(), 1, 7), transientWaits, transientBound);
    assertSameDistribution(ours(preset.throttlingBackoff().orElseThrow(), 1, 8), throttlingWaits, 1000);
    // The largest of 20,000 uniform draws is within 1 % of the bound, with probability 1 - 0.99^20000: this tells
    // 50 ms (2026) from 100 ms (before) for certain.
    assertThat(Arrays.stream(transientWaits).max().orElseThrow()).isGreaterThanOrEqualTo(transientBound * 99 / 100);
  }

  private static long firstRetryWait(StandardRetryStrategy sdk, Exception failure) {
    RetryToken token = sdk.acquireInitialToken(AcquireInitialTokenRequest.create("reference")).token();
    RefreshRetryTokenResponse retry = sdk.refreshRetryToken(
        RefreshRetryTokenRequest.builder().token(token).failure(failure).build());
    sdk.recordSuccess(RecordSuccessRequest.create(retry.token())); // gives the cost back: the quota stays full
    return retry.delay().toMillis();
  }

  @ParameterizedTest(name = "AWS_NEW_RETRIES_2026={0}")
  @CsvSource({"true, aws-sdk-2026", "false, aws-sdk-standard"})
  void quota_decidesLikeTheSdk_callByCall(boolean retries2026, String presetName) {
    // 5,000 calls, each a script of up to 3 outcomes (ok, transient, throttled), through the SDK's standard
    // strategy and through our preset with its quota: the same number of attempts, the same stop, and the same
    // quota level after every call. Failures are frequent enough to drain the quota and deny retries. With the
    // flag: retryQuota2026(); without: the Java SDK's own pre-2026 quota, 5 for every retry (timeouts too).
    StandardRetryStrategy sdk = DefaultRetryStrategy.standardStrategyBuilder(retries2026)
        .retryOnException(t -> true).treatAsThrottling(t -> t instanceof Throttled).build();
    RetryBudget quota = retries2026 ? RetryBudget.retryQuota2026() : RetryBudget.retryQuota(500, 5, 5, 5);
    RetryPolicy<String> policy = Preset.byName(presetName).<String>policyBuilder((r, f) -> f instanceof Throttled)
        .withBudget(quota).build();
    Retrier<String> ours = Retrier.builder(policy).withSleeper(nanos -> {}).withRandom(Randoms.seeded(1)).build();
    SplittableRandom random = new SplittableRandom(14);
    int denied = 0;
    int throttledRetriedBelowTransientCost = 0;

    for (int call = 0; call < 5_000; call++) {
      List<Exception> script = new ArrayList<>();
      for (int a = 0; a < 3; a++) {
        double u = random.nextDouble();
        script.add(u < 0.25 ? null : u < 0.7 ? new Transient() : new Throttled());
      }
      double before = quota.available();
      int[] sdkOutcome = runSdk(sdk, script);
      int[] ourOutcome = runOurs(ours, script);

      assertThat(ourOutcome).as("call %d: attempts and stop, script %s", call, script)
          .containsExactly(sdkOutcome[0], sdkOutcome[1]);
      assertThat(quota.available()).as("quota after call %d", call).isEqualTo((double) sdkOutcome[2]);
      denied += sdkOutcome[1] == 2 ? 1 : 0;
      throttledRetriedBelowTransientCost += before < 14 && sdkOutcome[0] > 1 ? 1 : 0;
    }
    assertThat(denied).as("calls stopped by the quota").isGreaterThan(100);
    if (retries2026) {
      assertThat(throttledRetriedBelowTransientCost).as("retries allowed below 14 units: throttling ones")
          .isGreaterThan(0);
    }
  }

  /** {attempts, stop (0 success, 1 attempts exhausted, 2 quota), quota level after}. */
  private static int[] runSdk(StandardRetryStrategy sdk, List<Exception> script) {
    RetryToken token = sdk.acquireInitialToken(AcquireInitialTokenRequest.create("reference")).token();
    for (int attempt = 1; ; attempt++) {
      Exception failure = script.get(attempt - 1);
      if (failure == null) {
        RetryToken after = sdk.recordSuccess(RecordSuccessRequest.create(token)).token();
        return new int[] {attempt, 0, ((DefaultRetryToken) after).capacityRemaining()};
      }
      try {
        token = sdk.refreshRetryToken(RefreshRetryTokenRequest.builder().token(token).failure(failure).build())
            .token();
      } catch (TokenAcquisitionFailedException e) {
        DefaultRetryToken stopped = (DefaultRetryToken) e.token();
        boolean quota = stopped.state() == DefaultRetryToken.TokenState.TOKEN_ACQUISITION_FAILED;
        return new int[] {attempt, quota ? 2 : 1, stopped.capacityRemaining()};
      }
    }
  }

  /** {attempts, stop (0 success, 1 attempts exhausted, 2 quota)}. */
  private static int[] runOurs(Retrier<String> ours, List<Exception> script) {
    int[] attempts = {0};
    try {
      ours.call(() -> {
        Exception failure = script.get(attempts[0]++);
        if (failure != null) {
          throw failure;
        }
        return "ok";
      });
      return new int[] {attempts[0], 0};
    } catch (RetryException e) {
      return new int[] {attempts[0], e.reason() == StopReason.BUDGET_DENIED ? 2 : 1};
    }
  }
}
