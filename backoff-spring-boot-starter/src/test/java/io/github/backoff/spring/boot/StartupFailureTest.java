package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A bad value stops the start-up, and the failure analyzer names the key, the value and what is allowed. */
class StartupFailureTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class));

  private FailureAnalysis analysis(String... properties) {
    return analysis(runner, new BackoffFailureAnalyzer(), properties);
  }

  /** Starts a context with {@code properties}, which must fail, and returns {@code analyzer}'s report of it. */
  static FailureAnalysis analysis(ApplicationContextRunner runner, FailureAnalyzer analyzer, String... properties) {
    FailureAnalysis[] result = new FailureAnalysis[1];
    runner.withPropertyValues(properties).run(context -> {
      assertThat(context).hasFailed();
      result[0] = analyzer.analyze(context.getStartupFailure());
    });
    assertThat(result[0]).as("analysis").isNotNull();
    return result[0];
  }

  @Test
  void misspelledStrategy_suggestsTheClosestName() {
    FailureAnalysis a = analysis("backoff.policies.orders.strategy=full-jiter");

    assertThat(a.getDescription()).isEqualTo("Invalid value 'full-jiter' for property "
        + "'backoff.policies.orders.strategy'.\n\nReason: unknown strategy or preset; did you mean 'full-jitter'?");
  }

  @Test
  void bareNumberDuration_failsTheStartWithTheUnitForms() {
    FailureAnalysis a = analysis("backoff.policies.remote.max-elapsed=20");

    assertThat(a.getDescription()).isEqualTo("Invalid value '20' for property 'backoff.policies.remote.max-elapsed'."
        + "\n\nReason: \"20\" has no unit: write 20ms, 20s, 1m30s or PT20S");
    assertThat(a.getAction()).contains("must be a duration: " + io.github.backoff.DurationSpec.FORMS);
  }

  @Test
  void bareNumberHttpDuration_failsTheStartToo() {
    FailureAnalysis a = analysis("backoff.http.max-retry-after=20");

    assertThat(a.getDescription()).isEqualTo("Invalid value '20' for property 'backoff.http.max-retry-after'."
        + "\n\nReason: \"20\" has no unit: write 20ms, 20s, 1m30s or PT20S");
  }

  @Test
  void otherDurationProperties_keepSpringBootsReading() {
    runner.withConfiguration(AutoConfigurations.of(
            org.springframework.boot.autoconfigure.context.LifecycleAutoConfiguration.class))
        .withPropertyValues("backoff.policies.remote.max-elapsed=20s", "spring.lifecycle.timeout-per-shutdown-phase=20")
        .run(context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(org.springframework.boot.autoconfigure.context.LifecycleProperties.class)
              .getTimeoutPerShutdownPhase()).isEqualTo(java.time.Duration.ofMillis(20));
        });
  }

  @Test
  void unknownStrategy_namesTheKeyTheValueAndTheNames() {
    FailureAnalysis a = analysis("backoff.policies.orders.strategy=fast");

    assertThat(a.getDescription()).isEqualTo("Invalid value 'fast' for property 'backoff.policies.orders.strategy'.");
    assertThat(a.getAction()).startsWith("Update your application's configuration: property "
        + "'backoff.policies.orders.strategy' must be a strategy (one of none, constant, linear, exponential,")
        .contains("or a preset (one of google-http-client, google-drive,");
  }

  @Test
  void maxAttemptsZero_namesTheKey() {
    FailureAnalysis a = analysis("backoff.policies.orders.max-attempts=0");

    assertThat(a.getDescription()).startsWith("Invalid value '0' for property 'backoff.policies.orders.max-attempts'.")
        .contains("Reason: max-attempts must be >= 1: 0"); // the key as in application.properties
  }

  @Test
  void capBelowBase_namesTheCap() {
    FailureAnalysis a = analysis("backoff.policies.orders.base=1s", "backoff.policies.orders.cap=10ms");

    assertThat(a.getDescription()).startsWith("Invalid value '10ms' for property 'backoff.policies.orders.cap'.")
        .contains("cap must be >= base: 10 ms < 1 s");
  }

  @Test
  void parameterTheStrategyDoesNotTake_namesIt() {
    FailureAnalysis a = analysis("backoff.policies.orders.strategy=constant", "backoff.policies.orders.factor=0.5");

    assertThat(a.getDescription()).startsWith("Invalid value '0.5' for property 'backoff.policies.orders.factor'.")
        .contains("factor does not apply to strategy constant (it takes base)");
  }

  @Test
  void presetWithParameters_isRejected() {
    FailureAnalysis a = analysis("backoff.policies.orders.strategy=google-drive", "backoff.policies.orders.base=1s");

    assertThat(a.getDescription()).startsWith("Invalid value '1s' for property 'backoff.policies.orders.base'.");
    assertThat(a.getAction()).contains("preset google-drive is fixed");
  }

  @Test
  void unknownBudgetName_listsTheDefinedBudgets() {
    FailureAnalysis a = analysis("backoff.budgets.api.type=token-bucket", "backoff.policies.orders.budget=apj");

    assertThat(a.getDescription()).isEqualTo("Invalid value 'apj' for property 'backoff.policies.orders.budget'.");
    assertThat(a.getAction()).contains("one of api");
  }

  @Test
  void unknownBudgetType_listsTheTypes() {
    FailureAnalysis a = analysis("backoff.budgets.api.type=leaky-bucket");

    assertThat(a.getDescription()).isEqualTo("Invalid value 'leaky-bucket' for property 'backoff.budgets.api.type'.");
    assertThat(a.getAction()).endsWith("must be one of token-bucket, retry-quota, retry-quota-2026, ratio.");
  }

  @Test
  void budgetParameterOfAnotherType_isRejected() {
    FailureAnalysis a = analysis("backoff.budgets.api.type=token-bucket", "backoff.budgets.api.capacity=5");

    assertThat(a.getDescription()).isEqualTo("Invalid value '5' for property 'backoff.budgets.api.capacity'.");
    assertThat(a.getAction()).contains("a token-bucket budget takes only max-tokens, token-ratio");
  }

  @Test
  void budgetParameterOutOfRange_namesTheKey() {
    FailureAnalysis a = analysis("backoff.budgets.api.type=token-bucket", "backoff.budgets.api.max-tokens=5000");

    assertThat(a.getDescription()).startsWith("Invalid value '5000' for property 'backoff.budgets.api.max-tokens'.");
  }

  @Test
  void budgetCostAboveCapacity_namesTheCostKeyInTheUsersWords() {
    FailureAnalysis a = analysis("backoff.budgets.api.type=retry-quota", "backoff.budgets.api.capacity=5",
        "backoff.budgets.api.retry-cost=10");

    assertThat(a.getDescription()).isEqualTo("Invalid value '10' for property 'backoff.budgets.api.retry-cost'."
        + "\n\nReason: retry-cost must be <= capacity: 10 > 5");
  }

  @Test
  void budgetWindowTooShort_echoesTheValueAsWritten() {
    FailureAnalysis a = analysis("backoff.budgets.api.type=ratio", "backoff.budgets.api.window=5ms");

    assertThat(a.getDescription()).isEqualTo("Invalid value '5ms' for property 'backoff.budgets.api.window'."
        + "\n\nReason: window must be >= 10 ms: 5 ms");
  }

  @Test
  void budgetDefaults_comeFromCoresBudgetKinds() {
    runner.withPropertyValues("backoff.budgets.api.type=token-bucket", "backoff.budgets.q.type=retry-quota")
        .run(context -> {
          Retriers retriers = context.getBean(Retriers.class);
          assertThat(retriers.budgets().get("api").available()).isEqualTo(100.0);  // maxTokens 100
          assertThat(retriers.budgets().get("q").available()).isEqualTo(500.0);    // capacity 500
        });
  }

  @Test
  void retryOnUnknownClass_namesTheIndexedKey() {
    FailureAnalysis a = analysis("backoff.policies.orders.retry-on=java.io.IOException,com.example.Nope");

    assertThat(a.getDescription()).isEqualTo(
        "Invalid value 'com.example.Nope' for property 'backoff.policies.orders.retry-on[1]'.");
    assertThat(a.getAction()).contains("the fully qualified name of an exception class");
  }

  @Test
  void abortOnNotAThrowable_isRejected() {
    FailureAnalysis a = analysis("backoff.policies.orders.abort-on=java.lang.String");

    assertThat(a.getAction()).contains("an exception class (a subclass of java.lang.Throwable)");
  }

  @Test
  void valueOfTheWrongType_failsTheBindingNamingTheKey() {
    runner.withPropertyValues("backoff.policies.orders.base=soon")
        .run(context -> assertThat(context).hasFailed().getFailure()
            .hasStackTraceContaining("backoff.policies.orders.base"));
  }

  @Test
  void unknownKey_failsTheBinding() {
    runner.withPropertyValues("backoff.policies.orders.max-atempts=3")
        .run(context -> assertThat(context).hasFailed().getFailure()
            .hasStackTraceContaining("max-atempts"));
  }

  static class Orders {
    @Retry("ordrs")
    String place() {
      return "ok";
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OrdersConfig {
    @Bean
    Orders orders() {
      return new Orders();
    }
  }

  @Test
  void annotationNamingAnUnknownPolicy_failsAtStartUp() {
    runner.withUserConfiguration(OrdersConfig.class).withPropertyValues("backoff.policies.orders.strategy=none")
        .run(context -> {
          assertThat(context).hasFailed();
          FailureAnalysis a = new BackoffFailureAnalyzer().analyze(context.getStartupFailure());
          assertThat(a.getDescription()).isEqualTo("Invalid value 'ordrs' for @Retry on "
              + "io.github.backoff.spring.boot.StartupFailureTest$Orders.place.");
          assertThat(a.getAction()).contains("one of orders");
        });
  }

  static class NoFallback {
    @Retry(value = "orders", fallback = "missing")
    String place(String id) {
      return id;
    }

    String missing(String id) { // no exception parameter: not a fallback
      return id;
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class NoFallbackConfig {
    @Bean
    NoFallback noFallback() {
      return new NoFallback();
    }
  }

  @Test
  void fallbackThatDoesNotExist_failsAtStartUp() {
    runner.withUserConfiguration(NoFallbackConfig.class).withPropertyValues("backoff.policies.orders.strategy=none")
        .run(context -> {
          assertThat(context).hasFailed();
          FailureAnalysis a = new BackoffFailureAnalyzer().analyze(context.getStartupFailure());
          assertThat(a.getDescription()).startsWith("Invalid value 'missing' for @Retry on ");
          assertThat(a.getAction()).contains("a method missing(String, SomeException e)");
        });
  }

  @Test
  @SuppressWarnings("deprecation") // Spring 6 has no other API that lists factory names without instantiating them
  void analyzer_isRegisteredInSpringFactories() {
    assertThat(org.springframework.core.io.support.SpringFactoriesLoader.loadFactoryNames(
        org.springframework.boot.diagnostics.FailureAnalyzer.class, getClass().getClassLoader()))
        .contains(BackoffFailureAnalyzer.class.getName());
  }
}
