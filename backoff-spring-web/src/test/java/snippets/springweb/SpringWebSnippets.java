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
import io.github.backoff.RetryException;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import java.util.Optional;
// end::stop[]
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

  static Optional<RetryException> stop(RestClient client, URI uri) {
    // tag::stop[]
    Optional<RetryException> stop = client.get().uri(uri)
        .exchange((request, response) -> RetryingRequestInterceptor.stopOf(request));
    stop.ifPresent(e -> System.out.println("gave up: " + e.reason() + " after " + e.attempts() + " attempts"));
    // end::stop[]
    return stop;
  }


  // tag::retryable-before[]
  @Retryable(maxRetries = 3, delay = 100, multiplier = 2)
  public String inventory() {
    return restClient.get().uri("/inventory").retrieve().body(String.class);
  }
  // end::retryable-before[]

  private static final RestClient restClient = RestClient.create();
}
