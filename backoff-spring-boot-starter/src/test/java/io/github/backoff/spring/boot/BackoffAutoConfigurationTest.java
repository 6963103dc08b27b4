package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class BackoffAutoConfigurationTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class));

  @Test
  void retriers_namedPolicies_areBuiltFromTheProperties() {
    runner.withPropertyValues(
        "backoff.policies.fixed.strategy=constant",
        "backoff.policies.fixed.base=10ms",
        "backoff.policies.fixed.max-attempts=4",
        "backoff.policies.fixed.max-elapsed=2s",
        "backoff.policies.fixed.attempt-timeout=500ms",
        "backoff.policies.fixed.retry-on=java.io.IOException",
        "backoff.policies.fixed.abort-on=java.io.FileNotFoundException",
        "backoff.policies.drive.strategy=google-drive",
        "backoff.policies.plain.max-attempts=2",
        "backoff.policies.jittered.base=50ms",
        "backoff.policies.jittered.cap=1s")
        .run(context -> {
          Retriers retriers = context.getBean(Retriers.class);
          assertThat(retriers.names()).containsExactly("fixed", "drive", "plain", "jittered");
          assertThat(retriers.policy("fixed").backoff()).isEqualTo(Backoff.constant(Duration.ofMillis(10)));
          assertThat(retriers.policy("fixed").maxAttempts()).isEqualTo(4);
          assertThat(retriers.policy("fixed").maxElapsed()).contains(Duration.ofSeconds(2));
          assertThat(retriers.policy("fixed").attemptTimeout()).contains(Duration.ofMillis(500));
          assertThat(retriers.policy("fixed").isRetryable(new IOException())).isTrue();
          assertThat(retriers.policy("fixed").isRetryable(new java.io.FileNotFoundException())).isFalse();
          assertThat(retriers.policy("fixed").isRetryable(new IllegalStateException())).isFalse();
          assertThat(retriers.policy("drive").backoff())
              .isEqualTo(io.github.backoff.preset.Preset.googleDrive().backoff());
          assertThat(retriers.policy("plain").backoff())
              .isEqualTo(io.github.backoff.RetryPolicyBuilder.DEFAULT_BACKOFF);
          assertThat(retriers.policy("jittered").backoff()).isEqualTo(
              Backoff.exponential(Duration.ofMillis(50), 2.0).withCap(Duration.ofSeconds(1)).withFullJitter());
        });
  }

  @Test
  void budgets_retryQuota2026_isTheSdksQuotaWithItsThrottlingCost() {
    runner.withPropertyValues(
        "backoff.budgets.aws.type=retry-quota-2026",
        "backoff.budgets.aws.throttling-cost=3",
        "backoff.policies.a.budget=aws")
        .run(context -> {
          RetryBudget aws = context.getBean(Retriers.class).budgets().get("aws");
          assertThat(aws).hasToString("retryQuota(capacity=500, retryCost=14, timeoutCost=14, throttlingCost=3, "
              + "refund=last, available=500)");
        });
  }

  @Test
  void budgets_throttlingCostOnAnotherKind_isRefusedNamingTheKey() {
    runner.withPropertyValues(
        "backoff.budgets.api.type=retry-quota",
        "backoff.budgets.api.throttling-cost=3")
        .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
            .hasMessageContaining("backoff.budgets.api.throttling-cost"));
  }

  @Test
  void budgets_namedByTwoPolicies_areOneSharedInstance() {
    runner.withPropertyValues(
        "backoff.budgets.api.type=retry-quota",
        "backoff.budgets.api.capacity=10",
        "backoff.budgets.api.retry-cost=5",
        "backoff.budgets.slow.type=ratio",
        "backoff.budgets.slow.window=1s",
        "backoff.budgets.bucket.type=token-bucket",
        "backoff.policies.a.budget=api",
        "backoff.policies.b.budget=api")
        .run(context -> {
          Retriers retriers = context.getBean(Retriers.class);
          RetryBudget api = retriers.budgets().get("api");
          assertThat(retriers.policy("a").budget()).containsSame(api);
          assertThat(retriers.policy("b").budget()).containsSame(api);
          assertThat(api.available()).isEqualTo(10.0);
          assertThat(retriers.budgets()).containsOnlyKeys("api", "slow", "bucket");
          assertThat(retriers.budgets().get("bucket").available()).isEqualTo(100.0);
        });
  }

  @Test
  void retriers_get_unknownName_listsTheDefinedOnes() {
    runner.withPropertyValues("backoff.policies.a.max-attempts=2").run(context -> {
      Retriers retriers = context.getBean(Retriers.class);
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> retriers.get("b"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("no retry policy named 'b' (defined under backoff.policies: a)");
    });
  }

  @Test
  void retriers_countCallsRetriesAndGiveUpsByReason() {
    runner.withPropertyValues("backoff.policies.a.strategy=none", "backoff.policies.a.max-attempts=3")
        .run(context -> {
          Retriers retriers = context.getBean(Retriers.class);
          Retrier<String> retrier = retriers.get("a");
          AtomicInteger calls = new AtomicInteger();
          assertThat(retrier.call(() -> {
            if (calls.incrementAndGet() < 2) {
              throw new IOException();
            }
            return "ok";
          })).isEqualTo("ok");
          org.assertj.core.api.Assertions.assertThatThrownBy(() -> retrier.call(() -> {
            throw new IOException();
          })).isInstanceOf(RetryException.class);

          RetryStats stats = retriers.stats("a");
          assertThat(stats.calls()).isEqualTo(2);
          assertThat(stats.successes()).isEqualTo(1);
          assertThat(stats.retries()).isEqualTo(3);
          assertThat(stats.giveUps()).containsEntry(StopReason.ATTEMPTS_EXHAUSTED, 1L)
              .containsEntry(StopReason.BUDGET_DENIED, 0L);
        });
  }

  @Configuration(proxyBeanMethods = false)
  static class Customizers {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();
    static final List<RetryEvent<?>> EVENTS = new CopyOnWriteArrayList<>();

    @Bean
    BackoffPolicyCustomizer recordingCustomizer() {
      return (name, builder) -> {
        SEEN.add(name);
        builder.onEvent(EVENTS::add);
      };
    }
  }

  @Test
  void customizer_isAppliedToEveryPolicyBuilder() {
    Customizers.SEEN.clear();
    Customizers.EVENTS.clear();
    runner.withUserConfiguration(Customizers.class)
        .withPropertyValues("backoff.policies.a.strategy=none", "backoff.policies.b.strategy=none")
        .run(context -> {
          assertThat(Customizers.SEEN).containsExactly("a", "b");
          context.getBean(Retriers.class).<String>get("b").call(() -> "ok");
          assertThat(Customizers.EVENTS).singleElement()
              .isInstanceOf(io.github.backoff.event.Succeeded.class);
        });
  }

  @Configuration(proxyBeanMethods = false)
  static class AttemptsCustomizer {
    @Bean
    BackoffPolicyCustomizer fiveAttempts() {
      return (name, builder) -> builder.withMaxAttempts(5);
    }
  }

  @Test
  void customizer_settingAnOptionTheProperties_replacesThePropertysValue() {
    runner.withUserConfiguration(AttemptsCustomizer.class)
        .withPropertyValues("backoff.policies.a.strategy=none", "backoff.policies.a.max-attempts=2")
        .run(context -> assertThat(context.getBean(Retriers.class).get("a").policy().maxAttempts()).isEqualTo(5));
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnRetriers {
    @Bean
    Retriers myRetriers() {
      BackoffProperties p = new BackoffProperties();
      p.getPolicies().put("mine", new BackoffProperties.Policy());
      return Retriers.of(p, List.of(), getClass().getClassLoader());
    }
  }

  @Test
  void retriers_applicationsOwnBean_replacesTheStarters() {
    runner.withUserConfiguration(OwnRetriers.class).withPropertyValues("backoff.policies.a.strategy=none")
        .run(context -> assertThat(context.getBean(Retriers.class).names()).containsExactly("mine"));
  }

  @Test
  void noProperties_emptyRetriers() {
    runner.run(context -> assertThat(context.getBean(Retriers.class).names()).isEmpty());
  }
}
