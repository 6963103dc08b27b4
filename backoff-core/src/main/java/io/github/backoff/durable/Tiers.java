package io.github.backoff.durable;

import io.github.backoff.internal.Checks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A schedule reduced to at most K distinct delays ("tiers"), for engines that need a finite set of delays fixed at
 * start-up: Kafka retry topics (named after their delays), queues with a few delay levels. Made by
 * {@link DurableSchedule#tiers(int)}.
 *
 * <p>How: each retry's nominal wait is the midpoint of the strategy's range for that retry (the mean of a uniform
 * jitter), clamped to the schedule's maximum delay; the retries are those that start before the horizon and within
 * the attempt limit. The distinct nominal waits are grouped into at most K runs of consecutive values so that the
 * largest relative error is smallest (a greedy cover, optimal for intervals, under a bisection on the error); a run
 * {@code [a, b]} is represented by {@code 2ab/(a+b)} rounded to whole milliseconds (engines count in milliseconds),
 * whose relative error is {@code (b-a)/(a+b)} before rounding. {@link #maxRelativeError()} states the error actually
 * made: {@code max |tier - nominal| / nominal} over the retries (a zero nominal wait counts as error 0 if its tier is
 * zero, else 1).
 *
 * <pre>{@code
 * Tiers tiers = schedule.tiers(4);
 * tiers.delays();             // the wait before each retry, in order: one of tiers.tiers()
 * tiers.maxRelativeError();   // e.g. 0.2: no wait is off by more than 20 %
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param tiers the distinct delays, ascending (at most K)
 * @param delays the wait before each retry, in order: retry {@code r} waits {@code delays.get(r - 1)}
 * @param nominal each retry's nominal wait, before quantization
 * @param maxRelativeError the largest relative error over the retries (0 when every nominal wait is a tier)
 */
public record Tiers(List<Duration> tiers, List<Duration> delays, List<Duration> nominal, double maxRelativeError) {
  private static final long MILLI = 1_000_000L;

  /**
   * Copies the lists.
   *
   * @throws NullPointerException if a list is null
   */
  public Tiers {
    tiers = List.copyOf(tiers);
    delays = List.copyOf(delays);
    nominal = List.copyOf(nominal);
  }

  /** The number of retries: {@code delays().size()}. */
  public int retries() {
    return delays.size();
  }

  /**
   * Quantizes {@code nominalNanos} (the wait before each retry) into at most {@code maxTiers} delays.
   *
   * @throws IllegalArgumentException if {@code maxTiers < 1}, {@code nominalNanos} is empty or has a negative value
   */
  public static Tiers quantize(long[] nominalNanos, int maxTiers) {
    Checks.atLeast(maxTiers, 1, "maxTiers");
    Checks.requireParameter(nominalNanos.length > 0, "nominal", nominalNanos.length, "no retries to quantize");
    for (long v : nominalNanos) {
      Checks.requireParameter(v >= 0, "nominal", v, "nominal waits must not be negative: %d", v);
    }
    long[] values = Arrays.stream(nominalNanos).sorted().distinct().toArray();
    long[] groupStarts = cover(values, maxTiers);
    long[] repOfValue = new long[values.length];
    List<Long> reps = new ArrayList<>();
    for (int g = 0; g < groupStarts.length; g++) {
      int from = (int) groupStarts[g];
      int to = g + 1 < groupStarts.length ? (int) groupStarts[g + 1] : values.length;
      long rep = representative(values[from], values[to - 1]);
      reps.add(rep);
      Arrays.fill(repOfValue, from, to, rep);
    }
    double error = 0;
    List<Duration> delays = new ArrayList<>(nominalNanos.length);
    List<Duration> nominal = new ArrayList<>(nominalNanos.length);
    for (long v : nominalNanos) {
      long q = repOfValue[Arrays.binarySearch(values, v)];
      error = Math.max(error, relativeError(q, v));
      delays.add(Duration.ofNanos(q));
      nominal.add(Duration.ofNanos(v));
    }
    List<Duration> tiers = reps.stream().distinct().sorted().map(Duration::ofNanos).collect(Collectors.toList());
    return new Tiers(tiers, delays, nominal, error);
  }

  /** The start index of each run of the best cover of {@code values} (ascending, distinct) by at most k runs. */
  private static long[] cover(long[] values, int k) {
    if (values.length <= k) {
      long[] starts = new long[values.length];
      Arrays.setAll(starts, i -> i);
      return starts;
    }
    double lo = 0;
    double hi = 1; // one run of everything has error (max-min)/(max+min) <= 1
    for (int i = 0; i < 60; i++) {
      double mid = (lo + hi) / 2;
      if (greedy(values, mid).length <= k) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return greedy(values, hi);
  }

  private static long[] greedy(long[] values, double eps) {
    List<Integer> starts = new ArrayList<>();
    int i = 0;
    while (i < values.length) {
      starts.add(i);
      int j = i;
      while (j + 1 < values.length && spread(values[i], values[j + 1]) <= eps) {
        j++;
      }
      i = j + 1;
    }
    return starts.stream().mapToLong(Integer::longValue).toArray();
  }

  /** {@code (b-a)/(a+b)}: the relative error of the best single value for {@code [a, b]}. */
  private static double spread(long a, long b) {
    return a == b ? 0 : ((double) b - a) / ((double) b + a);
  }

  private static long representative(long a, long b) {
    double q = a == b ? a : 2.0 * a * b / ((double) a + b);
    if (q >= Long.MAX_VALUE - MILLI) {
      return Long.MAX_VALUE / MILLI * MILLI;
    }
    return Math.round(q / MILLI) * MILLI;
  }

  private static double relativeError(long q, long v) {
    if (v == 0) {
      return q == 0 ? 0 : 1;
    }
    return Math.abs((double) q - v) / v;
  }
}
