/**
 * Backoff core: strategies, jitter and presets, retry policies and their sync and async drivers, retry budgets,
 * hedging, adaptive rate limiting, and the HTTP rules and SPI every HTTP integration is glue on. No dependencies
 * beyond {@code java.base}; only the API packages are exported.
 */
module io.github.backoff {
  exports io.github.backoff;
  exports io.github.backoff.strategy;
  exports io.github.backoff.event;
  exports io.github.backoff.budget;
  exports io.github.backoff.preset;
  exports io.github.backoff.httprules;
  exports io.github.backoff.httprules.spi;
  exports io.github.backoff.ratelimit;
  exports io.github.backoff.hedge;
  exports io.github.backoff.metrics;
  exports io.github.backoff.durable;
}
