package io.github.backoff.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryBudgetDefaultsTest {

  @Test
  void onSuccessWithLastCost_budgetWithoutIt_isToldTheTotal() {
    List<Long> told = new ArrayList<>();
    RetryBudget budget = new RetryBudget() {
      @Override
      public void onRequest() {}

      @Override
      public void onFailure() {}

      @Override
      public long tryAcquireRetry(Throwable failure) {
        return 1;
      }

      @Override
      public void onSuccess(long acquired) {
        told.add(acquired);
      }
    };

    budget.onSuccess(15, 5);

    assertThat(told).containsExactly(15L);
    assertThat(budget.available()).isNaN();
  }

  @Test
  void retryQuota_timeoutCostAboveCapacity_throwsNamingIt() {
    assertThatThrownBy(() -> RetryBudget.retryQuota(10, 5, 11))
        .isInstanceOfSatisfying(InvalidParameterException.class, e -> {
          assertThat(e.parameter()).isEqualTo("timeoutCost");
          assertThat(e.value()).isEqualTo(11);
        })
        .hasMessage("timeoutCost must be <= capacity: 11 > 10");
  }
}
