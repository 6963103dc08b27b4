package io.github.backoff.sim.overload;

import java.util.Arrays;

/**
 * What one run of the {@link OverloadEngine} measured: totals for the run and, per time bucket (one time unit), the
 * counts behind the time series. Written by {@link OverloadEngine#run} into a holder the caller reuses; the bucket
 * arrays are reused too, and only grow.
 *
 * <p>Not thread-safe: one holder per thread.
 *
 * <pre>{@code
 * OverloadRunTally outcome = new OverloadRunTally();
 * model.run(backoff, 4, null, arrivals, service, jitter, outcome);
 * double amplification = outcome.amplification();
 * }</pre>
 */
public final class OverloadRunTally {
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
  long throttled;
  /** Sum of the rate limiter's waits, in time units. */
  double limiterWait;
  long limiterWaits;
  long limiterGaveUp;
  double limiterWaitMax;
  long hintTooLong;
  /** Successful requests' latencies (arrival to success), in bins of {@link OverloadEngine#LATENCY_BIN}. */
  int[] latencyBins = new int[0];
  int latencyBinCount;
  double latencySum;
  long latencyCount;
  double latencyP50;
  double latencyP99;

  /** Clears every measurement for a run of {@code buckets} time buckets and {@code bins} latency bins. */
  void reset(int buckets, int bins) {
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
    if (latencyBins.length < bins) {
      latencyBins = new int[bins];
    } else {
      Arrays.fill(latencyBins, 0, bins, 0);
    }
    latencyBinCount = bins;
    latencySum = 0;
    latencyCount = 0;
    latencyP50 = Double.NaN;
    latencyP99 = Double.NaN;
    throttled = 0;
    limiterWait = 0;
    limiterWaits = 0;
    limiterGaveUp = 0;
    limiterWaitMax = 0;
    hintTooLong = 0;
  }

  void latency(double latency, double bin) {
    latencySum += latency;
    latencyCount++;
    latencyBins[(int) Math.min(latencyBinCount - 1, latency / bin)]++;
  }

  /** Computes the percentiles: the upper edge of the bin that holds the nearest-rank quantile. */
  void finishLatency(double bin) {
    latencyP50 = quantile(latencyBins, latencyBinCount, latencyCount, 0.5, bin);
    latencyP99 = quantile(latencyBins, latencyBinCount, latencyCount, 0.99, bin);
  }

  /**
   * The model's latency quantile: the upper edge of the bin that holds the nearest-rank quantile {@code q} of
   * {@code count} latencies counted in the first {@code binCount} {@code bins}, each {@code bin} time units wide (a
   * rank past them: the last bin's upper edge). Public so that a real run (backoff-testbed) is measured by the same
   * rule.
   *
   * @return the quantile in time units, or NaN if {@code count} is 0
   */
  public static double quantile(int[] bins, int binCount, long count, double q, double bin) {
    if (count == 0) {
      return Double.NaN;
    }
    long rank = Math.max(1, (long) Math.ceil(q * count));
    long seen = 0;
    for (int b = 0; b < binCount; b++) {
      seen += bins[b];
      if (seen >= rank) {
        return (b + 1) * bin;
      }
    }
    return binCount * bin;
  }

  /**
   * The model's recovery rule ({@link #recovery()}): time units from {@code outageEnd} to the start of the first
   * {@link OverloadEngine#RECOVERY_WINDOW} consecutive whole buckets (of the first {@code buckets} of
   * {@code goodput}, one per time unit, up to {@code horizon}) whose goodput each reach
   * {@link OverloadEngine#RECOVERY_FRACTION} of {@code rate}. Public so that a real run (backoff-testbed) is judged by
   * the same rule.
   *
   * @return the recovery time, or NaN if it does not happen before the horizon
   */
  public static double recovery(double[] goodput, int buckets, double horizon, double outageEnd, double rate) {
    double needed = OverloadEngine.RECOVERY_FRACTION * rate;
    int first = (int) Math.ceil(outageEnd);
    int run = 0;
    for (int b = first; b < buckets; b++) {
      double width = Math.min(1.0, horizon - b);
      if (width < 1.0) {
        break; // a partial last bucket cannot be judged against λ
      }
      run = goodput[b] >= needed ? run + 1 : 0;
      if (run == OverloadEngine.RECOVERY_WINDOW) {
        return b - OverloadEngine.RECOVERY_WINDOW + 1 - outageEnd;
      }
    }
    return Double.NaN;
  }

  /** Attempts the throttling server rejected at once as throttled (0 with the queueing server). */
  public long throttled() {
    return throttled;
  }

  /** The rate limiter's waits added up over all requests and attempts, in time units (0 without a limiter). */
  public double limiterWait() {
    return limiterWait;
  }

  /** How many attempts had to wait for the rate limiter. */
  public long limiterWaits() {
    return limiterWaits;
  }

  /**
   * Requests given up because the rate limiter's next token was due later than the client's timeout (counted in
   * {@link #lost()} too).
   */
  public long limiterGaveUp() {
    return limiterGaveUp;
  }

  /**
   * Requests given up because a throttled reply's hint asked for a longer wait than the client follows
   * ({@link RetryAfterHint#TOO_LONG}; counted in {@link #lost()} too).
   */
  public long hintTooLong() {
    return hintTooLong;
  }

  /** The longest single wait for the rate limiter, in time units. */
  public double limiterWaitMax() {
    return limiterWaitMax;
  }

  /** The mean latency of the successful requests, from arrival to success, in time units; NaN if none. */
  public double latencyMean() {
    return latencyCount == 0 ? Double.NaN : latencySum / latencyCount;
  }

  /** The median latency of the successful requests, to {@link OverloadEngine#LATENCY_BIN}; NaN if none. */
  public double latencyP50() {
    return latencyP50;
  }

  /** The 99th percentile latency of the successful requests, to {@link OverloadEngine#LATENCY_BIN}; NaN if none. */
  public double latencyP99() {
    return latencyP99;
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
   * Time units from the end of the outage to the start of the first {@link OverloadEngine#RECOVERY_WINDOW}
   * consecutive buckets whose goodput each reach {@link OverloadEngine#RECOVERY_FRACTION} of the arrival rate;
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
