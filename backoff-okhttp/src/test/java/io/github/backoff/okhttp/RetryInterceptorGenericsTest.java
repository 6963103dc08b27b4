package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/** Issue 23 item 2, for OkHttp: the natural generic forms of the policy compile. */
class RetryInterceptorGenericsTest {
  @Test
  void of_policyOfResponse_compiles() {
    RetryPolicy<Response> policy = RetryPolicy.<Response>builder().retryIfResult(r -> r.code() == 503).build();

    assertThat(RetryInterceptor.of(policy).policy()).isSameAs(policy);
    assertThat(RetryInterceptor.builder(policy).build().policy()).isSameAs(policy);
    assertThat(RetryInterceptor.of(policy, HttpRetryOptions.defaults()).policy()).isSameAs(policy);
  }

  @Test
  void of_policyOfObject_compiles() {
    RetryPolicy<Object> policy = RetryPolicy.builder().withMaxAttempts(2).build();

    assertThat(RetryInterceptor.of(policy).policy()).isSameAs(policy);
  }
}
