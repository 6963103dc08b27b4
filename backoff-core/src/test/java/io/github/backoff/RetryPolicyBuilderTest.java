package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyBuilderTest {

  @Test
  void build_defaults_threeAttemptsNoTimeLimits() {
    RetryPolicy<Object> policy = RetryPolicy.builder().build();

    assertThat(policy.maxAttempts()).isEqualTo(3);
    assertThat(policy.maxElapsed()).isEmpty();
    assertThat(policy.attemptTimeout()).isEmpty();
    assertThat(policy.backoff()).isSameAs(RetryPolicyBuilder.DEFAULT_BACKOFF);
    assertThat(policy.isRetryable(new IOException())).isTrue();
    assertThat(policy.isRetryable(new AssertionError())).isFalse();
  }

  @Test
  void build_copies_laterBuilderChangesDoNotLeak() {
    RetryPolicyBuilder<Object> builder = RetryPolicy.builder().withMaxAttempts(2);
    RetryPolicy<Object> first = builder.build();
    builder.withMaxElapsed(Duration.ofSeconds(9)).retryOn(IOException.class);

    assertThat(first.maxAttempts()).isEqualTo(2);
    assertThat(first.maxElapsed()).isEmpty();
    assertThat(first.isRetryable(new IllegalStateException())).isTrue();
    assertThat(builder.build().isRetryable(new IllegalStateException())).isFalse();
  }

  @Test
  void toBuilder_derivesAVariant() {
    RetryPolicy<Object> base = RetryPolicy.builder().withMaxAttempts(4).retryOn(IOException.class).build();
    RetryPolicy<Object> variant = base.toBuilder().withMaxElapsed(Duration.ofSeconds(1)).build();

    assertThat(variant.maxAttempts()).isEqualTo(4);
    assertThat(variant.maxElapsed()).contains(Duration.ofSeconds(1));
    assertThat(variant.isRetryable(new IllegalStateException())).isFalse();
    assertThat(base.maxElapsed()).isEmpty();
  }

  @Test
  void withMaxAttempts_belowOne_namesParameterAndValue() {
    assertThatThrownBy(() -> RetryPolicy.builder().withMaxAttempts(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAttempts must be >= 1: 0");
  }

  @Test
  void withMaxElapsed_zeroOrNegative_namesParameterAndValue() {
    assertThatThrownBy(() -> RetryPolicy.builder().withMaxElapsed(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxElapsed must be positive: 0 ms");
    assertThatThrownBy(() -> RetryPolicy.builder().withMaxElapsed(Duration.ofMillis(-5)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxElapsed must be positive: -5 ms");
  }

  @Test
  void withAttemptTimeout_negative_namesParameterAndValue() {
    assertThatThrownBy(() -> RetryPolicy.builder().withAttemptTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("attemptTimeout must be positive: -1 s");
  }

  @Test
  void withDelayOverride_maxBelowMin_namesBoth() {
    assertThatThrownBy(() -> RetryPolicy.builder()
        .withDelayOverride(context -> null, Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("max must be >= min: 1 s < 2 s");
    assertThatThrownBy(() -> RetryPolicy.builder()
        .withDelayOverride(context -> null, Duration.ofSeconds(-2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("min must not be negative: -2 s");
  }

  @Test
  void withDelayOverride_maxEqualToMin_clampsEveryAskToThatValue() throws Exception {
    FakeClock clock = new FakeClock();
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withBackoff(Backoff.none())
        .withDelayOverride(context -> Duration.ofSeconds(5), Duration.ofSeconds(1), Duration.ofSeconds(1)).build();
    Retrier<String> retrier = Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
    int[] calls = {0};

    String result = retrier.call(() -> {
      if (++calls[0] == 1) {
        throw new IOException("once");
      }
      return "ok";
    });

    assertThat(result).isEqualTo("ok");
    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void giveUpIfOverrideExceedsMax_withoutOverride_isIllegalState() {
    assertThatThrownBy(() -> RetryPolicy.builder().giveUpIfOverrideExceedsMax())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("giveUpIfOverrideExceedsMax needs withDelayOverride first");
  }

  @Test
  void nulls_areRejectedWithTheirName() {
    assertThatThrownBy(() -> RetryPolicy.builder().withBackoff(null)).hasMessage("backoff");
    assertThatThrownBy(() -> RetryPolicy.builder().retryIf(null)).hasMessage("predicate");
    assertThatThrownBy(() -> RetryPolicy.builder().onEvent(null)).hasMessage("listener");
    assertThatThrownBy(() -> Retrier.of(null)).hasMessage("policy");
  }

  @Test
  void isRetryable_abortWinsOverRetry() {
    RetryPolicy<Object> policy = RetryPolicy.builder().retryOn(IOException.class)
        .abortOn(java.io.FileNotFoundException.class).build();

    assertThat(policy.isRetryable(new IOException())).isTrue();
    assertThat(policy.isRetryable(new java.io.FileNotFoundException())).isFalse();
  }

  @Test
  void toString_describesThePolicy() {
    RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofMillis(250)))
        .withMaxAttempts(4).withMaxElapsed(Duration.ofSeconds(10)).build();

    assertThat(policy).hasToString("RetryPolicy[backoff=constant(250 ms), maxAttempts=4, maxElapsed=10 s]");
  }
}
