package io.github.backoff.sim.model;

import java.util.Arrays;

/**
 * What one run of the {@link OverloadModel} measured: totals for the run and, per time bucket (one time unit), the
 * counts behind the time series. Written by {@link OverloadModel#run} into a holder the caller reuses; the bucket
 * arrays are reused too, and only grow.
 *
 * <p>Not thread-safe: one holder per thread.
 *
 * <pre>{@code
 * OverloadOutcome outcome = new OverloadOutcome();
 * model.run(backoff, 4, null, arrivals, service, jitter, outcome);
 * double amplification = outcome.amplification();
 * }</pre>
 */
public final class OverloadOutcome {
  /** Number of per-bucket series. */
  static final int SERIES = 8;
  /** New requests (first attempts) per bucket. */
  public static final int REQUESTS = 0;
  /** Attempts sent per bucket (first attempts and retries). */
  public static final int ATTEMPTS = 1;
  /** Retries sent per bucket. */
  public static final int RETRIES = 2;
  /** Successful requests per bucket: goodput. */
  public static final int SUCCESSES = 3;
  /** Attempts that timed out per bucket. */
  public static final int TIMEOUTS = 4;
  /** Attempts rejected because the queue was full, per bucket. */
  public static final int REJECTED = 5;
  /** Requests given up per bucket (attempts exhausted or a retry denied by the budget). */
  public static final int LOST = 6;
  /** The time integral of the queue length over the bucket: its mean length times the bucket's width. */
  public static final int QUEUE_AREA = 7;

  int buckets;
  double[][] series = new double[SERIES][0];
  long requests;
  long attempts;
  long retries;
  long successes;
  long timeouts;
  long rejected;
  long lost;
  long budgetDenied;
  long wasted;
  int maxQueue;
  double recovery;
  long events;

  void reset(int buckets) {
    this.buckets = buckets;
    for (int s = 0; s < SERIES; s++) {
      if (series[s].length < buckets) {
        series[s] = new double[buckets];
      } else {
        Arrays.fill(series[s], 0, buckets, 0);
      }
    }
    requests = 0;
    attempts = 0;
    retries = 0;
    successes = 0;
    timeouts = 0;
    rejected = 0;
    lost = 0;
    budgetDenied = 0;
    wasted = 0;
    maxQueue = 0;
    recovery = Double.NaN;
    events = 0;
  }

  /** The number of time buckets (the horizon in time units, rounded up). */
  public int buckets() {
    return buckets;
  }

  /** The value of series {@code s} (such as {@link #SUCCESSES}) in bucket {@code b}. */
  public double value(int s, int b) {
    if (b < 0 || b >= buckets) {
      throw new IndexOutOfBoundsException("bucket " + b + " of " + buckets);
    }
    return series[s][b];
  }

  /** Requests that arrived before the horizon. */
  public long requests() {
    return requests;
  }

  /** Attempts sent before the horizon, first attempts included. */
  public long attempts() {
    return attempts;
  }

  /** Retries sent before the horizon. */
  public long retries() {
    return retries;
  }

  /** Requests that succeeded before the horizon. */
  public long successes() {
    return successes;
  }

  /** Attempts that timed out at the client. */
  public long timeouts() {
    return timeouts;
  }

  /** Attempts rejected at once because the server's queue was full. */
  public long rejected() {
    return rejected;
  }

  /** Requests given up: their last allowed attempt failed, or the budget denied their retry. */
  public long lost() {
    return lost;
  }

  /** Of {@link #lost()}, the requests given up because the budget denied a retry. */
  public long budgetDenied() {
    return budgetDenied;
  }

  /** Services the server completed for attempts their client had already given up on: wasted work. */
  public long wasted() {
    return wasted;
  }

  /** The longest the queue got (waiting requests, not counting the one in service). */
  public int maxQueue() {
    return maxQueue;
  }

  /** Attempts ÷ requests: 1 when nothing is retried. */
  public double amplification() {
    return requests == 0 ? Double.NaN : attempts / (double) requests;
  }

  /**
   * Time units from the end of the outage to the start of the first {@link OverloadModel#RECOVERY_WINDOW}
   * consecutive buckets whose goodput each reach {@link OverloadModel#RECOVERY_FRACTION} of the arrival rate;
   * {@code NaN} if that does not happen before the horizon.
   */
  public double recovery() {
    return recovery;
  }

  /** Whether the run {@linkplain #recovery() recovered} before the horizon. */
  public boolean recovered() {
    return !Double.isNaN(recovery);
  }

  /** Engine events the run processed. */
  public long events() {
    return events;
  }
}
