package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/** A mistyped key under {@code backoff.} stops the start-up, named as written, with the closest key and the list. */
@ExtendWith(OutputCaptureExtension.class)
class UnknownPropertyFailureAnalyzerTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class));

  private FailureAnalysis analysis(String... properties) {
    return StartupFailureTest.analysis(runner, new UnknownPropertyFailureAnalyzer(), properties);
  }

  @Test
  void policyKeyTypo_namesTheKeySuggestsTheClosestAndListsTheKeys() {
    FailureAnalysis a = analysis("backoff.policies.orders.max-atempts=3");

    assertThat(a.getDescription()).startsWith("Unknown property 'backoff.policies.orders.max-atempts' (value '3'");
    assertThat(a.getAction()).isEqualTo("Update your application's configuration:\n"
        + "Did you mean 'backoff.policies.orders.max-attempts'? The keys under 'backoff.policies.orders.' are "
        + "strategy, base, cap, multiplier, step, factor, jitter, truncate-after, max-attempts, max-elapsed, "
        + "attempt-timeout, retry-on, abort-on, budget.");
  }

  @Test
  void camelCaseTypo_isNamedAsWrittenAndSuggestedInKebabCase() {
    FailureAnalysis a = analysis("backoff.policies.orders.maxAtempts=3");

    assertThat(a.getDescription()).startsWith("Unknown property 'backoff.policies.orders.maxAtempts'");
    assertThat(a.getAction()).contains("Did you mean 'backoff.policies.orders.max-attempts'?");
  }

  @Test
  void budgetKeyTypo_suggestsABudgetKey() {
    FailureAnalysis a = analysis("backoff.budgets.api.type=token-bucket", "backoff.budgets.api.max-token=50");

    assertThat(a.getAction()).contains("Did you mean 'backoff.budgets.api.max-tokens'?")
        .contains("The keys under 'backoff.budgets.api.' are type, max-tokens, token-ratio, capacity,");
  }

  @Test
  void groupTypo_suggestsTheGroup() {
    FailureAnalysis a = analysis("backoff.polices.orders.max-attempts=3");

    assertThat(a.getDescription()).startsWith("Unknown property 'backoff.polices.orders.max-attempts'");
    assertThat(a.getAction()).contains("Did you mean 'backoff.policies.orders.max-attempts'?")
        .contains("The keys under 'backoff.' are policies, budgets, http, grpc.");
  }

  @Test
  void httpClientKeyTypo_suggestsPolicy() {
    FailureAnalysis a = analysis("backoff.policies.remote.strategy=none", "backoff.http.restclient.polcy=remote");

    assertThat(a.getDescription()).startsWith("Unknown property 'backoff.http.restclient.polcy'");
    assertThat(a.getAction()).contains("Did you mean 'backoff.http.restclient.policy'?")
        .contains("The keys under 'backoff.http.restclient.' are policy.");
  }

  @Test
  void grpcKeyTypo_suggestsTheKeyAndListsTheGrpcKeys() {
    FailureAnalysis a = analysis("backoff.grpc.retryable-code=UNAVAILABLE");

    assertThat(a.getDescription()).startsWith("Unknown property 'backoff.grpc.retryable-code'");
    assertThat(a.getAction()).contains("Did you mean 'backoff.grpc.retryable-codes'?")
        .contains("The keys under 'backoff.grpc.' are policy, methods, retryable-codes, max-server-delay, channels.");
  }

  @Test
  void httpOptionTypo_suggestsTheOptionAndListsTheHttpKeys() {
    FailureAnalysis a = analysis("backoff.http.max-retry-afer=5s");

    assertThat(a.getAction()).contains("Did you mean 'backoff.http.max-retry-after'?")
        .contains("The keys under 'backoff.http.' are restclient, resttemplate, webclient, retryable-statuses, "
            + "retryable-methods, max-retry-after, retry-after-millis-header, default-budget.");
  }

  @Test
  void keyFarFromEveryKey_listsTheKeysWithoutAGuess() {
    FailureAnalysis a = analysis("backoff.policies.orders.colour=blue");

    assertThat(a.getAction()).doesNotContain("Did you mean").contains("The keys under 'backoff.policies.orders.'");
  }

  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration(BackoffAutoConfiguration.class)
  static class App {}

  @Test
  void realStart_reportsTheTypoThroughSpringBootsFailureReport(CapturedOutput output) {
    SpringApplicationBuilder app = new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE)
        .properties("backoff.policies.orders.max-atempts=3", "spring.main.banner-mode=off");

    assertThatThrownBy(app::run).hasStackTraceContaining("max-atempts");
    assertThat(output.getOut() + output.getErr())
        .contains("Unknown property 'backoff.policies.orders.max-atempts'")
        .contains("Did you mean 'backoff.policies.orders.max-attempts'?")
        .contains("are strategy, base, cap,")
        .doesNotContain("were left unbound");
  }

  @Test
  @SuppressWarnings("deprecation") // Spring 6 has no other API that lists factory names without instantiating them
  void analyzer_isRegisteredInSpringFactories() {
    assertThat(org.springframework.core.io.support.SpringFactoriesLoader.loadFactoryNames(
        org.springframework.boot.diagnostics.FailureAnalyzer.class, getClass().getClassLoader()))
        .contains(UnknownPropertyFailureAnalyzer.class.getName());
  }
}
