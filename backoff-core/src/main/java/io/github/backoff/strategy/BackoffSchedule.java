package io.github.backoff.strategy;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * What a strategy does, retry by retry: the theoretical bounds, the empirical median and 90th percentile of
 * sampled waits, the worst-case cumulative wait, and the raw samples. This is the "explain" of a {@link Backoff},
 * behind {@code backoff schedule}.
 *
 * <p>The samples are {@code samples} independent sequences of {@code retries} waits each, drawn as a client
 * experiences them: within a sequence each wait is passed on as the previous wait of the next retry, so stateful
 * strategies (decorrelated jitter) are sampled faithfully. The same strategy, sizes and seeded random source give
 * the same schedule.
 *
 * <p>Percentiles use the nearest-rank method: the {@code p}-th percentile of {@code n} sorted samples is the one
 * at rank {@code ceil(p·n)}, so it is always a wait that was actually drawn.
 *
 * <p>Immutable and thread-safe once built; {@link #of} uses the random source from the calling thread only.
 *
 * <pre>{@code
 * BackoffSchedule schedule = BackoffSchedule.of(
 *     Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(20)).withFullJitter(),
 *     10, 1000, new SplittableRandom(42));
 * for (BackoffSchedule.Row row : schedule.rows()) {
 *   System.out.println(row.retry() + ": " + row.median() + " (max " + row.max() + ")");
 * }
 * }</pre>
 */
public final class BackoffSchedule {
  /** The largest {@code retries·samples} that {@link #of} accepts, to bound memory (8 bytes per sample). */
  public static final long MAX_TOTAL_SAMPLES = 20_000_000L;

  /**
   * The summary of one retry. All values are in nanoseconds; the {@link Duration} accessors convert.
   *
   * @param retry the retry number, from 1
   * @param minNanos the theoretical minimum, {@link Backoff#minDelayNanos}
   * @param maxNanos the theoretical maximum, {@link Backoff#maxDelayNanos}
   * @param medianNanos the empirical median of the samples
   * @param p90Nanos the empirical 90th percentile of the samples
   * @param worstCaseCumulativeNanos the sum of the theoretical maxima of retries 1 to {@code retry}, saturated:
   *     the longest a client can have waited in total when this retry starts
   */
  public record Row(int retry, long minNanos, long maxNanos, long medianNanos, long p90Nanos,
      long worstCaseCumulativeNanos) {

    /** {@link #minNanos} as a duration. */
    public Duration min() {
      return Duration.ofNanos(minNanos);
    }

    /** {@link #maxNanos} as a duration. */
    public Duration max() {
      return Duration.ofNanos(maxNanos);
    }

    /** {@link #medianNanos} as a duration. */
    public Duration median() {
      return Duration.ofNanos(medianNanos);
    }

    /** {@link #p90Nanos} as a duration. */
    public Duration p90() {
      return Duration.ofNanos(p90Nanos);
    }

    /** {@link #worstCaseCumulativeNanos} as a duration. */
    public Duration worstCaseCumulative() {
      return Duration.ofNanos(worstCaseCumulativeNanos);
    }
  }

  private final Backoff backoff;
  private final int retries;
  private final int samples;
  /** Sequence-major: the wait of retry r (from 1) in sequence s (from 0) is at {@code s·retries + r - 1}. */
  private final long[] waits;
  private final List<Row> rows;

  private BackoffSchedule(Backoff backoff, int retries, int samples, long[] waits, List<Row> rows) {
    this.backoff = backoff;
    this.retries = retries;
    this.samples = samples;
    this.waits = waits;
    this.rows = rows;
  }

  /**
   * Samples {@code backoff} and summarises it.
   *
   * @param backoff the strategy
   * @param retries the number of retries per sequence, from 1
   * @param samples the number of sequences, from 1
   * @param random the source of uniform draws; a seeded one makes the schedule reproducible
   * @throws IllegalArgumentException if {@code retries < 1}, {@code samples < 1} or their product exceeds
   *     {@link #MAX_TOTAL_SAMPLES}
   */
  public static BackoffSchedule of(Backoff backoff, int retries, int samples, RandomGenerator random) {
    Checks.requireNonNull(backoff, "backoff");
    Checks.requireNonNull(random, "random");
    Checks.atLeast(retries, 1, "retries");
    Checks.atLeast(samples, 1, "samples");
    Checks.requireArgument((long) retries * samples <= MAX_TOTAL_SAMPLES,
        "retries x samples must be <= %d: %d x %d", MAX_TOTAL_SAMPLES, retries, samples);
    long[] waits = new long[retries * samples];
    for (int s = 0, i = 0; s < samples; s++) {
      long previous = 0;
      for (int r = 1; r <= retries; r++, i++) {
        previous = backoff.delayNanos(r, previous, random);
        waits[i] = previous;
      }
    }
    List<Row> rows = new ArrayList<>(retries);
    long[] column = new long[samples];
    long cumulative = 0;
    for (int r = 1; r <= retries; r++) {
      for (int s = 0; s < samples; s++) {
        column[s] = waits[s * retries + r - 1];
      }
      Arrays.sort(column);
      long max = backoff.maxDelayNanos(r);
      cumulative = Durations.addSaturated(cumulative, max);
      rows.add(new Row(r, backoff.minDelayNanos(r), max, percentile(column, 0.5), percentile(column, 0.9),
          cumulative));
    }
    return new BackoffSchedule(backoff, retries, samples, waits, List.copyOf(rows));
  }

  /** Nearest rank: the sample at rank {@code ceil(p·n)} of the sorted {@code values}. */
  static long percentile(long[] sorted, double p) {
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  /** The strategy sampled. */
  public Backoff backoff() {
    return backoff;
  }

  /** The number of retries per sequence. */
  public int retries() {
    return retries;
  }

  /** The number of sampled sequences. */
  public int samples() {
    return samples;
  }

  /** One row per retry, in order. */
  public List<Row> rows() {
    return rows;
  }

  /**
   * The wait drawn for retry {@code retry} of sequence {@code sample}, in nanoseconds.
   *
   * @throws IndexOutOfBoundsException if {@code sample} is not in {@code [0, samples)} or {@code retry} not in
   *     {@code [1, retries]}
   */
  public long sampleNanos(int sample, int retry) {
    Objects.checkIndex(sample, samples);
    Objects.checkIndex(retry - 1, retries);
    return waits[sample * retries + retry - 1];
  }

  /**
   * The waits drawn for retry {@code retry}, one per sequence in sequence order, in nanoseconds (a copy).
   *
   * @throws IndexOutOfBoundsException if {@code retry} is not in {@code [1, retries]}
   */
  public long[] samplesNanos(int retry) {
    Objects.checkIndex(retry - 1, retries);
    long[] column = new long[samples];
    for (int s = 0; s < samples; s++) {
      column[s] = waits[s * retries + retry - 1];
    }
    return column;
  }

  @Override
  public String toString() {
    return "BackoffSchedule[" + backoff + ", retries=" + retries + ", samples=" + samples + "]";
  }
}
