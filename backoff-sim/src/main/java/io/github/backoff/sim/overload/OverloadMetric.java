package io.github.backoff.sim.overload;

/**
 * The time series of the {@code overload} model: one value per one-second bucket, as a mean over the runs.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * double goodputAt90s = point.mean(OverloadMetric.GOODPUT, 90);
 * }</pre>
 */
public enum OverloadMetric {
  /** New requests per second (λ on average). */
  REQUESTS("requests_per_s"),
  /** Attempts per second, first attempts and retries: the offered load. */
  ATTEMPTS("attempts_per_s"),
  /** Retries per second. */
  RETRIES("retries_per_s"),
  /** Requests that succeeded per second: goodput. */
  GOODPUT("goodput_per_s"),
  /** Attempts that timed out per second. */
  TIMEOUTS("timeouts_per_s"),
  /** Attempts rejected because the queue was full, per second. */
  REJECTED("rejected_per_s"),
  /** Requests given up per second (attempts exhausted or a retry denied by the budget). */
  LOST("lost_per_s"),
  /** The mean number of requests waiting in the queue over the second. */
  QUEUE("queue_mean");

  private final String column;

  OverloadMetric(String column) {
    this.column = column;
  }

  /** The column name in {@code timeseries.csv}. */
  public String column() {
    return column;
  }
}
