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
    assertThat(BudgetKind.RETRY_QUOTA_2026.id()).isEqualTo("retry-quota-2026");
  }

  @Test
  void retryQuota2026_create_isTheSdksQuotaAndTakesEachCost() {
    assertThat(BudgetKind.RETRY_QUOTA_2026.create(() -> 0L)).hasToString(RetryBudget.retryQuota2026().toString())
        .hasToString("retryQuota(capacity=500, retryCost=14, timeoutCost=14, throttlingCost=5, refund=last, "
            + "available=500)");
    assertThat(BudgetKind.RETRY_QUOTA_2026.create(java.util.Map.of("capacity", 100, "throttlingCost", 2), () -> 0L))
        .hasToString("retryQuota(capacity=100, retryCost=14, timeoutCost=14, throttlingCost=2, refund=last, "
            + "available=100)");
    assertThat(BudgetKind.RETRY_QUOTA_2026.parameters())
        .containsExactly("capacity", "retryCost", "timeoutCost", "throttlingCost");
  }
}
