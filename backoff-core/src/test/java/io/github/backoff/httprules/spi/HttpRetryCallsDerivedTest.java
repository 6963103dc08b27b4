package io.github.backoff.httprules.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.strategy.Backoff;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The policy {@link HttpRetryCalls} derives from the user's. */
class HttpRetryCallsDerivedTest {
  private static final RetryPolicy<Object> BASE = RetryPolicy.builder()
      .withBackoff(Backoff.constant(Duration.ofMillis(10))).withMaxAttempts(3).build();

  private static RetryPolicy<Object> derive(RetryPolicy<Object> base, boolean defaultBudget) {
    return HttpRetryCalls.derived(base, r -> "retry".equals(r), r -> "throttled".equals(r),
        new HttpHints(HttpResponseReader.of(String.class, r -> -1, (r, h) -> null), HttpRetryOptions.defaults(),
            null),
        defaultBudget).build();
  }

  @Test
  void derive_addsHttpFailureAndResultRules() {
    RetryPolicy<Object> derived = derive(BASE, false);

    assertThat(derived.isRetryable(new ConnectException("refused"))).isTrue();
    assertThat(derived.isRetryable(new UnknownHostException("nowhere"))).isFalse();
    assertThat(derived.isRetryableResult("retry")).isTrue();
    assertThat(derived.isRetryableResult("ok")).isFalse();
  }

  @Test
  void derive_addsThrottlingKindWithThrottlingCost() {
    RetryPolicy<Object> derived = derive(BASE, false);

    assertThat(derived.kinds()).singleElement().satisfies(kind -> {
      assertThat(kind.name()).isEqualTo(HttpRetryRules.THROTTLING_KIND);
      assertThat(kind.costClass()).isEqualTo(CostClass.THROTTLING);
    });
  }

  @Test
  void derive_policyWithThrottlingKind_keepsItsOwn() {
    RetryKind<Object> own = RetryKind.onResult(HttpRetryRules.THROTTLING_KIND, r -> false, Backoff.none());
    RetryPolicy<Object> base = BASE.toBuilder().withBackoffFor(own).build();

    assertThat(derive(base, true).kinds()).containsExactly(own);
  }

  @Test
  void derive_budget_policysOwnElseNewOneElseNone() {
    RetryBudget own = RetryBudget.retryQuota2026();

    assertThat(derive(BASE.toBuilder().withBudget(own).build(), true).budget()).containsSame(own);
    assertThat(derive(BASE, true).budget()).isPresent();
    assertThat(derive(BASE, true).budget().get()).isNotSameAs(derive(BASE, true).budget().get());
    assertThat(derive(BASE, false).budget()).isEmpty();
  }
}
