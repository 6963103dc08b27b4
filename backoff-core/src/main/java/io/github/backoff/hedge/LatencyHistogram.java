package io.github.backoff.hedge;

import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A small lock-free histogram of recent latencies, for an adaptive hedging delay ("hedge after the 95th percentile
 * of recent latencies"): log-linear buckets (16 per power of two, so a percentile is within 6.25 % of the true
 * value), counts in an {@link AtomicLongArray}, and a decay that halves every count once per half
 * {@code window}, so the histogram follows load changes: a latency recorded one window ago weighs a quarter.
 *
 * <pre>{@code
 * LatencyHistogram latencies = LatencyHistogram.create(Duration.ofSeconds(10), Ticker.SYSTEM);
 * latencies.record(elapsedNanos);
 * long p95 = latencies.percentile(95.0);   // nanoseconds, or -1 while empty
 * }</pre>
 *
 * <p>Thread-safe, lock-free and allocation-free. {@link #record} is a few atomic operations; {@link #percentile}
 * scans the buckets (about 600), so callers on a hot path cache it, as {@link Hedger} does. Latencies are
 * clamped to {@code [0, 2^40 ns]} (about 18 minutes). Under concurrent use the counts are a consistent-enough
 * snapshot: a record racing with a decay may be halved or not.
 */
public final class LatencyHistogram {
  static final int SUB_BITS = 4;
  private static final int SUB = 1 << SUB_BITS;
  private static final int MAX_EXPONENT = 40;
  static final long MAX_VALUE = 1L << MAX_EXPONENT;
  static final int BUCKETS = (MAX_EXPONENT - SUB_BITS + 2) * SUB;

  private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
  private final AtomicLong total = new AtomicLong();
  private final AtomicLong nextDecay;
  private final long halfWindowNanos;
  private final Ticker ticker;

  private LatencyHistogram(long windowNanos, Ticker ticker) {
    this.halfWindowNanos = Math.max(1, windowNanos / 2);
    this.ticker = ticker;
    this.nextDecay = new AtomicLong(ticker.read() + halfWindowNanos);
  }

  /**
   * An empty histogram whose counts halve every half {@code window}, by {@code ticker}.
   *
   * @throws IllegalArgumentException if {@code window} is not positive
   * @throws NullPointerException if an argument is null
   */
  public static LatencyHistogram create(Duration window, Ticker ticker) {
    long nanos = Checks.positiveNanos(window, "window");
    return new LatencyHistogram(nanos, Checks.requireNonNull(ticker, "ticker"));
  }

  /** Records one latency, in nanoseconds (negative values count as 0). */
  public void record(long nanos) {
    decayIfDue();
    counts.incrementAndGet(index(nanos));
    total.incrementAndGet();
  }

  /** The (decayed) number of latencies the histogram holds now. */
  public long count() {
    decayIfDue();
    return total.get();
  }

  /**
   * The latency below which {@code percentile} % of the recorded latencies lie, in nanoseconds: the upper edge of
   * the bucket holding that rank, so never below the true value and at most 6.25 % above it.
   *
   * @return the percentile, or {@code -1} while the histogram is empty
   * @throws IllegalArgumentException if {@code percentile} is not in {@code (0, 100]}
   */
  public long percentile(double percentile) {
    Checks.requireArgument(percentile > 0 && percentile <= 100, "percentile must be in (0, 100]: %s", percentile);
    decayIfDue();
    long n = 0;
    for (int i = 0; i < BUCKETS; i++) {
      n += counts.get(i);
    }
    if (n == 0) {
      return -1;
    }
    long rank = Math.max(1, (long) Math.ceil(n * percentile / 100.0));
    long seen = 0;
    for (int i = 0; i < BUCKETS; i++) {
      seen += counts.get(i);
      if (seen >= rank) {
        return upperEdge(i);
      }
    }
    return upperEdge(BUCKETS - 1); // counts changed under us; the top is a safe answer
  }

  /** The bucket of {@code nanos}: linear below {@code 2^SUB_BITS}, then {@code SUB} buckets per power of two. */
  static int index(long nanos) {
    long v = Math.min(Math.max(0, nanos), MAX_VALUE);
    if (v < SUB) {
      return (int) v;
    }
    int exponent = 63 - Long.numberOfLeadingZeros(v);
    int mantissa = (int) ((v >>> (exponent - SUB_BITS)) & (SUB - 1));
    return (exponent - SUB_BITS + 1) * SUB + mantissa;
  }

  /** The largest value whose bucket is {@code index}. */
  static long upperEdge(int index) {
    if (index < SUB) {
      return index;
    }
    int exponent = index / SUB + SUB_BITS - 1;
    long mantissa = index % SUB;
    long lower = (1L << exponent) + (mantissa << (exponent - SUB_BITS));
    return lower + (1L << (exponent - SUB_BITS)) - 1;
  }

  private void decayIfDue() {
    long due = nextDecay.get();
    long now = ticker.read();
    if (now - due < 0) {
      return;
    }
    // One caller wins the slot and halves every count once per half window passed (after 64 halvings nothing is
    // left anyway), and moves the next decay past now in one step, however long the histogram was idle.
    long passed = (now - due) / halfWindowNanos + 1;
    long slots = Math.min(64, passed);
    if (!nextDecay.compareAndSet(due, due + passed * halfWindowNanos)) {
      return;
    }
    int shift = (int) slots;
    long removed = 0;
    for (int i = 0; i < BUCKETS; i++) {
      long before;
      long after;
      do {
        before = counts.get(i);
        after = shift >= 63 ? 0 : before >>> shift;
      } while (before != after && !counts.compareAndSet(i, before, after));
      removed += before - after;
    }
    total.addAndGet(-removed);
  }

  @Override
  public String toString() {
    return "LatencyHistogram(window=" + Durations.format(halfWindowNanos * 2) + ", count=" + total.get() + ")";
  }
}
