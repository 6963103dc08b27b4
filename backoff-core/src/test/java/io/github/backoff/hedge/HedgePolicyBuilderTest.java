package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HedgePolicyBuilderTest {

  @Test
  void build_withoutDelay_failsNamingTheOptions() {
    assertThatThrownBy(() -> HedgePolicy.builder().build()).isInstanceOf(IllegalStateException.class)
        .hasMessage("a hedging delay is required: call withDelay or withPercentileDelay");
  }

  @Test
  void withDelay_negative_fails() {
    assertThatThrownBy(() -> HedgePolicy.builder().withDelay(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("delay must not be negative: -1 ms");
  }

  @Test
  void withDelay_null_fails() {
    assertThatThrownBy(() -> HedgePolicy.builder().withDelay(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("delay");
  }

  @Test
  void withPercentileDelay_afterWithDelay_failsAsConflicting() {
    assertThatThrownBy(() -> HedgePolicy.builder().withDelay(Duration.ofMillis(5))
        .withPercentileDelay(95, Duration.ofMillis(5))).isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "the hedging delay (withDelay or withPercentileDelay) was already set on this builder: set each option once");
  }

  @Test
  void withPercentileDelay_outOfRange_fails() {
    assertThatThrownBy(() -> HedgePolicy.builder().withPercentileDelay(100, Duration.ofMillis(5)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("percentile must be in (0, 100): 100.0");
    assertThatThrownBy(() -> HedgePolicy.builder().withPercentileDelay(0, Duration.ofMillis(5)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("percentile must be in (0, 100): 0.0");
    assertThatThrownBy(() -> HedgePolicy.builder().withPercentileDelay(95, Duration.ofMillis(-2)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("initialDelay must not be negative: -2 ms");
  }

  @Test
  void withMaxHedges_outOfRange_fails() {
    assertThatThrownBy(() -> HedgePolicy.builder().withMaxHedges(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxHedges must be in [0, 10]: -1");
    assertThatThrownBy(() -> HedgePolicy.builder().withMaxHedges(11))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxHedges must be in [0, 10]: 11");
  }

  @Test
  void withLatencyWindow_tooShort_fails() {
    assertThatThrownBy(() -> HedgePolicy.builder().withLatencyWindow(Duration.ofNanos(999_999)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("window must be >= 1 ms: ");
  }

  @Test
  void withMinDelay_negative_fails() {
    assertThatThrownBy(() -> HedgePolicy.builder().withMinDelay(Duration.ofMillis(-3)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("minDelay must not be negative: -3 ms");
  }

  @Test
  void nullArguments_failNamingTheParameter() {
    HedgePolicyBuilder<String> b = HedgePolicy.builder();
    assertThatThrownBy(() -> b.withBudget(null)).hasMessage("budget");
    assertThatThrownBy(() -> b.onEvent(null)).hasMessage("listener");
    assertThatThrownBy(() -> b.hedgeIfResult(null)).hasMessage("condition");
    assertThatThrownBy(() -> b.hedgeOnFailure(null)).hasMessage("condition");
    assertThatThrownBy(() -> Hedger.of(null)).hasMessage("policy");
  }

  @Test
  void build_copiesAndReportsSettings() {
    RetryBudget budget = RetryBudget.ratio();
    HedgePolicyBuilder<String> b = HedgePolicy.<String>builder()
        .withPercentileDelay(95, Duration.ofMillis(40))
        .withMinDelay(Duration.ofMillis(2))
        .withLatencyWindow(Duration.ofSeconds(30))
        .withMaxHedges(3)
        .withBudget(budget)
        .onEvent(e -> { });
    HedgePolicy<String> policy = b.build();
    b.onEvent(e -> { });

    assertThat(policy.isAdaptive()).isTrue();
    assertThat(policy.delay()).isEqualTo(Duration.ofMillis(40));
    assertThat(policy.percentile()).hasValue(95.0);
    assertThat(policy.minDelay()).isEqualTo(Duration.ofMillis(2));
    assertThat(policy.latencyWindow()).isEqualTo(Duration.ofSeconds(30));
    assertThat(policy.maxHedges()).isEqualTo(3);
    assertThat(policy.budget()).containsSame(budget);
    assertThat(policy.listeners()).hasSize(1);
    assertThat(policy.toString()).startsWith("HedgePolicy(delay=p95.0 (initially 40 ms");
  }

  @Test
  void defaults_oneHedgeNoBudgetFixedDelay() {
    HedgePolicy<Object> policy = HedgePolicy.builder().withDelay(Duration.ofMillis(7)).build();

    assertThat(policy.isAdaptive()).isFalse();
    assertThat(policy.percentile()).isEmpty();
    assertThat(policy.delay()).isEqualTo(Duration.ofMillis(7));
    assertThat(policy.maxHedges()).isEqualTo(1);
    assertThat(policy.budget()).isEmpty();
    assertThat(policy.toString()).isEqualTo("HedgePolicy(delay=7 ms, maxHedges=1)");
  }
}
