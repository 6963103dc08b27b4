/**
 * Events of retried executions: a sealed set of records ({@link io.github.backoff.event.AttemptFailed},
 * {@link io.github.backoff.event.RetryScheduled}, {@link io.github.backoff.event.Succeeded},
 * {@link io.github.backoff.event.GaveUp}) and the {@link io.github.backoff.event.RetryListener} that receives them.
 * A listener that throws is logged and ignored.
 */
package io.github.backoff.event;
