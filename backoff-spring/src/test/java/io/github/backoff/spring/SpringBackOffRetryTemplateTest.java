package io.github.backoff.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryTemplate;

/** The adapter in Spring Framework's own retry loop, {@code RetryTemplate} (zero waits: nothing sleeps). */
class SpringBackOffRetryTemplateTest {

  @Test
  void execute_alwaysFailing_stopsAtTheBackOffsRetryLimit() {
    RetryTemplate template = new RetryTemplate(org.springframework.core.retry.RetryPolicy.builder()
        .backOff(SpringBackOff.of(Backoff.none(), 3))
        .build());
    AtomicInteger attempts = new AtomicInteger();

    assertThatThrownBy(() -> template.execute(() -> {
          attempts.incrementAndGet();
          throw new IOException("down");
        }))
        .isInstanceOf(RetryException.class);
    assertThat(attempts).hasValue(4);
  }

  @Test
  void execute_failingTwice_returnsTheThirdAttemptsResult() throws RetryException {
    RetryTemplate template = new RetryTemplate(org.springframework.core.retry.RetryPolicy.builder()
        .backOff(SpringBackOff.of(Backoff.none(), 5))
        .build());
    AtomicInteger attempts = new AtomicInteger();

    String result = template.execute(() -> {
      if (attempts.incrementAndGet() < 3) {
        throw new UncheckedIOException(new IOException("flaky"));
      }
      return "ok";
    });

    assertThat(result).isEqualTo("ok");
    assertThat(attempts).hasValue(3);
  }

  @Test
  void execute_fromABackoffPolicy_makesThePolicysAttempts() {
    RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.none()).withMaxAttempts(6).build();
    RetryTemplate template = new RetryTemplate(org.springframework.core.retry.RetryPolicy.builder()
        .backOff(SpringBackOff.of(policy))
        .build());
    AtomicInteger attempts = new AtomicInteger();

    assertThatThrownBy(() -> template.execute(() -> {
          attempts.incrementAndGet();
          throw new IllegalStateException("still down");
        }))
        .isInstanceOf(RetryException.class);
    assertThat(attempts).hasValue(6);
  }
}
