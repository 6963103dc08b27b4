package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import org.junit.jupiter.api.Test;

class RetryInterceptorBuilderTest {
  private final RetryPolicy<Response> policy = RetryPolicy.<Response>builder().build();

  @Test
  void build_defaults() {
    RetryInterceptor interceptor = RetryInterceptor.of(policy);

    assertThat(interceptor.retryableStatuses()).containsExactlyInAnyOrder(429, 500, 502, 503, 504);
    assertThat(interceptor.retryableMethods()).contains(Set.of("GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"));
    assertThat(interceptor.maxRetryAfter()).isEqualTo(Duration.ofMinutes(1));
    assertThat(interceptor.policy()).isSameAs(policy);
    assertThat(interceptor.budget()).isPresent();
    assertThat(interceptor.budget().get().available()).isEqualTo(500.0);
    assertThat(interceptor.retryAfterMillisHeader()).isEmpty();
    assertThat(interceptor).hasToString("RetryInterceptor[statuses=" + interceptor.retryableStatuses()
        + ", methods=" + interceptor.retryableMethods().get() + ", maxRetryAfter=PT1M, budget="
        + interceptor.budget().get() + ", policy=" + policy + "]");
  }

  @Test
  void build_defaultBudget_onePerInterceptor() {
    assertThat(RetryInterceptor.of(policy).budget().get()).isNotSameAs(RetryInterceptor.of(policy).budget().get());
  }

  @Test
  void build_policyWithABudget_usesThePolicysBudget() {
    RetryBudget own = RetryBudget.tokenBucket(10, 0.1);
    RetryPolicy<Response> budgeted = RetryPolicy.<Response>builder().withBudget(own).build();

    assertThat(RetryInterceptor.of(budgeted).budget()).containsSame(own);
    assertThat(RetryInterceptor.builder(budgeted).withoutBudget().build().budget()).containsSame(own);
  }

  @Test
  void withoutBudget_noBudget() {
    assertThat(RetryInterceptor.builder(policy).withoutBudget().build().budget()).isEmpty();
  }

  @Test
  void withRetryAfterMillisHeader_setsTheHeader() {
    RetryInterceptor interceptor = RetryInterceptor.builder(policy).withRetryAfterMillisHeader("x-amz-retry-after")
        .build();

    assertThat(interceptor.retryAfterMillisHeader()).contains("x-amz-retry-after");
    assertThat(interceptor.toString()).contains("retryAfterMillisHeader=x-amz-retry-after");
  }

  @Test
  void withRetryAfterMillisHeader_invalid_throwsNamingTheParameter() {
    RetryInterceptorBuilder builder = RetryInterceptor.builder(policy);

    assertThatThrownBy(() -> builder.withRetryAfterMillisHeader(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("header");
    assertThatThrownBy(() -> builder.withRetryAfterMillisHeader("")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("header must be an HTTP token: \"\"");
    assertThatThrownBy(() -> builder.withRetryAfterMillisHeader("retry after"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("header must be an HTTP token: \"retry after\"");
    assertThatThrownBy(() -> builder.withRetryAfterMillisHeader("x-hint", Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAboveBackoff must not be negative: PT-1S");
    assertThatThrownBy(() -> builder.withRetryAfterMillisHeader("x-hint", null))
        .isInstanceOf(NullPointerException.class).hasMessage("maxAboveBackoff");
  }

  @Test
  void build_copies_laterChangesDoNotLeak() {
    RetryInterceptorBuilder builder = RetryInterceptor.builder(policy).withRetryableStatuses(503);
    RetryInterceptor first = builder.build();
    builder.withMaxRetryAfter(Duration.ofSeconds(1)).retryAllMethods();

    assertThat(first.retryableStatuses()).containsExactly(503);
    assertThat(first.maxRetryAfter()).isEqualTo(RetryInterceptor.DEFAULT_MAX_RETRY_AFTER);
    assertThat(first.retryableMethods()).isPresent();
    assertThat(builder.build().retryableMethods()).isEqualTo(Optional.empty());
  }

  @Test
  void isRetryable_methodsKeysAndBodies() {
    RetryInterceptor interceptor = RetryInterceptor.builder(policy).withRetryableMethods("GET", "PATCH").build();
    Request.Builder r = new Request.Builder().url("http://127.0.0.1/");
    RequestBody body = RequestBody.create("x", MediaType.get("text/plain"));

    assertThat(interceptor.isRetryable(r.build())).isTrue();
    assertThat(interceptor.isRetryable(r.patch(body).build())).isTrue();
    assertThat(interceptor.isRetryable(r.put(body).build())).isFalse();
    assertThat(interceptor.isRetryable(r.post(body).header("Idempotency-Key", "k").build())).isTrue();
    assertThat(interceptor.isRetryable(r.patch(new OneShot()).build())).isFalse();
  }

  @Test
  void invalidSettings_failNamingTheParameter() {
    RetryInterceptorBuilder builder = RetryInterceptor.builder(policy);

    assertThatThrownBy(() -> RetryInterceptor.builder(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("policy");
    assertThatThrownBy(() -> builder.withRetryableStatuses(503, 600)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("statuses must be in 100..599: 600");
    assertThatThrownBy(() -> builder.withRetryableMethods("GET", "BAD METHOD"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("methods must be HTTP tokens: \"BAD METHOD\"");
    assertThatThrownBy(() -> builder.withRetryableMethods("GET", null)).isInstanceOf(NullPointerException.class)
        .hasMessage("methods[i]");
    assertThatThrownBy(() -> builder.withMaxRetryAfter(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("max must not be negative: PT-1S");
    assertThatThrownBy(() -> builder.withClock(null)).isInstanceOf(NullPointerException.class).hasMessage("clock");
    assertThatThrownBy(() -> builder.withTicker(null)).isInstanceOf(NullPointerException.class).hasMessage("ticker");
    assertThatThrownBy(() -> builder.withSleeper(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("sleeper");
    assertThatThrownBy(() -> builder.withScheduler(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("scheduler");
    assertThatThrownBy(() -> builder.withRandom(null)).isInstanceOf(NullPointerException.class).hasMessage("random");
  }

  private static final class OneShot extends RequestBody {
    @Override
    public MediaType contentType() {
      return null;
    }

    @Override
    public void writeTo(BufferedSink sink) {}

    @Override
    public boolean isOneShot() {
      return true;
    }
  }
}
