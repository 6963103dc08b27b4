package io.github.backoff.opentelemetry;

import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import java.util.List;

/**
 * The metrics listener of {@link BackoffTelemetry#metrics}: instruments and attribute sets are made once, so an
 * event only adds to instruments. Thread-safe.
 */
final class RetryMetrics implements RetryListener<Object> {
  static final AttributeKey<String> NAME = AttributeKey.stringKey("name");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("outcome");
  static final AttributeKey<String> REASON = AttributeKey.stringKey("reason");
  private static final StopReason[] REASONS = StopReason.values();

  private final String name;
  private final Attributes nameOnly;
  private final Attributes success;
  private final Attributes successAfterRetry;
  private final Attributes[] gaveUp = new Attributes[REASONS.length];
  private final LongCounter calls;
  private final LongHistogram attempts;
  private final DoubleHistogram retryDelay;
  private final LongCounter budgetDenied;

  RetryMetrics(Meter meter, String name, RetryBudget budget) {
    this.name = name;
    nameOnly = Attributes.of(NAME, name);
    success = Attributes.of(NAME, name, OUTCOME, "success", REASON, "none");
    successAfterRetry = Attributes.of(NAME, name, OUTCOME, "success_after_retry", REASON, "none");
    for (StopReason reason : REASONS) {
      gaveUp[reason.ordinal()] = Attributes.of(NAME, name, OUTCOME, "gave_up", REASON,
          BackoffTelemetry.attributeValue(reason));
    }
    calls = meter.counterBuilder("backoff.calls").setUnit("{call}")
        .setDescription("Finished retried calls by outcome, and the stop reason of those that gave up").build();
    attempts = meter.histogramBuilder("backoff.attempts").ofLongs().setUnit("{attempt}")
        .setDescription("Attempts per finished call, the first included")
        .setExplicitBucketBoundariesAdvice(List.of(1L, 2L, 3L, 4L, 5L, 7L, 10L)).build();
    retryDelay = meter.histogramBuilder("backoff.retry.delay").setUnit("s")
        .setDescription("Waits scheduled before retries, one per retry")
        .setExplicitBucketBoundariesAdvice(List.of(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0))
        .build();
    if (budget != null) {
      Attributes attributes = nameOnly;
      meter.gaugeBuilder("backoff.budget.available")
          .setDescription("The retry budget's level, in its own unit (tokens, units or retries)")
          .buildWithCallback(gauge -> {
            double level = budget.available();
            if (!Double.isNaN(level)) {   // a custom budget that does not say is left out, not reported as NaN
              gauge.record(level, attributes);
            }
          });
      budgetDenied = meter.counterBuilder("backoff.budget.denied").setUnit("{retry}")
          .setDescription("Retries the retry budget denied").build();
    } else {
      budgetDenied = null;
    }
  }

  @Override
  public void onEvent(RetryEvent<?> event) {
    if (event instanceof Succeeded) {
      int attempt = event.attempt();
      calls.add(1, attempt == 1 ? success : successAfterRetry);
      attempts.record(attempt, nameOnly);
    } else if (event instanceof RetryScheduled) {
      retryDelay.record(((RetryScheduled<?>) event).delay().toNanos() / 1e9, nameOnly);
    } else if (event instanceof GaveUp) {
      StopReason reason = ((GaveUp<?>) event).reason();
      calls.add(1, gaveUp[reason.ordinal()]);
      attempts.record(event.attempt(), nameOnly);
      if (reason == StopReason.BUDGET_DENIED && budgetDenied != null) {
        budgetDenied.add(1, nameOnly);
      }
    }
  }

  @Override
  public String toString() {
    return "BackoffTelemetry.metrics(" + name + ")";
  }
}
