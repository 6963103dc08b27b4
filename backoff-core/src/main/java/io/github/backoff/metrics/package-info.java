/**
 * The vocabulary of Backoff's retry metrics, shared by every metrics integration (backoff-micrometer,
 * backoff-opentelemetry, the Spring Boot starter's {@code /actuator/retries}) so that they cannot drift apart: the
 * meter names and descriptions ({@link io.github.backoff.metrics.RetryMetricNames}), the outcome of a finished call
 * with its tag values ({@link io.github.backoff.metrics.CallOutcome}), and the one translation of retry events into
 * "a call finished" and "a retry was scheduled" ({@link io.github.backoff.metrics.RetryMetricsListener}). No
 * dependencies: a backend adds only its meter types and units.
 */
package io.github.backoff.metrics;
