/**
 * Backoff for Spring Boot: named policies and budgets from {@code backoff.*} properties
 * ({@link io.github.backoff.spring.boot.BackoffProperties}), the {@link io.github.backoff.spring.boot.Retriers} bean, the
 * {@link io.github.backoff.spring.boot.Retry @Retry} annotation, a failure analyzer for bad values at start-up and the
 * {@code /actuator/retries} endpoint, and Micrometer metrics for every named policy when Micrometer and
 * backoff-micrometer are present ({@link io.github.backoff.spring.boot.BackoffMetricsAutoConfiguration}).
 *
 * <pre>{@code
 * @Retry(value = "payments", fallback = "queued")
 * Receipt pay(Order order) throws IOException { ... }
 * }</pre>
 *
 * <p>Everything here is immutable and thread-safe after start-up, except the properties JavaBean, which Spring binds
 * once.
 */
package io.github.backoff.spring.boot;
