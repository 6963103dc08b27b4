package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RetryingHttpClientBuilderTest {
  private static final HttpClient CLIENT = Fixtures.httpClient();
  private static final RetryPolicy<HttpResponse<?>> POLICY = RetryPolicy.<HttpResponse<?>>builder().build();

  private static RetryingHttpClientBuilder builder() {
    return RetryingHttpClient.builder(CLIENT, POLICY);
  }

  @Test
  void of_defaults_areTheDocumentedOnes() {
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, POLICY);

    assertThat(http.client()).isSameAs(CLIENT);
    assertThat(http.policy()).isSameAs(POLICY);
    assertThat(http.retryableStatuses()).containsExactlyInAnyOrder(429, 500, 502, 503, 504);
    assertThat(http.retryableMethods()).contains(Set.of("GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"));
    assertThat(http.maxRetryAfter()).isEqualTo(Duration.ofMinutes(1));
    assertThat(http.toString()).startsWith("RetryingHttpClient[statuses=").contains("maxRetryAfter=PT1M");
    assertThat(http.retryAfterMillisHeader()).isEmpty();
  }

  @Test
  void of_policyWithoutBudget_getsADefaultBudgetOfItsOwn() {
    RetryingHttpClient one = RetryingHttpClient.of(CLIENT, POLICY);
    RetryingHttpClient two = RetryingHttpClient.of(CLIENT, POLICY);

    assertThat(one.budget()).hasValueSatisfying(b -> assertThat(b.toString())
        .isEqualTo("retryQuota(capacity=500, retryCost=14, timeoutCost=14, throttlingCost=5, refund=last, available=500)"));
    assertThat(one.budget().orElseThrow()).isNotSameAs(two.budget().orElseThrow());
    assertThat(one.toString()).contains("budget=retryQuota(capacity=500");
  }

  @Test
  void withoutBudget_hasNone() {
    assertThat(builder().withoutBudget().build().budget()).isEmpty();
  }

  @Test
  void withRetryAfterMillisHeader_isKeptAndShown() {
    RetryingHttpClient http = builder().withRetryAfterMillisHeader("x-amz-retry-after").build();

    assertThat(http.retryAfterMillisHeader()).contains("x-amz-retry-after");
    assertThat(http.toString()).contains("hintHeader=x-amz-retry-after (at most PT5S above the backoff)");
  }

  @Test
  void withRetryAfterMillisHeader_badArguments_throwNamingThem() {
    assertThatThrownBy(() -> builder().withRetryAfterMillisHeader(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("header");
    assertThatThrownBy(() -> builder().withRetryAfterMillisHeader("h", null))
        .isInstanceOf(NullPointerException.class).hasMessage("maxAboveBackoff");
    assertThatThrownBy(() -> builder().withRetryAfterMillisHeader("retry after"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("header must be an HTTP token: \"retry after\"");
    assertThatThrownBy(() -> builder().withRetryAfterMillisHeader(""))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("header must be an HTTP token: \"\"");
    assertThatThrownBy(() -> builder().withRetryAfterMillisHeader("h", Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAboveBackoff must not be negative: PT-0.001S");
  }

  @Test
  void of_policyOfASupertype_isAccepted() {
    RetryPolicy<Object> anything = RetryPolicy.builder().build();

    assertThat(RetryingHttpClient.of(CLIENT, anything).policy()).isSameAs(anything);
  }

  @Test
  void builder_nullArguments_throwNpeNamingThem() {
    assertThatThrownBy(() -> RetryingHttpClient.of(null, POLICY)).isInstanceOf(NullPointerException.class)
        .hasMessage("client");
    assertThatThrownBy(() -> RetryingHttpClient.of(CLIENT, null)).isInstanceOf(NullPointerException.class)
        .hasMessage("policy");
    assertThatThrownBy(() -> builder().withRetryableStatuses((int[]) null)).hasMessage("statuses");
    assertThatThrownBy(() -> builder().withRetryableMethods((String[]) null)).hasMessage("methods");
    assertThatThrownBy(() -> builder().withRetryableMethods("GET", null)).hasMessage("methods[i]");
    assertThatThrownBy(() -> builder().withMaxRetryAfter(null)).hasMessage("max");
    assertThatThrownBy(() -> builder().withClock(null)).hasMessage("clock");
    assertThatThrownBy(() -> builder().withTicker(null)).hasMessage("ticker");
    assertThatThrownBy(() -> builder().withSleeper(null)).hasMessage("sleeper");
    assertThatThrownBy(() -> builder().withScheduler(null)).hasMessage("scheduler");
    assertThatThrownBy(() -> builder().withRandom(null)).hasMessage("random");
    assertThatThrownBy(() -> RetryingHttpClient.replayable(null)).hasMessage("publisher");
  }

  @Test
  void withRetryableStatuses_outOfRange_throwsIae() {
    assertThatThrownBy(() -> builder().withRetryableStatuses(503, 99)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("statuses must be in 100..599: 99");
    assertThatThrownBy(() -> builder().withRetryableStatuses(600)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("statuses must be in 100..599: 600");
  }

  @Test
  void withRetryableStatuses_replacesTheDefaults() {
    assertThat(builder().withRetryableStatuses(403, 503).build().retryableStatuses()).containsExactlyInAnyOrder(403,
        503);
    assertThat(builder().withRetryableStatuses().build().retryableStatuses()).isEmpty();
  }

  @Test
  void withRetryableMethods_notAToken_throwsIae() {
    assertThatThrownBy(() -> builder().withRetryableMethods("")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("methods must be HTTP tokens: \"\"");
    assertThatThrownBy(() -> builder().withRetryableMethods("GET ME")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("methods must be HTTP tokens: \"GET ME\"");
  }

  @Test
  void withRetryableMethods_replacesTheDefaults_andIsOneOptionWithRetryAllMethods() {
    assertThat(builder().withRetryableMethods("GET", "POST").build().retryableMethods())
        .contains(Set.of("GET", "POST"));
    assertThat(builder().retryAllMethods().build().retryableMethods()).isEqualTo(Optional.empty());
    assertThatThrownBy(() -> builder().retryAllMethods().withRetryableMethods("GET"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("retryableMethods was already set to all");
  }

  @Test
  void withMaxRetryAfter_negative_throwsIae() {
    assertThatThrownBy(() -> builder().withMaxRetryAfter(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("max must not be negative: PT-1S");
    assertThat(builder().withMaxRetryAfter(Duration.ZERO).build().maxRetryAfter()).isZero();
  }
}
