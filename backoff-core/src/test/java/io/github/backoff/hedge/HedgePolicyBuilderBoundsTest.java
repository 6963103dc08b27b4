package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The edges of the builder's ranges: the smallest and largest values accepted, and a zero delay. */
class HedgePolicyBuilderBoundsTest {
  private static final String CONFLICT =
      "the hedging delay (withDelay or withPercentileDelay) was already set on this builder: set each option once";

  @Test
  void withDelay_zero_isAFixedDelayThatExcludesAnother() {
    HedgePolicyBuilder<String> builder = HedgePolicy.<String>builder().withDelay(Duration.ZERO);

    HedgePolicy<String> policy = builder.build();
    assertThat(policy.isAdaptive()).isFalse();
    assertThat(policy.delay()).isEqualTo(Duration.ZERO);
    assertThatThrownBy(() -> builder.withDelay(Duration.ofMillis(1))).isInstanceOf(IllegalStateException.class)
        .hasMessage(CONFLICT);
  }

  @Test
  void withDelay_afterWithPercentileDelay_failsAsConflicting() {
    assertThatThrownBy(() -> HedgePolicy.builder().withPercentileDelay(95, Duration.ofMillis(5))
        .withDelay(Duration.ofMillis(5))).isInstanceOf(IllegalStateException.class).hasMessage(CONFLICT);
  }

  @Test
  void withLatencyWindow_exactlyOneMillisecond_isAccepted() {
    HedgePolicy<Object> policy = HedgePolicy.builder().withPercentileDelay(90, Duration.ofMillis(5))
        .withLatencyWindow(Duration.ofMillis(1)).build();

    assertThat(policy.latencyWindow()).isEqualTo(Duration.ofMillis(1));
  }

  @Test
  void withMaxHedges_zeroAndTheMaximum_areAccepted() {
    assertThat(HedgePolicy.builder().withDelay(Duration.ZERO).withMaxHedges(0).build().maxHedges()).isZero();
    assertThat(HedgePolicy.builder().withDelay(Duration.ZERO).withMaxHedges(HedgePolicyBuilder.MAX_HEDGES).build()
        .maxHedges()).isEqualTo(10);
  }
}
