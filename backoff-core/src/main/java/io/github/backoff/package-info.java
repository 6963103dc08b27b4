/**
 * Retries with exponential backoff and jitter: {@link io.github.backoff.RetryPolicy} says what to retry and how
 * long to wait, {@link io.github.backoff.Retrier} runs calls under it, synchronously or asynchronously, and
 * {@link io.github.backoff.RetryException} says why it stopped.
 *
 * <pre>{@code
 * RetryPolicy<String> policy = RetryPolicy.<String>builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(5)).withFullJitter())
 *     .withMaxAttempts(5)
 *     .retryOn(IOException.class)
 *     .build();
 * String body = Retrier.of(policy).call(() -> fetch(url));
 * }</pre>
 */
package io.github.backoff;
