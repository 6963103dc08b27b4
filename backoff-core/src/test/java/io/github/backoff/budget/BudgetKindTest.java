package io.github.backoff.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.Ticker;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BudgetKindTest {
  private static final Ticker TICKER = () -> 0L;

  @Test
  void ids_areTheConfigurationNamesInOrder() {
    assertThat(BudgetKind.ids()).containsExactly("token-bucket", "retry-quota", "retry-quota-2026", "ratio");
    assertThat(BudgetKind.byId("ratio")).contains(BudgetKind.RATIO);
    assertThat(BudgetKind.byId("leaky-bucket")).isEmpty();
  }

  @Test
  void defaults_areTheFactoriesDocumentedDefaults() {
    assertThat(BudgetKind.TOKEN_BUCKET.defaults()).containsExactly(Map.entry("maxTokens", 100),
        Map.entry("tokenRatio", 0.1));
    assertThat(BudgetKind.RETRY_QUOTA.defaults()).containsExactly(Map.entry("capacity", 500),
        Map.entry("retryCost", 5), Map.entry("timeoutCost", 10));
    assertThat(BudgetKind.RATIO.defaults()).containsExactly(Map.entry("percent", 0.2),
        Map.entry("window", Duration.ofSeconds(10)), Map.entry("minRetriesPerSecond", 10));
  }

  @Test
  void create_withDefaults_behavesAsTheFactory() {
    assertThat(BudgetKind.TOKEN_BUCKET.create(TICKER).available())
        .isEqualTo(RetryBudget.tokenBucket(100, 0.1).available());
    assertThat(BudgetKind.RETRY_QUOTA.create(TICKER).available()).isEqualTo(RetryBudget.retryQuota().available());
    assertThat(BudgetKind.RATIO.create(TICKER).available())
        .isEqualTo(RetryBudget.ratio(0.2, Duration.ofSeconds(10), 10, TICKER).available());
  }

  @Test
  void create_withValues_usesThemAndDefaultsTheRest() {
    assertThat(BudgetKind.TOKEN_BUCKET.create(Map.of("maxTokens", 50), TICKER).available()).isEqualTo(50.0);
    assertThat(BudgetKind.RETRY_QUOTA.create(Map.of("capacity", 20), TICKER).available()).isEqualTo(20.0);
  }

  @Test
  void create_parameterOfAnotherKind_namesIt() {
    assertThatThrownBy(() -> BudgetKind.TOKEN_BUCKET.create(Map.of("capacity", 5), TICKER))
        .isInstanceOfSatisfying(InvalidParameterException.class, e -> {
          assertThat(e).hasMessage("capacity does not apply to a token-bucket budget (it takes maxTokens, tokenRatio)");
          assertThat(e.parameter()).isEqualTo("capacity");
          assertThat(e.value()).isEqualTo(5);
        });
  }

  @Test
  void create_valueOfTheWrongType_namesIt() {
    assertThatThrownBy(() -> BudgetKind.RATIO.create(Map.of("window", 10), TICKER))
        .isInstanceOfSatisfying(InvalidParameterException.class, e -> {
          assertThat(e).hasMessage("window must be a Duration: 10");
          assertThat(e.parameter()).isEqualTo("window");
        });
  }

  @Test
  void create_valueTheFactoryRejects_carriesTheFactorysParameterName() {
    assertThatThrownBy(() -> BudgetKind.RETRY_QUOTA.create(Map.of("capacity", 5, "retryCost", 10), TICKER))
        .isInstanceOfSatisfying(InvalidParameterException.class, e -> {
          assertThat(e).hasMessage("retryCost must be <= capacity: 10 > 5");
          assertThat(e.parameter()).isEqualTo("retryCost");
          assertThat(e.value()).isEqualTo(10);
        });
  }
}
