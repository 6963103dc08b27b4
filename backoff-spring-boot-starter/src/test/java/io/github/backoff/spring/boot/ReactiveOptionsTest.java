package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.reactor.BackoffRetry;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * Every policy option reaches a Mono or Flux method, or stops the start-up; and the generic forms a caller writes
 * ({@code Retrier<String>}, {@code RetryPolicy<String>} with a {@code Mono<String>}) compile.
 */
class ReactiveOptionsTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class));

  static class Slow {
    private final AtomicInteger calls = new AtomicInteger();

    public int calls() { // through the proxy, to the target's count
      return calls.get();
    }

    @Retry("timed")
    public Mono<String> never() {
      calls.incrementAndGet();
      return Mono.never();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class SlowConfig {
    @Bean
    Slow slow() {
      return new Slow();
    }
  }

  @Test
  void monoMethod_attemptTimeout_isApplied() {
    runner.withUserConfiguration(SlowConfig.class).withPropertyValues("backoff.policies.timed.strategy=none",
        "backoff.policies.timed.max-attempts=2", "backoff.policies.timed.attempt-timeout=50ms").run(context -> {
          Slow slow = context.getBean(Slow.class);
          // Virtual time: the starter's waits and timeouts run on Schedulers.parallel(), which it replaces.
          StepVerifier.withVirtualTime(slow::never)
              .expectSubscription()
              .thenAwait(java.time.Duration.ofSeconds(1))
              .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(RetryException.class)
                  .hasCauseInstanceOf(AttemptTimeoutException.class))
              .verify(java.time.Duration.ofSeconds(10));
          assertThat(slow.calls()).isEqualTo(2);
        });
  }

  @Configuration(proxyBeanMethods = false)
  static class ResultConditionConfig {
    @Bean
    BackoffPolicyCustomizer retryOnEmpty() {
      return (name, builder) -> builder.retryIfResult(r -> "".equals(r));
    }

    @Bean
    Slow slow() {
      return new Slow();
    }
  }

  @Test
  void monoMethod_policyWithResultCondition_failsAtStartUpNamingTheProblem() {
    runner.withUserConfiguration(ResultConditionConfig.class)
        .withPropertyValues("backoff.policies.timed.strategy=none").run(context -> {
          assertThat(context).hasFailed();
          FailureAnalysis a = new BackoffFailureAnalyzer().analyze(context.getStartupFailure());
          assertThat(a.getDescription()).startsWith("Invalid value 'timed' for @Retry on ");
          assertThat(a.getAction()).contains("a policy that a Mono or Flux can follow")
              .contains("result condition (retryIfResult)");
        });
  }

  @Test
  void naturalGenericForms_compileAndWork() {
    runner.withPropertyValues("backoff.policies.orders.strategy=none").run(context -> {
      Retriers retriers = context.getBean(Retriers.class);

      Retrier<String> retrier = retriers.get("orders");
      Optional<Retrier<String>> found = retriers.find("orders");
      RetryPolicy<String> policy = retriers.policy("orders");
      Mono<String> mono = Mono.just("ok").retryWhen(BackoffRetry.of(policy));

      assertThat(retrier.call(() -> "a")).isEqualTo("a");
      assertThat(found).isPresent();
      assertThat(BackoffRetry.of(policy).apply(mono).block()).isEqualTo("ok");
      RetryPolicy<Object> stillObject = retriers.policy("orders");
      assertThat(stillObject).isSameAs(policy);
    });
  }
}
