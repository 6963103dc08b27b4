/**
 * JMH benchmarks of Backoff against Failsafe and resilience4j, and the async scale program
 * ({@link io.github.backoff.bench.AsyncScale}). Run them from the shaded jar; see docs/benchmarks.md.
 */
package io.github.backoff.bench;
