/**
 * Backoff strategies as Spring {@code BackOff}s: {@link io.github.backoff.spring.SpringBackOff}.
 *
 * <pre>{@code
 * BackOff backOff = SpringBackOff.of(Preset.byName("aws-sdk-2026"));
 * DefaultErrorHandler handler = new DefaultErrorHandler(backOff);   // Spring Kafka
 * }</pre>
 *
 * <p>Every type here is immutable and thread-safe; each {@code BackOffExecution} it starts belongs to one retry loop.
 */
package io.github.backoff.spring;
