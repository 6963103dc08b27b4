package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.StopReason;
import io.github.backoff.reactor.BackoffRetry;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** The core's scenarios through the annotation, in a context with the auto-configuration and a flaky bean. */
class RetryAnnotationTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class))
      .withUserConfiguration(Config.class)
      .withPropertyValues(
          "backoff.policies.quick.strategy=none",
          "backoff.policies.quick.max-attempts=3",
          "backoff.policies.aborting.strategy=none",
          "backoff.policies.aborting.abort-on=java.io.FileNotFoundException",
          "backoff.policies.slow.strategy=constant",
          "backoff.policies.slow.base=1h",
          "backoff.policies.slow.max-attempts=5",
          "backoff.budgets.tight.type=retry-quota",
          "backoff.budgets.tight.capacity=5",
          "backoff.budgets.tight.retry-cost=5",
          "backoff.budgets.tight.timeout-cost=5",
          "backoff.policies.budgeted.strategy=none",
          "backoff.policies.budgeted.max-attempts=2",
          "backoff.policies.budgeted.budget=tight");

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Configuration(proxyBeanMethods = false)
  static class Config {
    @Bean
    Flaky flaky() {
      return new Flaky();
    }

    @Bean
    ClassLevel classLevel() {
      return new ClassLevel();
    }
  }

  /** @Retry on the class: every public method is retried, the others are not. */
  @Retry("quick")
  static class ClassLevel {
    final AtomicInteger calls = new AtomicInteger();

    public AtomicInteger calls() {
      return calls;
    }

    public String publicMethod() throws IOException {
      if (calls.incrementAndGet() == 1) {
        throw new IOException();
      }
      return "ok";
    }

    String packageMethod() throws IOException {
      calls.incrementAndGet();
      throw new IOException();
    }
  }

  @Test
  void classLevelAnnotation_retriesPublicMethodsOnly() {
    runner.run(context -> {
      ClassLevel bean = context.getBean(ClassLevel.class);

      assertThat(bean.publicMethod()).isEqualTo("ok");
      assertThat(bean.calls()).hasValue(2);
      assertThatThrownBy(bean::packageMethod).isInstanceOf(IOException.class);
      assertThat(bean.calls()).hasValue(3);
    });
  }

  /** Fails its first {@code failures} calls with an IOException. */
  static class Flaky {
    final AtomicInteger calls = new AtomicInteger();
    volatile int failures;
    volatile CompletableFuture<String> inFlight;

    // Accessors, not fields: the test holds the CGLIB proxy, whose own fields are never set.
    public AtomicInteger calls() {
      return calls;
    }

    public void failures(int n) {
      failures = n;
    }

    public CompletableFuture<String> inFlight() {
      return inFlight;
    }

    private void maybeFail() throws IOException {
      if (calls.incrementAndGet() <= failures) {
        throw new IOException("call " + calls.get());
      }
    }

    @Retry("quick")
    public String value() throws IOException {
      maybeFail();
      return "ok";
    }

    @Retry("quick")
    public void run() throws IOException {
      maybeFail();
    }

    @Retry("quick")
    public CompletableFuture<String> async() {
      try {
        maybeFail();
        return CompletableFuture.completedFuture("ok");
      } catch (IOException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Retry("quick")
    public CompletionStage<String> asyncThrowing() throws IOException {
      maybeFail(); // throws instead of returning a failed stage: an attempt failure all the same
      return CompletableFuture.completedFuture("ok");
    }

    @Retry("slow")
    public CompletableFuture<String> slow() {
      calls.incrementAndGet();
      return failures > 0 ? CompletableFuture.failedFuture(new IOException()) : (inFlight = new CompletableFuture<>());
    }

    @Retry(value = "quick", fallback = "recover")
    public String withFallback(String id) throws IOException {
      maybeFail();
      return id;
    }

    String recover(String id, Exception e) {
      return "exception:" + id;
    }

    String recover(String id, IOException e) {
      return "io:" + id + ":" + e.getMessage();
    }

    @Retry(value = "aborting", fallback = "reason")
    public String aborting() throws IOException {
      calls.incrementAndGet();
      throw new FileNotFoundException();
    }

    private String reason(RetryException e) {
      return e.reason().name();
    }

    @Retry(value = "quick", fallback = "later")
    public CompletableFuture<String> asyncWithFallback() {
      calls.incrementAndGet();
      return CompletableFuture.failedFuture(new IOException());
    }

    CompletableFuture<String> later(IOException e) {
      return CompletableFuture.completedFuture("later");
    }

    @Retry("quick")
    public String interrupting() throws IOException {
      calls.incrementAndGet();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted I/O");
    }

    @Retry("budgeted")
    public String budgeted() throws IOException {
      calls.incrementAndGet();
      throw new IOException();
    }

    @Retry("quick")
    public Mono<String> mono() {
      return Mono.fromCallable(this::value0);
    }

    @Retry(value = "quick", fallback = "monoFallback")
    public Mono<String> monoFailing() {
      calls.incrementAndGet();
      return Mono.error(new IOException());
    }

    Mono<String> monoFallback(RetryException e) {
      return Mono.just(e.reason().name());
    }

    @Retry("quick")
    public Flux<Integer> flux() throws IOException {
      maybeFail(); // the method is invoked again for each attempt
      return Flux.just(1, 2);
    }

    private String value0() throws IOException {
      maybeFail();
      return "ok";
    }

    public String notAnnotated() throws IOException {
      maybeFail();
      return "ok";
    }
  }

  @Test
  void value_failsTwice_isRetriedAndReturns() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(2);
      assertThat(AopUtils.isAopProxy(flaky)).isTrue();

      assertThat(flaky.value()).isEqualTo("ok");
      assertThat(flaky.calls()).hasValue(3);
      assertThat(context.getBean(Retriers.class).stats("quick").retries()).isEqualTo(2);
    });
  }

  @Test
  void value_alwaysFails_throwsRetryExceptionWithTheLastFailure() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(100);

      assertThatThrownBy(flaky::value).isInstanceOfSatisfying(RetryException.class, e -> {
        assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
        assertThat(e.attempts()).isEqualTo(3);
        assertThat(e.getCause()).isInstanceOf(IOException.class).hasMessage("call 3");
      });
    });
  }

  @Test
  void voidMethod_isRetried() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(1);

      flaky.run();
      assertThat(flaky.calls()).hasValue(2);
    });
  }

  @Test
  void notAnnotated_isNotRetried() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(1);

      assertThatThrownBy(flaky::notAnnotated).isInstanceOf(IOException.class);
      assertThat(flaky.calls()).hasValue(1);
    });
  }

  @Test
  void completableFuture_isRetriedAsynchronously() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(2);

      assertThat(flaky.async().get(10, TimeUnit.SECONDS)).isEqualTo("ok");
      assertThat(flaky.calls()).hasValue(3);
    });
  }

  @Test
  void completionStage_attemptThatThrows_isRetried() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(2);

      assertThat(flaky.asyncThrowing().toCompletableFuture().get(10, TimeUnit.SECONDS)).isEqualTo("ok");
      assertThat(flaky.calls()).hasValue(3);
    });
  }

  @Test
  void completableFuture_cancelledDuringTheWait_startsNoFurtherAttempt() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(100);

      CompletableFuture<String> result = flaky.slow(); // first attempt failed; the retry waits an hour
      assertThat(result.cancel(true)).isTrue();

      assertThat(result).isCancelled();
      assertThat(flaky.calls()).hasValue(1);
    });
  }

  @Test
  void completableFuture_cancelled_cancelsTheAttemptInFlight() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);

      CompletableFuture<String> result = flaky.slow();
      result.cancel(true);

      assertThat(flaky.inFlight()).isCancelled();
    });
  }

  @Test
  void fallback_mostSpecificExceptionTypeWins() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(100);

      assertThat(flaky.withFallback("a")).isEqualTo("io:a:call 3");
    });
  }

  @Test
  void fallback_notNeededOnSuccess() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(1);

      assertThat(flaky.withFallback("a")).isEqualTo("a");
    });
  }

  @Test
  void fallback_takingRetryException_seesTheStopReason() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);

      assertThat(flaky.aborting()).isEqualTo("ABORTED");
      assertThat(flaky.calls()).hasValue(1);
    });
  }

  @Test
  void fallback_ofACompletableFuture_completesTheReturnedFuture() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);

      assertThat(flaky.asyncWithFallback().get(10, TimeUnit.SECONDS)).isEqualTo("later");
      assertThat(flaky.calls()).hasValue(3);
    });
  }

  @Test
  void interrupted_stopsAndKeepsTheInterruptFlag() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);

      assertThatThrownBy(flaky::interrupting).isInstanceOfSatisfying(RetryException.class,
          e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
      assertThat(Thread.interrupted()).isTrue();
      assertThat(flaky.calls()).hasValue(1);
    });
  }

  @Test
  void budget_sharedAcrossCalls_deniesTheRetryOnceSpent() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);

      assertThatThrownBy(flaky::budgeted).isInstanceOfSatisfying(RetryException.class,
          e -> assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));
      assertThatThrownBy(flaky::budgeted).isInstanceOfSatisfying(RetryException.class,
          e -> assertThat(e.reason()).isEqualTo(StopReason.BUDGET_DENIED));
      assertThat(flaky.calls()).hasValue(3);
      assertThat(context.getBean(Retriers.class).stats("budgeted").giveUps())
          .containsEntry(StopReason.BUDGET_DENIED, 1L);
    });
  }

  @Test
  void mono_isRetriedThroughBackoffReactor() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(2);

      StepVerifier.create(flaky.mono()).expectNext("ok").expectComplete().verify(Duration.ofSeconds(10));
      assertThat(flaky.calls()).hasValue(3);
      assertThat(context.getBean(Retriers.class).stats("quick").successes()).isEqualTo(1);
    });
  }

  @Test
  void mono_fallback_receivesTheRetryException() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);

      StepVerifier.create(flaky.monoFailing()).expectNext("ATTEMPTS_EXHAUSTED").expectComplete()
          .verify(Duration.ofSeconds(10));
      assertThat(flaky.calls()).hasValue(3);
    });
  }

  @Test
  void flux_methodInvokedAgainForEachAttempt() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(2);

      StepVerifier.create(flaky.flux()).expectNext(1, 2).expectComplete().verify(Duration.ofSeconds(10));
      assertThat(flaky.calls()).hasValue(3);
    });
  }

  @Test
  void withoutBackoffReactor_aMonoMethodFailsAtStartUp() {
    runner.withClassLoader(new FilteredClassLoader(BackoffRetry.class)).run(context -> {
      assertThat(context).hasFailed();
      assertThat(new BackoffFailureAnalyzer().analyze(context.getStartupFailure()).getAction())
          .contains("add io.github.backoff:backoff-reactor");
    });
  }

  @Test
  void cancellation_isNotAFailure() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      CompletableFuture<String> result = flaky.slow();
      result.cancel(true);
      assertThatThrownBy(result::get).isInstanceOf(CancellationException.class);
      assertThat(context.getBean(Retriers.class).stats("slow").calls()).isZero();
    });
  }

  @Test
  void executionException_carriesTheRetryException() {
    runner.run(context -> {
      Flaky flaky = context.getBean(Flaky.class);
      flaky.failures(100);
      assertThatThrownBy(() -> flaky.async().get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
          .cause().isInstanceOfSatisfying(RetryException.class,
              e -> assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));
    });
  }
}
