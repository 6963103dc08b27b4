/**
 * Backoff for Spring's web clients: {@link io.github.backoff.spring.web.RetryingRequestInterceptor} retries
 * {@code RestClient} and {@code RestTemplate} calls under a {@code RetryPolicy} with HTTP's rules.
 */
module io.github.backoff.spring.web {
  requires transitive io.github.backoff;
  requires transitive spring.web;
  requires spring.core;

  exports io.github.backoff.spring.web;
}
