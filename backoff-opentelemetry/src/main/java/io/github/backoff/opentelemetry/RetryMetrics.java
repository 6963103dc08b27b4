package io.github.backoff.opentelemetry;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.metrics.CallOutcome;
import io.github.backoff.metrics.RetryMetricNames;
import io.github.backoff.metrics.RetryMetricsListener;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import java.util.List;

/**
 * The metrics listener of {@link BackoffTelemetry#metrics}: instruments and attribute sets are made once, so an
 * event only adds to instruments. Names, descriptions, attribute keys and outcomes are core's
 * ({@link RetryMetricNames}, {@link CallOutcome}); the units and bucket advice are OpenTelemetry's. Thread-safe.
 */
final class RetryMetrics implements RetryMetricsListener {
  static final AttributeKey<String> NAME = AttributeKey.stringKey(RetryMetricNames.TAG_NAME);
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey(RetryMetricNames.TAG_OUTCOME);
  static final AttributeKey<String> REASON = AttributeKey.stringKey(RetryMetricNames.TAG_REASON);

  private final String name;
  private final Attributes nameOnly;
  /** By {@link CallOutcome#index()}. */
  private final Attributes[] outcomes = new Attributes[CallOutcome.all().size()];
  private final LongCounter calls;
  private final LongHistogram attempts;
  private final DoubleHistogram retryDelay;
  private final LongCounter budgetDenied;

  RetryMetrics(Meter meter, String name, RetryBudget budget) {
    this.name = name;
    nameOnly = Attributes.of(NAME, name);
    for (CallOutcome outcome : CallOutcome.all()) {
      outcomes[outcome.index()] = Attributes.of(NAME, name, OUTCOME, outcome.outcome(), REASON, outcome.reason());
    }
    calls = meter.counterBuilder(RetryMetricNames.CALLS).setUnit("{call}")
        .setDescription(RetryMetricNames.CALLS_DESCRIPTION).build();
    attempts = meter.histogramBuilder(RetryMetricNames.ATTEMPTS).ofLongs().setUnit("{attempt}")
        .setDescription(RetryMetricNames.ATTEMPTS_DESCRIPTION)
        .setExplicitBucketBoundariesAdvice(List.of(1L, 2L, 3L, 4L, 5L, 7L, 10L)).build();
    retryDelay = meter.histogramBuilder(RetryMetricNames.RETRY_DELAY).setUnit("s")
        .setDescription(RetryMetricNames.RETRY_DELAY_DESCRIPTION)
        .setExplicitBucketBoundariesAdvice(List.of(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0))
        .build();
    if (budget != null) {
      Attributes attributes = nameOnly;
      meter.gaugeBuilder(RetryMetricNames.BUDGET_AVAILABLE)
          .setDescription(RetryMetricNames.BUDGET_AVAILABLE_DESCRIPTION)
          .buildWithCallback(gauge -> {
            double level = budget.available();
            if (!Double.isNaN(level)) {   // a custom budget that does not say is left out, not reported as NaN
              gauge.record(level, attributes);
            }
          });
      budgetDenied = meter.counterBuilder(RetryMetricNames.BUDGET_DENIED).setUnit("{retry}")
          .setDescription(RetryMetricNames.BUDGET_DENIED_DESCRIPTION).build();
    } else {
      budgetDenied = null;
    }
  }

  @Override
  public void callFinished(CallOutcome outcome, int attemptCount) {
    calls.add(1, outcomes[outcome.index()]);
    attempts.record(attemptCount, nameOnly);
    if (outcome.isBudgetDenied() && budgetDenied != null) {
      budgetDenied.add(1, nameOnly);
    }
  }

  @Override
  public void retryScheduled(long delayNanos) {
    retryDelay.record(delayNanos / 1e9, nameOnly);
  }

  @Override
  public String toString() {
    return "BackoffTelemetry.metrics(" + name + ")";
  }
}
