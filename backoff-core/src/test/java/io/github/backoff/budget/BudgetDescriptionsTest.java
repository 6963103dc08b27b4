package io.github.backoff.budget;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How budgets describe themselves (logs, actuator output) and the kinds' configuration names. */
class BudgetDescriptionsTest {
  @Test
  void tokenBucket_toString_namesItsSettingsAndTokens() {
    assertThat(RetryBudget.tokenBucket(100, 0.1))
        .hasToString("tokenBucket(maxTokens=100, tokenRatio=0.1, tokens=100.0)");
  }

  @Test
  void ratio_toString_namesItsSettings() {
    assertThat(RetryBudget.ratio(0.2, Duration.ofSeconds(10), 10, () -> 0L))
        .hasToString("ratio(percent=0.2, window=10 s, reserve=100.0)");
  }

  @Test
  void kinds_id_isTheConfigurationName() {
    assertThat(BudgetKind.TOKEN_BUCKET.id()).isEqualTo("token-bucket");
    assertThat(BudgetKind.RETRY_QUOTA.id()).isEqualTo("retry-quota");
    assertThat(BudgetKind.RATIO.id()).isEqualTo("ratio");
  }
}
