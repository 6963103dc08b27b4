package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestbedResultTest {
  private static TestbedResult result(long requests, long attempts) {
    return new TestbedResult("retries", "full-jitter", 0, requests, attempts, 0, 0, 0, 0, Double.NaN, Double.NaN,
        Double.NaN, Double.NaN, 0, 0, 0, LoopbackLatency.Measurement.of(new double[0]));
  }

  @Test
  void amplification_someRequests_isAttemptsOverRequests() {
    assertThat(result(4, 10).amplification()).isEqualTo(2.5);
  }

  @Test
  void amplification_noRequests_isNaN() {
    assertThat(result(0, 3).amplification()).isNaN();
  }
}
