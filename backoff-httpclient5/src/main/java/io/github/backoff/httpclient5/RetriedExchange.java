package io.github.backoff.httpclient5;

import io.github.backoff.StandaloneExecution;

/**
 * The state of one exchange between its attempts, kept in the exchange's {@code HttpContext}: HttpClient's retry
 * SPI passes only the attempt count, so what the core needs between attempts (the attempts so far, the previous
 * delay, the start, the budget taken) travels here. Confined to the exchange: HttpClient runs its attempts one at
 * a time.
 */
final class RetriedExchange {
  final StandaloneExecution<Object> execution;
  /** The wait before the next attempt, decided by {@code retryRequest} and handed out by {@code getRetryInterval}. */
  long waitNanos;

  RetriedExchange(StandaloneExecution<Object> execution) {
    this.execution = execution;
  }
}
