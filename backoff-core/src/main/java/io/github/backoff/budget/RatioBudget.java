package io.github.backoff.budget;

import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Finagle's retry budget over a sliding window; see {@link RetryBudget#ratio}. Requests and retries are counted
 * in ten slices of the window, each slot packing (slice number, count) in one long so that a slot is reset and
 * incremented by a single compare-and-set: lock-free and allocation-free.
 */
final class RatioBudget implements RetryBudget {
  private static final int SLICES = 10;

  private final double percent;
  private final long windowNanos;
  private final long sliceNanos;
  private final double reserve;
  private final Ticker ticker;
  private final long origin;
  private final AtomicLongArray requests = new AtomicLongArray(SLICES);
  private final AtomicLongArray retries = new AtomicLongArray(SLICES);

  RatioBudget(double percent, Duration window, int minRetriesPerSecond, Ticker ticker) {
    Checks.requireParameter(percent >= 0 && percent <= 10, "percent", percent, "percent must be in [0, 10]: %s", percent);
    Checks.requireNonNull(window, "window");
    Checks.requireParameter(window.compareTo(Duration.ofMillis(10)) >= 0, "window", window, "window must be >= 10 ms: %s",
        Durations.format(window));
    Checks.atLeast(minRetriesPerSecond, 0, "minRetriesPerSecond");
    this.percent = percent;
    this.windowNanos = Durations.toNanosSaturated(window);
    this.sliceNanos = windowNanos / SLICES;
    this.reserve = minRetriesPerSecond * (windowNanos / 1e9);
    this.ticker = Checks.requireNonNull(ticker, "ticker");
    this.origin = ticker.read();
  }

  private long slice() {
    return Math.max(0, ticker.read() - origin) / sliceNanos;
  }

  private static void increment(AtomicLongArray counts, long slice) {
    int index = (int) (slice % SLICES);
    long tag = (slice & 0xFFFF_FFFFL) << 32;
    long current;
    long next;
    do {
      current = counts.get(index);
      next = (current & 0xFFFF_FFFF_0000_0000L) == tag ? current + 1 : tag | 1;
    } while (!counts.compareAndSet(index, current, next));
  }

  private static long sum(AtomicLongArray counts, long slice) {
    return sumExcept(counts, slice, -1);
  }

  /** {@link #sum} without the slot at {@code except} (-1: none). */
  private static long sumExcept(AtomicLongArray counts, long slice, int except) {
    long total = 0;
    for (int i = 0; i < SLICES; i++) {
      if (i == except) {
        continue;
      }
      long value = counts.get(i);
      long age = ((slice & 0xFFFF_FFFFL) - (value >>> 32)) & 0xFFFF_FFFFL;
      if (age < SLICES) {
        total += value & 0xFFFF_FFFFL;
      }
    }
    return total;
  }

  @Override
  public void onRequest() {
    increment(requests, slice());
  }

  @Override
  public void onFailure() {}

  @Override
  public long tryAcquireRetry(Throwable failure) {
    // The check and the take are one compare-and-set on the current slice's count: two callers that both saw a
    // balance of 1 cannot both take it (jcstress: BudgetStress.RatioLastRetry). Retries are only ever added to
    // the current slice, so the other slices' sum cannot drop a concurrent take; requests only raise the balance.
    long slice = slice();
    int index = (int) (slice % SLICES);
    long tag = (slice & 0xFFFF_FFFFL) << 32;
    double allowed = reserve + percent * sum(requests, slice);
    for (;;) {
      long current = retries.get(index);
      long count = (current & 0xFFFF_FFFF_0000_0000L) == tag ? current & 0xFFFF_FFFFL : 0;
      if (allowed - (sumExcept(retries, slice, index) + count) < 1) {
        return -1;
      }
      if (retries.compareAndSet(index, current, tag | (count + 1))) {
        return 1;
      }
    }
  }

  /**
   * Forgets one retry of the current slice. The refund follows the acquisition at once, so the slice is nearly
   * always the one the retry was counted in; if time has just crossed into a new slice, the retry stays counted
   * (the budget errs on the side of fewer retries).
   */
  @Override
  public void refundRetry(long cost) {
    if (cost <= 0) {
      return;
    }
    long slice = slice();
    int index = (int) (slice % SLICES);
    long tag = (slice & 0xFFFF_FFFFL) << 32;
    long current;
    do {
      current = retries.get(index);
      if ((current & 0xFFFF_FFFF_0000_0000L) != tag || (current & 0xFFFF_FFFFL) == 0) {
        return;
      }
    } while (!retries.compareAndSet(index, current, current - 1));
  }

  @Override
  public void onSuccess(long acquired) {}

  /** The retries allowed now. */
  @Override
  public double available() {
    return balance();
  }

  double balance() {
    long slice = slice();
    return reserve + percent * sum(requests, slice) - sum(retries, slice);
  }

  @Override
  public String toString() {
    return "ratio(percent=" + percent + ", window=" + Durations.format(windowNanos) + ", reserve=" + reserve + ")";
  }
}
