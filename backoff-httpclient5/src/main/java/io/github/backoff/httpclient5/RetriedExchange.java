package io.github.backoff.httpclient5;

import io.github.backoff.StandaloneExecution;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import java.time.Duration;
import java.util.Optional;
import org.apache.hc.core5.http.HttpResponse;

/**
 * The state of one exchange between its attempts, kept in the exchange's {@code HttpContext}: HttpClient's retry
 * SPI passes only the attempt count, so what the core needs between attempts (the attempts so far, the previous
 * delay, the start, the budget taken) travels here. Confined to the exchange: HttpClient runs its attempts one at
 * a time.
 */
final class RetriedExchange {
  final StandaloneExecution<Object> execution;
  final boolean retryable;
  /** When the strategy first heard of the exchange (the end of its first attempt), by the options' ticker. */
  final long startNanos;
  /** HttpClient's id of the exchange ({@code HttpClientContext.EXCHANGE_ID}), or null if the context had none. */
  final Object exchangeId;
  /** The wait before the next attempt, decided by {@code retryRequest} and handed out by {@code getRetryInterval}. */
  long waitNanos;
  /** The response the exchange ended with, once it has. */
  HttpResponse response;
  int attempts;
  long elapsedNanos;
  StopReason stopReason;

  RetriedExchange(StandaloneExecution<Object> execution, boolean retryable, long startNanos, Object exchangeId) {
    this.execution = execution;
    this.retryable = retryable;
    this.startNanos = startNanos;
    this.exchangeId = exchangeId;
  }

  /** Records that the exchange ended with {@code response}, after {@code attempts}, for the outcome. */
  void ended(HttpResponse response, int attempts, long elapsedNanos, StopReason stopReason) {
    this.response = response;
    this.attempts = attempts;
    this.elapsedNanos = Math.max(0, elapsedNanos);
    this.stopReason = stopReason;
  }

  /** The outcome, built when asked for, so that an exchange nobody asks about allocates none. */
  Optional<HttpRetryOutcome<HttpResponse>> outcome() {
    return response == null ? Optional.empty() : Optional.of(HttpRetryOutcome.of(response, Math.max(1, attempts),
        Duration.ofNanos(elapsedNanos), Optional.ofNullable(stopReason)));
  }
}
