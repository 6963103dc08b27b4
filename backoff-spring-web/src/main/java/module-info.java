/**
 * Backoff for Spring's web clients: {@link io.github.backoff.spring.web.RetryingRequestInterceptor} retries
 * {@code RestClient} and {@code RestTemplate} calls under a {@code RetryPolicy} with HTTP's rules;
 * {@link io.github.backoff.spring.web.RetryingExchangeFilter} does the same for {@code WebClient}, without holding a
 * thread while it waits.
 */
module io.github.backoff.spring.web {
  requires transitive io.github.backoff;
  requires transitive spring.web;
  requires spring.core;
  requires static spring.webflux;
  requires static reactor.core;
  requires static org.reactivestreams;

  exports io.github.backoff.spring.web;
}
