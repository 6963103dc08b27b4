package io.github.backoff.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.grpc.Status;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryingClientInterceptorBuilderTest {
  private final RetryPolicy<Object> policy = RetryPolicy.builder().build();

  @Test
  void of_defaults_unavailableAndResourceExhausted() {
    assertThat(RetryingClientInterceptor.of(policy).retryableCodes())
        .containsExactlyInAnyOrder(Status.Code.UNAVAILABLE, Status.Code.RESOURCE_EXHAUSTED);
    assertThat(RetryingClientInterceptor.of(policy).policy()).isSameAs(policy);
  }

  @Test
  void builder_nullPolicy_throwsNamingIt() {
    assertThatThrownBy(() -> RetryingClientInterceptor.of(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("policy");
  }

  @Test
  void builder_policyWithResultConditions_refused() {
    RetryPolicy<Object> withResult = RetryPolicy.builder().retryIfResult(r -> r == null).build();

    assertThatThrownBy(() -> RetryingClientInterceptor.of(withResult)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("policy must have no result conditions (retryIfResult)");
  }

  @Test
  void withRetryableCodes_neverRetryableCode_refusedNamingIt() {
    for (Status.Code code : RetryingClientInterceptor.NEVER_RETRYABLE) {
      assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withRetryableCodes(code))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("codes must not hold " + code + ": another attempt gets the same answer");
    }
  }

  @Test
  void withRetryableCodes_emptyOrNull_refused() {
    assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withRetryableCodes())
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("codes must not be empty");
    assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withRetryableCodes((Status.Code) null))
        .isInstanceOf(NullPointerException.class).hasMessage("codes[i]");
  }

  @Test
  void setters_badValues_refusedNamingTheParameter() {
    assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withBufferLimit(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("bufferLimit must be >= 0: -1");
    assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withMaxServerDelay(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxServerDelay must be >= 0: PT-0.001S");
    assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withScheduler(null))
        .isInstanceOf(NullPointerException.class).hasMessage("scheduler");
    assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withTicker(null))
        .isInstanceOf(NullPointerException.class).hasMessage("ticker");
    assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withRandom(null))
        .isInstanceOf(NullPointerException.class).hasMessage("random");
    assertThatThrownBy(() -> RetryingClientInterceptor.builder(policy).withMaxServerDelay(null))
        .isInstanceOf(NullPointerException.class).hasMessage("maxServerDelay");
  }

  @Test
  void setters_calledTwice_refused() {
    RetryingClientInterceptorBuilder b = RetryingClientInterceptor.builder(policy).withBufferLimit(10)
        .withRetryableCodes(Status.Code.UNAVAILABLE);

    assertThatThrownBy(() -> b.withBufferLimit(20)).isInstanceOf(IllegalStateException.class)
        .hasMessage("bufferLimit was already set");
    assertThatThrownBy(() -> b.withRetryableCodes(Status.Code.ABORTED)).isInstanceOf(IllegalStateException.class)
        .hasMessage("retryableCodes was already set");
  }

  @Test
  void build_copies_laterSettersDoNotChangeBuiltInterceptor() {
    RetryingClientInterceptorBuilder b = RetryingClientInterceptor.builder(policy);
    RetryingClientInterceptor first = b.build();
    b.withRetryableCodes(Status.Code.ABORTED);

    assertThat(first.retryableCodes()).doesNotContain(Status.Code.ABORTED);
    assertThat(b.build().retryableCodes()).containsExactly(Status.Code.ABORTED);
  }

  @Test
  void applyTo_null_throws() {
    assertThatThrownBy(() -> RetryingClientInterceptor.of(policy).applyTo(null))
        .isInstanceOf(NullPointerException.class).hasMessage("builder");
  }
}
