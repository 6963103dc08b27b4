/**
 * Micrometer metrics for Backoff's retries: {@link io.github.backoff.micrometer.BackoffMetrics} is a
 * {@code MeterBinder} and a {@code RetryListener} that publishes {@code backoff.calls} (by outcome and stop reason),
 * {@code backoff.attempts}, {@code backoff.retry.delay} and, for a policy with a retry budget,
 * {@code backoff.budget.available} and {@code backoff.budget.denied}, all tagged with the policy's name.
 *
 * <pre>{@code
 * RetryPolicy<String> policy = BackoffMetrics.bind(registry, "inventory", RetryPolicy.<String>builder().build());
 * }</pre>
 *
 * <p>Every type here is thread-safe. Depends on backoff-core and micrometer-core only.
 */
package io.github.backoff.micrometer;
