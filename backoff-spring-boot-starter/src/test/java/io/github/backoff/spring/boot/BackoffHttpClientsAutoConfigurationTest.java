package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.spring.web.RetryingExchangeFilter;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import io.github.backoff.testing.FaultServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.boot.restclient.autoconfigure.RestClientAutoConfiguration;
import org.springframework.boot.restclient.autoconfigure.RestTemplateAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.webclient.autoconfigure.WebClientAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The conditions and properties of {@link BackoffHttpClientsAutoConfiguration} with Spring Boot's own client
 * auto-configurations, without a server: which customizers exist, what they put on the builders Boot makes, the
 * options they carry, and the start-up failures. One real call goes to a loopback {@link FaultServer}.
 */
class BackoffHttpClientsAutoConfigurationTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class,
          BackoffHttpClientsAutoConfiguration.class, RestClientAutoConfiguration.class,
          RestTemplateAutoConfiguration.class, WebClientAutoConfiguration.class))
      .withPropertyValues(
          "backoff.policies.remote.strategy=none",
          "backoff.policies.remote.max-attempts=3",
          "backoff.policies.other.strategy=none");

  private static final String[] ALL_THREE = {
      "backoff.http.restclient.policy=remote",
      "backoff.http.resttemplate.policy=remote",
      "backoff.http.webclient.policy=remote"};

  private static List<ClientHttpRequestInterceptor> interceptors(RestClient.Builder builder) {
    List<ClientHttpRequestInterceptor> seen = new ArrayList<>();
    builder.requestInterceptors(seen::addAll);
    return seen;
  }

  private static List<ExchangeFilterFunction> filters(WebClient.Builder builder) {
    List<ExchangeFilterFunction> seen = new ArrayList<>();
    builder.filters(seen::addAll);
    return seen;
  }

  @Test
  void policiesSet_everyBuilderBootMakesGetsTheRetryFirst() {
    runner.withPropertyValues(ALL_THREE).run(context -> {
      assertThat(context).hasNotFailed();
      Retriers retriers = context.getBean(Retriers.class);
      RetryingRequestInterceptor restClient = context.getBean(BackoffRestClientCustomizer.class).interceptor();
      RetryingRequestInterceptor restTemplate = context.getBean(BackoffRestTemplateCustomizer.class).interceptor();
      RetryingExchangeFilter webClient = context.getBean(BackoffWebClientCustomizer.class).filter();

      // Each builder Boot makes (a prototype) gets the one interceptor, first, so every other runs per attempt.
      RestClient.Builder first = context.getBean(RestClient.Builder.class);
      RestClient.Builder second = context.getBean(RestClient.Builder.class);
      first.requestInterceptor((request, body, execution) -> execution.execute(request, body));
      assertThat(interceptors(first)).hasSize(2).first().isSameAs(restClient);
      assertThat(interceptors(second)).containsExactly(restClient);

      RestTemplate template = context.getBean(RestTemplateBuilder.class)
          .additionalInterceptors((request, body, execution) -> execution.execute(request, body)).build();
      assertThat(template.getInterceptors()).hasSize(2).first().isSameAs(restTemplate);

      WebClient.Builder webClientBuilder = context.getBean(WebClient.Builder.class);
      assertThat(filters(webClientBuilder)).containsExactly(webClient);

      // The named policy itself, with the starter's listeners, not a copy of its settings.
      assertThat(restClient.policy()).isSameAs(retriers.policy("remote"));
      assertThat(restTemplate.policy()).isSameAs(retriers.policy("remote"));
      assertThat(webClient.policy()).isSameAs(retriers.policy("remote"));
    });
  }

  @Test
  void customizers_nameTheirPolicyAndRunLast() {
    runner.withPropertyValues(ALL_THREE).run(context -> {
      BackoffRestClientCustomizer restClient = context.getBean(BackoffRestClientCustomizer.class);
      BackoffRestTemplateCustomizer restTemplate = context.getBean(BackoffRestTemplateCustomizer.class);
      BackoffWebClientCustomizer webClient = context.getBean(BackoffWebClientCustomizer.class);

      assertThat(restClient.policyName()).isEqualTo("remote");
      assertThat(restTemplate.policyName()).isEqualTo("remote");
      assertThat(webClient.policyName()).isEqualTo("remote");
      // Last among the customizers, so that an interceptor or filter another one adds still runs inside the retry.
      assertThat(restClient.getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE);
      assertThat(restTemplate.getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE);
      assertThat(webClient.getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE);
      assertThat(restClient).hasToString("BackoffRestClientCustomizer[remote]");
      assertThat(restTemplate).hasToString("BackoffRestTemplateCustomizer[remote]");
      assertThat(webClient).hasToString("BackoffWebClientCustomizer[remote]");
    });
  }

  @Test
  void noPolicyProperty_addsNothing() {
    runner.run(context -> {
      assertThat(context).hasNotFailed()
          .doesNotHaveBean(BackoffRestClientCustomizer.class)
          .doesNotHaveBean(BackoffRestTemplateCustomizer.class)
          .doesNotHaveBean(BackoffWebClientCustomizer.class);
      assertThat(interceptors(context.getBean(RestClient.Builder.class))).isEmpty();
      assertThat(filters(context.getBean(WebClient.Builder.class))).isEmpty();
    });
  }

  @Test
  void onePolicyProperty_onlyThatClientIsRetried() {
    runner.withPropertyValues("backoff.http.webclient.policy=other").run(context -> {
      assertThat(context).hasSingleBean(BackoffWebClientCustomizer.class)
          .doesNotHaveBean(BackoffRestClientCustomizer.class)
          .doesNotHaveBean(BackoffRestTemplateCustomizer.class);
      assertThat(context.getBean(BackoffWebClientCustomizer.class).policyName()).isEqualTo("other");
    });
  }

  @Test
  void withoutBackoffSpringWeb_addsNothingAndStarts() {
    runner.withPropertyValues(ALL_THREE)
        .withClassLoader(new FilteredClassLoader(RetryingRequestInterceptor.class))
        .run(context -> assertThat(context).hasNotFailed()
            .doesNotHaveBean(BackoffRestClientCustomizer.class)
            .doesNotHaveBean(BackoffRestTemplateCustomizer.class)
            .doesNotHaveBean(BackoffWebClientCustomizer.class));
  }

  @Test
  void withoutWebFlux_onlyTheBlockingClientsAreRetried() {
    runner.withPropertyValues(ALL_THREE)
        .withClassLoader(new FilteredClassLoader(WebClient.class))
        .run(context -> assertThat(context).hasNotFailed()
            .hasSingleBean(BackoffRestClientCustomizer.class)
            .hasSingleBean(BackoffRestTemplateCustomizer.class)
            .doesNotHaveBean(BackoffWebClientCustomizer.class));
  }

  @Test
  void withoutBootsRestClientModule_onlyWebClientIsRetried() {
    // Boot's own RestClient auto-configuration is gone with its module: only the starter's are left.
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class,
            BackoffHttpClientsAutoConfiguration.class))
        .withPropertyValues("backoff.policies.remote.strategy=none")
        .withPropertyValues(ALL_THREE)
        .withClassLoader(new FilteredClassLoader("org.springframework.boot.restclient"))
        .run(context -> assertThat(context).hasNotFailed()
            .doesNotHaveBean(BackoffRestClientCustomizer.class)
            .doesNotHaveBean(BackoffRestTemplateCustomizer.class)
            .hasSingleBean(BackoffWebClientCustomizer.class));
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnCustomizer {
    static final RetryingRequestInterceptor OWN = RetryingRequestInterceptor.of(
        io.github.backoff.RetryPolicy.builder().withMaxAttempts(2).build());

    @Bean
    BackoffRestClientCustomizer myRestClientCustomizer() {
      return new BackoffRestClientCustomizer("mine", OWN);
    }
  }

  @Test
  void applicationsOwnCustomizer_replacesTheStarters() {
    runner.withPropertyValues(ALL_THREE).withUserConfiguration(OwnCustomizer.class).run(context -> {
      assertThat(context).hasSingleBean(BackoffRestClientCustomizer.class);
      assertThat(interceptors(context.getBean(RestClient.Builder.class))).containsExactly(OwnCustomizer.OWN);
    });
  }

  @Test
  void httpOptions_areAppliedToEveryClient() {
    runner.withPropertyValues(ALL_THREE).withPropertyValues(
        "backoff.http.retryable-statuses=503,429",
        "backoff.http.retryable-methods=GET,POST",
        "backoff.http.max-retry-after=5s",
        "backoff.http.retry-after-millis-header=x-amz-retry-after",
        "backoff.http.default-budget=false").run(context -> {
          for (var options : List.of(context.getBean(BackoffRestClientCustomizer.class).interceptor().options(),
              context.getBean(BackoffRestTemplateCustomizer.class).interceptor().options(),
              context.getBean(BackoffWebClientCustomizer.class).filter().options())) {
            assertThat(options.retryableStatuses()).containsExactlyInAnyOrder(503, 429);
            assertThat(options.retryableMethods()).hasValueSatisfying(m -> assertThat(m)
                .containsExactlyInAnyOrder("GET", "POST"));
            assertThat(options.maxRetryAfter()).isEqualTo(Duration.ofSeconds(5));
            assertThat(options.retryAfterMillisHeader()).hasValue("x-amz-retry-after");
            assertThat(options.defaultBudget()).isFalse();
          }
          assertThat(context.getBean(BackoffRestClientCustomizer.class).interceptor().budget()).isEmpty();
        });
  }

  @Test
  void defaults_areTheCoresAndEachClientHasABudget() {
    runner.withPropertyValues(ALL_THREE).run(context -> {
      RetryingRequestInterceptor interceptor = context.getBean(BackoffRestClientCustomizer.class).interceptor();
      assertThat(interceptor.options().retryableStatuses()).containsExactlyInAnyOrder(429, 500, 502, 503, 504);
      assertThat(interceptor.options().maxRetryAfter()).isEqualTo(Duration.ofMinutes(1));
      Optional<RetryBudget> budget = interceptor.budget();
      assertThat(budget).isPresent();
    });
  }

  @Test
  void policyWithABudget_theClientUsesThatBudget() {
    runner.withPropertyValues("backoff.budgets.api.type=token-bucket", "backoff.policies.remote.budget=api",
        "backoff.http.restclient.policy=remote").run(context -> {
          RetryBudget api = context.getBean(Retriers.class).budgets().get("api");
          assertThat(context.getBean(BackoffRestClientCustomizer.class).interceptor().budget()).containsSame(api);
        });
  }

  private FailureAnalysis analysis(String... properties) {
    FailureAnalysis[] result = new FailureAnalysis[1];
    runner.withPropertyValues(properties).run(context -> {
      assertThat(context).hasFailed();
      result[0] = new BackoffFailureAnalyzer().analyze(context.getStartupFailure());
    });
    assertThat(result[0]).as("analysis").isNotNull();
    return result[0];
  }

  @Test
  void unknownPolicyName_failsNamingTheKeyAndThePolicies() {
    FailureAnalysis a = analysis("backoff.http.restclient.policy=remot");

    assertThat(a.getDescription()).isEqualTo("Invalid value 'remot' for property 'backoff.http.restclient.policy'.");
    assertThat(a.getAction()).isEqualTo("Update your application's configuration: property "
        + "'backoff.http.restclient.policy' must be the name of a policy defined under backoff.policies: one of "
        + "remote, other.");
  }

  @Test
  void unknownPolicyName_webClient_failsNamingItsKey() {
    FailureAnalysis a = analysis("backoff.http.webclient.policy=nope");

    assertThat(a.getDescription()).isEqualTo("Invalid value 'nope' for property 'backoff.http.webclient.policy'.");
  }

  @Test
  void noPolicyDefined_saysSo() {
    FailureAnalysis[] result = new FailureAnalysis[1];
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class,
            BackoffHttpClientsAutoConfiguration.class, RestClientAutoConfiguration.class))
        .withPropertyValues("backoff.http.restclient.policy=remote")
        .run(context -> result[0] = new BackoffFailureAnalyzer().analyze(context.getStartupFailure()));

    assertThat(result[0].getAction()).endsWith("must be the name of a policy defined under backoff.policies (none "
        + "is defined).");
  }

  @Test
  void statusOutOfRange_failsNamingTheKey() {
    FailureAnalysis a = analysis("backoff.http.restclient.policy=remote", "backoff.http.retryable-statuses=503,700");

    assertThat(a.getDescription())
        .startsWith("Invalid value '503,700' for property 'backoff.http.retryable-statuses'.")
        .contains("700");
  }

  @Test
  void badHintHeader_failsNamingTheKey() {
    FailureAnalysis a = analysis("backoff.http.webclient.policy=remote",
        "backoff.http.retry-after-millis-header=x amz");

    assertThat(a.getDescription())
        .startsWith("Invalid value 'x amz' for property 'backoff.http.retry-after-millis-header'.");
  }

  @Test
  void negativeMaxRetryAfter_failsNamingTheKey() {
    FailureAnalysis a = analysis("backoff.http.resttemplate.policy=remote", "backoff.http.max-retry-after=-1s");

    assertThat(a.getDescription()).isEqualTo("Invalid value '-1s' for property 'backoff.http.max-retry-after'."
        + "\n\nReason: \"-1s\" is negative: a duration must be >= 0"); // as written, in the one grammar's words
  }

  @Test
  void restClient_realCall_retriedUnderTheNamedPolicyAndCountedUnderItsName() {
    try (FaultServer server = FaultServer.start()) {
      runner.withPropertyValues(ALL_THREE).run(context -> {
        server.enqueueStatuses(503, 503);
        RestClient client = context.getBean(RestClient.Builder.class).build();

        String body = client.get().uri(server.uri("/items")).retrieve().body(String.class);

        assertThat(body).isEqualTo("ok");
        assertThat(server.requestCount()).isEqualTo(3);
        RetryStats stats = context.getBean(Retriers.class).stats("remote");
        assertThat(stats.calls()).isEqualTo(1);
        assertThat(stats.successes()).isEqualTo(1);
        assertThat(stats.retries()).isEqualTo(2);
      });
    }
  }
}
