package snippets.springweb;

// tag::restclient[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import org.springframework.web.client.RestClient;
// end::restclient[]
// tag::resttemplate[]
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import org.springframework.web.client.RestTemplate;
// end::resttemplate[]
// tag::stop[]
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import java.util.Optional;
import org.springframework.http.client.ClientHttpResponse;
// end::stop[]
// tag::webclient-outcome[]
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.spring.web.RetryingExchangeFilter;
import java.util.Optional;
import org.springframework.web.reactive.function.client.ClientResponse;
// end::webclient-outcome[]
// tag::webclient[]
import io.github.backoff.spring.web.RetryingExchangeFilter;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
// end::webclient[]
// tag::retryable-before[]
import org.springframework.resilience.annotation.Retryable;
// end::retryable-before[]
// tag::retrywhen-before[]
import java.time.Duration;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;
// end::retrywhen-before[]
import java.net.URI;
import org.springframework.http.client.ClientHttpResponse;

/** The code of docs/spring-web.md, compiled by the build and checked against the page. */
final class SpringWebSnippets {
  private SpringWebSnippets() {}

  static RestClient restClient() {
    // tag::restclient[]
    RetryPolicy<Object> policy = RetryPolicy.builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0)
            .withCap(Duration.ofSeconds(5))
            .withFullJitter())
        .withMaxAttempts(4)
        .withMaxElapsed(Duration.ofSeconds(20))
        .withAttemptTimeout(Duration.ofSeconds(2))
        .retryOn(IOException.class)
        .build();

    RestClient client = RestClient.builder()
        .requestInterceptor(RetryingRequestInterceptor.of(policy))
        .build();
    // end::restclient[]
    return client;
  }

  static RestTemplate restTemplate(RetryPolicy<? super ClientHttpResponse> policy) {
    // tag::resttemplate[]
    RestTemplate template = new RestTemplate();
    template.getInterceptors().add(RetryingRequestInterceptor.of(policy));
    // end::resttemplate[]
    return template;
  }

  static Mono<String> webClient(RetryPolicy<Object> policy, URI uri) {
    // tag::webclient[]
    WebClient client = WebClient.builder()
        .filter(RetryingExchangeFilter.of(policy))
        .build();
    Mono<String> body = client.get().uri(uri).retrieve().bodyToMono(String.class);
    // end::webclient[]
    return body;
  }

  static Mono<String> retryWhenBefore(WebClient webClient) {
    // tag::retrywhen-before[]
    Mono<String> body = webClient.get().uri("/inventory").retrieve().bodyToMono(String.class)
        .retryWhen(Retry.backoff(3, Duration.ofMillis(100)));
    // end::retrywhen-before[]
    return body;
  }

  static Optional<HttpRetryOutcome<ClientHttpResponse>> stop(RestClient client, URI uri) {
    // tag::stop[]
    Optional<HttpRetryOutcome<ClientHttpResponse>> outcome = client.get().uri(uri)
        .exchange((request, response) -> RetryingRequestInterceptor.outcomeOf(request));
    outcome.ifPresent(o -> System.out.println(o.attempts() + " attempts in " + o.elapsed()
        + o.stopReason().map(reason -> ", retries stopped: " + reason).orElse("")));
    // end::stop[]
    return outcome;
  }

  static Optional<HttpRetryOutcome<ClientResponse>> webClientOutcome(WebClient webClient, URI uri) {
    // tag::webclient-outcome[]
    Optional<HttpRetryOutcome<ClientResponse>> outcome = webClient.get().uri(uri)
        .exchangeToMono(response -> response.releaseBody().thenReturn(RetryingExchangeFilter.outcomeOf(response)))
        .block();
    // end::webclient-outcome[]
    return outcome;
  }


  // tag::retryable-before[]
  @Retryable(maxRetries = 3, delay = 100, multiplier = 2)
  public String inventory() {
    return restClient.get().uri("/inventory").retrieve().body(String.class);
  }
  // end::retryable-before[]

  private static final RestClient restClient = RestClient.create();
}
