package snippets.spring.readme;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.spring.boot.BackoffAutoConfiguration;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** Runs README.md's Spring Boot and Reactor block ({@link ReadmeSnippets}). */
class ReadmeSnippetsTest {
  @Test
  void retry_alwaysFailing_fallsBackToQueued() {
    AtomicInteger calls = new AtomicInteger();
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class))
        .withPropertyValues("backoff.policies.payments.strategy=none", "backoff.policies.payments.max-attempts=3")
        .withBean(PaymentClient.class, () -> order -> {
          calls.incrementAndGet();
          throw new IOException("down");
        })
        .withBean(Checkout.class)
        .run(context -> {
          assertThat(context.getBean(Checkout.class).pay(new Order("o-1"))).isEqualTo(new Receipt("o-1", true));
          assertThat(calls).hasValue(3);
        });
  }

  @Test
  void reactive_failsTwiceThenAnswers() {
    AtomicInteger calls = new AtomicInteger();
    ReadmeSnippets snippets = new ReadmeSnippets(() -> Mono.defer(() -> calls.incrementAndGet() <= 2
        ? Mono.error(new IOException("503")) : Mono.just("body")));
    RetryPolicy<Object> policy = RetryPolicy.builder().withMaxAttempts(3).build();

    StepVerifier.withVirtualTime(() -> snippets.reactive(policy)).thenAwait(Duration.ofSeconds(10))
        .expectNext("body").verifyComplete();
    assertThat(calls).hasValue(3);
  }
}
