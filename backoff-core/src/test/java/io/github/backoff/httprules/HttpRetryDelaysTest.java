package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.CostClass;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class HttpRetryDelaysTest {
  private static final long MS = 1_000_000L;

  @ParameterizedTest
  @CsvSource({
      "0, 100, 100",       // Retry-After: 0 is spread by the strategy's delay
      "1000, 100, 500",    // half the asked wait
      "1000, 800, 800",    // the strategy's delay when longer
      "60000, 0, 30000"})
  void retryAfterSpreadBoundNanos_isHalfTheAskedWaitOrTheStrategyDelay(long asked, long strategy, long bound) {
    assertThat(HttpRetryDelays.retryAfterSpreadBoundNanos(asked * MS, strategy * MS)).isEqualTo(bound * MS);
  }

  @ParameterizedTest
  @CsvSource({
      "1000, 100, 60000, 0.0, 1000",
      "1000, 100, 60000, 0.5, 1250",
      "1000, 100, 60000, 0.998, 1499",
      "0, 200, 60000, 0.5, 100",
      "59000, 0, 60000, 0.9, 60000",    // the spread never pushes past the maximum
      "60000, 0, 60000, 0.9, 60000",
      "61000, 0, 60000, 0.5, 61000"})   // over the maximum: unchanged, for the caller to refuse
  void retryAfterWaitNanos_table(long asked, long strategy, long max, double u, long wait) {
    assertThat(HttpRetryDelays.retryAfterWaitNanos(asked * MS, strategy * MS, max * MS, u)).isEqualTo(wait * MS);
  }

  @Test
  void retryAfterWaitNanos_neverBelowTheAskedWaitAndSaturates() {
    SplittableRandom random = new SplittableRandom(15);
    for (int i = 0; i < 10_000; i++) {
      long asked = random.nextLong(0, Long.MAX_VALUE);
      long strategy = random.nextLong(0, Long.MAX_VALUE);
      long max = random.nextLong(0, Long.MAX_VALUE);
      long wait = HttpRetryDelays.retryAfterWaitNanos(asked, strategy, max, random.nextDouble());
      assertThat(wait).isGreaterThanOrEqualTo(asked);
      if (asked <= max) {
        assertThat(wait).isLessThanOrEqualTo(max);
      }
    }
    assertThat(HttpRetryDelays.retryAfterWaitNanos(Long.MAX_VALUE - 1, Long.MAX_VALUE, Long.MAX_VALUE, 1.0))
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void retryAfterWaitNanos_badArguments_throwIaeNamingThem() {
    assertThatThrownBy(() -> HttpRetryDelays.retryAfterWaitNanos(-1, 0, 0, 0.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("askedNanos must be >= 0: -1");
    assertThatThrownBy(() -> HttpRetryDelays.retryAfterWaitNanos(0, -2, 0, 0.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("strategyDelayNanos must be >= 0: -2");
    assertThatThrownBy(() -> HttpRetryDelays.retryAfterWaitNanos(0, 0, -3, 0.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxNanos must be >= 0: -3");
    assertThatThrownBy(() -> HttpRetryDelays.retryAfterWaitNanos(0, 0, 0, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("u must be in [0, 1]: NaN");
  }

  @ParameterizedTest
  @CsvSource({
      "3000, 1000, 5000, 3000",   // a longer hint lengthens the wait
      "100, 1000, 5000, 1000",    // never below the computed backoff
      "9000, 1000, 5000, 6000",   // at most 5 s above it
      "0, 0, 5000, 0"})
  void clampHintNanos_table(long hint, long computed, long maxAbove, long wait) {
    assertThat(HttpRetryDelays.clampHintNanos(hint * MS, computed * MS, maxAbove * MS)).isEqualTo(wait * MS);
  }

  @Test
  void clampHintNanos_saturates() {
    assertThat(HttpRetryDelays.clampHintNanos(Long.MAX_VALUE, Long.MAX_VALUE - 5, 10)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void clampHintNanos_negative_throwsIae() {
    assertThatThrownBy(() -> HttpRetryDelays.clampHintNanos(0, 0, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAboveNanos must be >= 0: -1");
  }

  @ParameterizedTest
  @CsvSource({"1500, 1500", "' 0\t', 0", "007, 7"})
  void parseMillisHint_wholeMilliseconds(String value, long millis) {
    assertThat(HttpRetryDelays.parseMillisHint(value)).contains(Duration.ofMillis(millis));
  }

  @Test
  void parseMillisHint_huge_saturates() {
    assertThat(HttpRetryDelays.parseMillisHint("99999999999999999999999")).contains(Duration.ofNanos(Long.MAX_VALUE));
    assertThat(HttpRetryDelays.parseMillisHint("999999999999999999")).contains(Duration.ofNanos(Long.MAX_VALUE));
  }

  @ParameterizedTest
  @NullSource
  @ValueSource(strings = {"", " ", "-5", "1.5", "1500ms", "+3", "Wed, 21 Oct 2026 07:28:00 GMT", "0x10"})
  void parseMillisHint_invalid_isEmpty(String value) {
    assertThat(HttpRetryDelays.parseMillisHint(value)).isEmpty();
  }

  @Test
  void costClassOf_429IsThrottlingAndTheRestTransient() {
    assertThat(HttpRetryRules.costClassOf(429)).isEqualTo(CostClass.THROTTLING);
    assertThat(HttpRetryRules.costClassOf(503)).isEqualTo(CostClass.TRANSIENT);
    assertThat(HttpRetryRules.costClassOf(500)).isEqualTo(CostClass.TRANSIENT);
    assertThat(HttpRetryRules.isThrottlingStatus(429)).isTrue();
    assertThat(HttpRetryRules.isThrottlingStatus(503)).isFalse();
  }

  @Test
  void retryAfterWaitNanos_spreadPastTheTimeLeft_endsHalfwayBetweenTheHintAndTheDeadline() {
    // Retry-After 2 s, 2.97 s left, a spread of 0.99 s: 2 s + 0.97 s / 2.
    assertThat(HttpRetryDelays.retryAfterWaitNanos(2_000_000_000L, 200_000_000L, 60_000_000_000L,
        2_970_000_000L, 0.99)).isEqualTo(2_485_000_000L);
  }

  @Test
  void retryAfterWaitNanos_spreadWithinTheTimeLeft_isUnchanged() {
    assertThat(HttpRetryDelays.retryAfterWaitNanos(2_000_000_000L, 0, 60_000_000_000L, 10_000_000_000L, 0.5))
        .isEqualTo(2_500_000_000L);
  }

  @Test
  void retryAfterWaitNanos_hintPastTheTimeLeft_isNeverCutBelowTheHint() {
    assertThat(HttpRetryDelays.retryAfterWaitNanos(2_000_000_000L, 0, 60_000_000_000L, 1_000_000_000L, 0.5))
        .isEqualTo(2_500_000_000L);
    assertThat(HttpRetryDelays.retryAfterWaitNanos(2_000_000_000L, 0, 60_000_000_000L, 2_000_000_000L, 0.99))
        .isGreaterThanOrEqualTo(2_000_000_000L);
  }

  @Test
  void retryAfterWaitNanos_negativeTimeLeft_isRejectedNamingIt() {
    assertThatThrownBy(() -> HttpRetryDelays.retryAfterWaitNanos(0, 0, 0, -1, 0.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("leftNanos must be >= 0: -1");
  }

  @Test
  void millisHintWaitNanos_clampedToTheComputedDelayItsHeadroomAndTheMaximum_orNoneAboveIt() {
    long s = 1_000_000_000L;
    assertThat(HttpRetryDelays.millisHintWaitNanos(3 * s, s, 60 * s, 5 * s)).as("the hint").isEqualTo(3 * s);
    assertThat(HttpRetryDelays.millisHintWaitNanos(s / 10, 2 * s, 60 * s, 5 * s)).as("never shorter")
        .isEqualTo(2 * s);
    assertThat(HttpRetryDelays.millisHintWaitNanos(20 * s, s, 60 * s, 5 * s)).as("at most 5 s above")
        .isEqualTo(6 * s);
    assertThat(HttpRetryDelays.millisHintWaitNanos(20 * s, s, 3 * s, 20 * s)).as("at most the maximum")
        .isEqualTo(3 * s);
    assertThat(HttpRetryDelays.millisHintWaitNanos(5 * s, 3 * s, 3 * s, 5 * s)).as("computed at the maximum")
        .isEqualTo(3 * s);
    assertThat(HttpRetryDelays.millisHintWaitNanos(5 * s, 4 * s, 3 * s, 5 * s)).as("computed above it: none")
        .isEqualTo(-1);
    assertThatThrownBy(() -> HttpRetryDelays.millisHintWaitNanos(s, s, -1, s))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxNanos must be >= 0: -1");
  }
}
