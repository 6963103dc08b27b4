package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetryAfterOverrideTest {
  @ParameterizedTest
  @CsvSource({
      "0, 100",
      "500, 100",
      "1000, 100",
      "3000, 300",
      "9000, 900",
      "10000, 1000",
      "3600000, 1000"})
  void jitterBoundNanos_isATenthWithin100msAnd1s(long askedMillis, long boundMillis) {
    assertThat(RetryAfterOverride.jitterBoundNanos(askedMillis * 1_000_000L)).isEqualTo(boundMillis * 1_000_000L);
  }

  @ParameterizedTest
  @CsvSource({"9223372036854775807, 1000000000"})
  void jitterBoundNanos_saturatedWait_isOneSecond(long askedNanos, long boundNanos) {
    assertThat(RetryAfterOverride.jitterBoundNanos(askedNanos)).isEqualTo(boundNanos);
  }
}
