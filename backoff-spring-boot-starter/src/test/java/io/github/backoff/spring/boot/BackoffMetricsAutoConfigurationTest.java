package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.StopReason;
import io.github.backoff.micrometer.BackoffMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/** Metrics wired automatically: a real {@link SimpleMeterRegistry}, calls through the Retriers bean and @Retry. */
class BackoffMetricsAutoConfigurationTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class, BackoffMetricsAutoConfiguration.class))
      .withPropertyValues(
          "backoff.policies.inventory.strategy=none",
          "backoff.policies.inventory.max-attempts=2",
          "backoff.policies.payments.strategy=none",
          "backoff.policies.payments.max-attempts=3",
          "backoff.budgets.api.type=retry-quota",
          "backoff.budgets.api.capacity=10",
          "backoff.policies.payments.budget=api");

  @Configuration(proxyBeanMethods = false)
  static class Registry {
    @Bean
    SimpleMeterRegistry registry() {
      return new SimpleMeterRegistry();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Annotated {
    @Bean
    Payments payments() {
      return new Payments();
    }
  }

  /** Fails the calls {@link #failNext} asks to fail. Read through methods: the bean is a class-based proxy. */
  static class Payments {
    private final AtomicInteger calls = new AtomicInteger();
    private volatile int failures;

    public int calls() {
      return calls.get();
    }

    public void failNext(int n) {
      failures = calls.get() + n;
    }

    @Retry("payments")
    public String pay() throws IOException {
      if (calls.incrementAndGet() <= failures) {
        throw new IOException("call " + calls.get());
      }
      return "paid";
    }
  }

  @Test
  void meterRegistryBean_everyNamedPolicyCountsItsCallsByOutcome() {
    runner.withUserConfiguration(Registry.class).run(context -> {
      MeterRegistry registry = context.getBean(MeterRegistry.class);
      Retriers retriers = context.getBean(Retriers.class);
      Retrier<String> inventory = retriers.get("inventory");
      AtomicInteger calls = new AtomicInteger();

      inventory.call(() -> "in stock");                                      // success
      inventory.call(() -> "in stock");                                      // success
      inventory.call(() -> calls.incrementAndGet() == 1 ? fail() : "in stock"); // success after a retry
      assertThatThrownBy(() -> inventory.call(() -> fail())).isInstanceOfSatisfying(RetryException.class,
          e -> assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));

      assertThat(calls(registry, "inventory", "success", "none")).isEqualTo(2.0);
      assertThat(calls(registry, "inventory", "success_after_retry", "none")).isEqualTo(1.0);
      assertThat(calls(registry, "inventory", "gave_up", "attempts_exhausted")).isEqualTo(1.0);
      assertThat(registry.get(BackoffMetrics.ATTEMPTS).tag("name", "inventory").summary().totalAmount())
          .isEqualTo(1 + 1 + 2 + 2);
      // The other policy has its meters too (created at start-up), its budget's level among them.
      assertThat(calls(registry, "payments", "success", "none")).isZero();
      assertThat(registry.get(BackoffMetrics.BUDGET_AVAILABLE).tag("name", "payments").gauge().value())
          .isEqualTo(10.0);
      assertThat(registry.find(BackoffMetrics.BUDGET_AVAILABLE).tag("name", "inventory").gauge()).isNull();
    });
  }

  @Test
  void retryAnnotation_countedUnderThePolicysName() {
    runner.withUserConfiguration(Registry.class, Annotated.class).run(context -> {
      MeterRegistry registry = context.getBean(MeterRegistry.class);
      Payments payments = context.getBean(Payments.class);

      assertThat(payments.pay()).isEqualTo("paid");
      payments.failNext(2);
      assertThat(payments.pay()).isEqualTo("paid");

      assertThat(payments.calls()).isEqualTo(4);
      assertThat(calls(registry, "payments", "success", "none")).isEqualTo(1.0);
      assertThat(calls(registry, "payments", "success_after_retry", "none")).isEqualTo(1.0);
      assertThat(registry.get(BackoffMetrics.ATTEMPTS).tag("name", "payments").summary().count()).isEqualTo(2);
    });
  }

  @Test
  void meterRegistryBean_customizerRunsLastAndNamesTheRegistry() {
    runner.withUserConfiguration(Registry.class).run(context -> {
      BackoffMetricsCustomizer customizer = context.getBean(BackoffMetricsCustomizer.class);

      assertThat(customizer.getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE);
      assertThat(customizer).hasToString("BackoffMetricsCustomizer["
          + context.getBean(MeterRegistry.class).getClass().getSimpleName() + "]");
    });
  }

  @Test
  void noMeterRegistryBean_noCustomizer() {
    runner.run(context -> {
      assertThat(context).hasSingleBean(Retriers.class);
      assertThat(context).doesNotHaveBean(BackoffMetricsCustomizer.class);
    });
  }

  @Test
  void backoffMicrometerNotOnTheClassPath_noCustomizer() {
    runner.withUserConfiguration(Registry.class).withClassLoader(new FilteredClassLoader(BackoffMetrics.class))
        .run(context -> {
          assertThat(context).hasSingleBean(Retriers.class);
          assertThat(context).doesNotHaveBean(BackoffMetricsCustomizer.class);
        });
  }

  @Test
  void micrometerNotOnTheClassPath_noCustomizer() {
    runner.withClassLoader(new FilteredClassLoader("io.micrometer.core")).run(context -> {
      assertThat(context).hasNotFailed();
      assertThat(context).doesNotHaveBean(BackoffMetricsCustomizer.class);
    });
  }

  @Test
  void applicationsOwnCustomizer_replacesTheStarters() {
    SimpleMeterRegistry own = new SimpleMeterRegistry();
    runner.withUserConfiguration(Registry.class)
        .withBean("myMetrics", BackoffMetricsCustomizer.class, () -> new BackoffMetricsCustomizer(own))
        .run(context -> {
          assertThat(context).getBeans(BackoffMetricsCustomizer.class).containsOnlyKeys("myMetrics");
          context.getBean(Retriers.class).get("inventory").call(() -> "in stock");

          assertThat(calls(own, "inventory", "success", "none")).isEqualTo(1.0);
          assertThat(context.getBean(MeterRegistry.class).find(BackoffMetrics.CALLS).counters()).isEmpty();
        });
  }

  private static String fail() throws IOException {
    throw new IOException("down");
  }

  private static double calls(MeterRegistry registry, String name, String outcome, String reason) {
    Counter counter = registry.get(BackoffMetrics.CALLS).tag("name", name).tag("outcome", outcome)
        .tag("reason", reason).counter();
    return counter.count();
  }
}
