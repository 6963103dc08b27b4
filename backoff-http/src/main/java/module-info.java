/**
 * Backoff for the JDK's HTTP client: {@link io.github.backoff.http.RetryingHttpClient} retries
 * {@link java.net.http.HttpClient} requests under a {@link io.github.backoff.RetryPolicy}, following HTTP's rules;
 * {@link io.github.backoff.http.HedgingHttpClient} hedges them under a {@link io.github.backoff.hedge.HedgePolicy}.
 * Depends on the core only; only the API package is exported.
 */
module io.github.backoff.http {
  requires transitive java.net.http;
  requires transitive io.github.backoff;

  exports io.github.backoff.http;
}
