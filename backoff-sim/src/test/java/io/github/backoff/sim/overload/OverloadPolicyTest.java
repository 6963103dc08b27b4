package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Ticker;
import io.github.backoff.budget.BudgetKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverloadPolicyTest {

  @Test
  void defaults_budgetPoliciesAreCoresBudgetKindsWithTheirDescriptionsUnchanged() {
    List<OverloadPolicy> defaults = OverloadPolicy.defaults();

    assertThat(defaults).extracting(OverloadPolicy::name).containsExactlyElementsOf(OverloadPolicy.ALL_NAMES);
    assertThat(defaults.subList(2, 5)).extracting(OverloadPolicy::name)
        .containsExactly(BudgetKind.TOKEN_BUCKET.id(), BudgetKind.RETRY_QUOTA.id(), BudgetKind.RATIO.id());
    assertThat(OverloadPolicy.ALL_NAMES).as("every budget kind is a policy").containsAll(BudgetKind.ids());
    // The descriptions appear in the reports: they must read as they always have.
    assertThat(defaults.subList(2, 5)).extracting(OverloadPolicy::description).containsExactly(
        "retries + token bucket (100, 0.1)", "retries + retry quota (500, 5, 10)",
        "retries + ratio budget (20 %, 10 s, 10/s)");
  }

  @Test
  void newBudget_hasTheKindsDefaultLevel() {
    Ticker ticker = () -> 0L;

    assertThat(OverloadPolicy.defaults().get(2).newBudget(ticker).available()).isEqualTo(100.0);
    assertThat(OverloadPolicy.defaults().get(3).newBudget(ticker).available()).isEqualTo(500.0);
    assertThat(OverloadPolicy.defaults().get(4).newBudget(ticker).available()).isEqualTo(100.0); // 10/s over 10 s
  }
}
