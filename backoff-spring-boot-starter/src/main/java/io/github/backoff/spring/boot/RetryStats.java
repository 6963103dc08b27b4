package io.github.backoff.spring.boot;

import io.github.backoff.StopReason;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.metrics.CallOutcome;
import io.github.backoff.metrics.RetryMetricsListener;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what happened under one policy: finished calls, successes, retries and give-ups by
 * {@link StopReason}, classified as the meters of backoff-micrometer and backoff-opentelemetry classify them
 * (core's {@link CallOutcome}). The starter adds one to every policy it builds, for the {@code /actuator/retries} endpoint.
 *
 * <pre>{@code
 * RetryStats stats = retriers.stats("payments");
 * long gaveUpOnBudget = stats.giveUps().get(StopReason.BUDGET_DENIED);
 * }</pre>
 *
 * <p>Thread-safe and lock-free ({@link LongAdder}s); the readings are a snapshot, not an atomic set.
 */
public final class RetryStats implements RetryListener<Object> {
  private final LongAdder successes = new LongAdder();
  private final LongAdder retries = new LongAdder();
  private final EnumMap<StopReason, LongAdder> giveUps = new EnumMap<>(StopReason.class);
  /** Core's reading of the events; private, so that only events change the counts. */
  private final RetryMetricsListener counter = new RetryMetricsListener() {
    @Override
    public void callFinished(CallOutcome outcome, int attempts) {
      if (outcome.isSuccess()) {
        successes.increment();
      } else {
        giveUps.get(outcome.stopReason().orElseThrow()).increment();
      }
    }

    @Override
    public void retryScheduled(long delayNanos) {
      retries.increment();
    }
  };

  /** Zero counts. */
  public RetryStats() {
    for (StopReason reason : StopReason.values()) {
      giveUps.put(reason, new LongAdder());
    }
  }

  @Override
  public void onEvent(RetryEvent<?> event) {
    counter.onEvent(event);
  }

  /** Finished calls: successes plus give-ups. */
  public long calls() {
    long calls = successes.sum();
    for (LongAdder a : giveUps.values()) {
      calls += a.sum();
    }
    return calls;
  }

  /** Calls that succeeded, at any attempt. */
  public long successes() {
    return successes.sum();
  }

  /** Retries started (each wait scheduled). */
  public long retries() {
    return retries.sum();
  }

  /** Calls that gave up, by reason; every reason is present. */
  public Map<StopReason, Long> giveUps() {
    Map<StopReason, Long> snapshot = new EnumMap<>(StopReason.class);
    giveUps.forEach((reason, count) -> snapshot.put(reason, count.sum()));
    return snapshot;
  }
}
