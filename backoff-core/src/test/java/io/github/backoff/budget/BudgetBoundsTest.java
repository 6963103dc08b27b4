package io.github.backoff.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The budgets' parameter ranges are closed where the messages say so: the bounds themselves are accepted. */
class BudgetBoundsTest {
  @Test
  void tokenBucket_boundsOfItsRanges_areAccepted() {
    assertThat(RetryBudget.tokenBucket(1, 1.0).available()).isEqualTo(1.0);
    assertThat(RetryBudget.tokenBucket(1000, 0.5).available()).isEqualTo(1000.0);
    assertThatThrownBy(() -> RetryBudget.tokenBucket(1001, 0.5)).hasMessageContaining("maxTokens");
    assertThatThrownBy(() -> RetryBudget.tokenBucket(1, 1.5)).hasMessageContaining("tokenRatio");
  }

  @Test
  void ratio_boundsOfItsRanges_areAccepted() {
    assertThat(RetryBudget.ratio(0, Duration.ofMillis(10), 0, () -> 0L).available()).isZero();
    assertThat(RetryBudget.ratio(10, Duration.ofMillis(10), 0, () -> 0L).available()).isZero();
    assertThatThrownBy(() -> RetryBudget.ratio(10.5, Duration.ofSeconds(1), 0, () -> 0L))
        .hasMessageContaining("percent");
    assertThatThrownBy(() -> RetryBudget.ratio(1, Duration.ofMillis(9), 0, () -> 0L)).hasMessageContaining("window");
  }
}
