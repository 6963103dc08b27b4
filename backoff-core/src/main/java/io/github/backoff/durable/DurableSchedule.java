package io.github.backoff.durable;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;

/**
 * A retry schedule for items whose retries an engine keeps outside the process — Kafka retry topics, a database
 * scheduler, a queue's visibility timeout: given a failed attempt ({@link DurableFailure}: the item's key, the
 * attempt number, the first failure's time, this failure's time, its kind and a server's hint) it answers when the
 * next attempt is due, or that the item is given up ({@link DurableDecision}).
 *
 * <p>A pure function: no clock, no state, no random source of its own. The jitter is <em>keyed</em>: the draws of
 * retry {@code r} of an item come from {@link KeyedRandom#of(long, int)} seeded by the item's key and {@code r},
 * so every instance, restart and replay computes the same wait for the same item, while items that failed together
 * (an outage) spread over the strategy's whole jitter range. For each failed attempt {@code n}:
 * <ol>
 *   <li>if {@code n >= maxAttempts}: give up ({@link GiveUpReason#ATTEMPTS_EXHAUSTED});
 *   <li>the wait is retry {@code n}'s wait of the strategy of the failure's kind ({@link DurableScheduleBuilder#withBackoffFor},
 *       else the default one) drawn from the keyed source; stateful strategies (decorrelated jitter) get as their
 *       previous wait retry {@code n-1}'s keyed wait computed from a previous wait of 0;
 *   <li>a server's hint lengthens it as the core's {@code withDelayHint} does, never shortens it: the wait becomes
 *       {@code min(max(hint, wait), wait + hintMaxAbove)} (unbounded above unless {@link DurableScheduleBuilder#withHintMaxAbove}),
 *       unless {@link DurableScheduleBuilder#ignoringHints()};
 *   <li>the wait is clamped to {@code maxDelay} (e.g. SQS's 12 h visibility limit);
 *   <li>if the next attempt would start at or after {@code firstFailure + maxTotal}: give up
 *       ({@link GiveUpReason#HORIZON_EXHAUSTED}); otherwise retry at {@code failedAt + wait}.
 * </ol>
 * Arithmetic saturates: no attempt number, duration or instant overflows (a time past {@code Instant.MAX} is
 * {@code Instant.MAX}).
 *
 * <pre>{@code
 * DurableSchedule schedule = DurableSchedule.builder()
 *     .withBackoff(Backoff.exponential(Duration.ofSeconds(10), 2.0).withCap(Duration.ofHours(6)).withFullJitter())
 *     .withBackoffFor("throttling", Backoff.exponential(Duration.ofMinutes(1), 2.0).withCap(Duration.ofHours(6)))
 *     .withMaxTotal(Duration.ofDays(3))
 *     .withMaxDelay(Duration.ofHours(12))
 *     .build();
 * DurableDecision next = schedule.next(DurableFailure.of("order-42", 1, firstFailure, Instant.now()));
 * }</pre>
 *
 * <p>Immutable and thread-safe; {@link #next} may be called from any thread.
 */
public final class DurableSchedule {
  /** The kind of a failure that names none, and of every kind without a strategy of its own. */
  public static final String DEFAULT_KIND = "default";

  private final Backoff backoff;
  private final Map<String, Backoff> kinds;
  private final int maxAttempts;
  private final long maxTotalNanos;
  private final long maxDelayNanos;
  private final long hintMaxAboveNanos;
  private final boolean ignoreHints;

  DurableSchedule(DurableScheduleBuilder.Config c) {
    this.backoff = c.backoff;
    this.kinds = Map.copyOf(c.kinds);
    this.maxAttempts = c.maxAttempts;
    this.maxTotalNanos = c.maxTotalNanos;
    this.maxDelayNanos = c.maxDelayNanos;
    this.hintMaxAboveNanos = c.hintMaxAboveNanos;
    this.ignoreHints = c.ignoreHints;
  }

  /** A builder; {@link DurableScheduleBuilder#withBackoff} is required, every other option is optional. */
  public static DurableScheduleBuilder builder() {
    return new DurableScheduleBuilder();
  }

  /**
   * What to do after {@code failure}: retry at a time, or give up. Pure: the same failure always gives the same
   * answer.
   *
   * @throws NullPointerException if {@code failure} is null
   */
  public DurableDecision next(DurableFailure failure) {
    int attempt = failure.attempt();
    long elapsed = Math.max(0, Durations.toNanosSaturated(Duration.between(failure.firstFailure(), failure.failedAt())));
    if (attempt >= maxAttempts) {
      return new DurableDecision.GiveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, attempt, Duration.ofNanos(elapsed));
    }
    Backoff strategy = kinds.get(failure.kind());
    String kind = strategy == null ? DEFAULT_KIND : failure.kind();
    long delay = keyedDelayNanos(strategy == null ? backoff : strategy, failure.keyHash(), attempt);
    if (failure.hint() != null && !ignoreHints) {
      delay = Durations.clampHint(Durations.toNanosSaturated(failure.hint()), delay, hintMaxAboveNanos);
    }
    delay = Math.min(delay, maxDelayNanos);
    if (maxTotalNanos != Long.MAX_VALUE && Durations.addSaturated(elapsed, delay) >= maxTotalNanos) {
      return new DurableDecision.GiveUp(GiveUpReason.HORIZON_EXHAUSTED, attempt, Duration.ofNanos(elapsed));
    }
    return new DurableDecision.RetryAt(plusSaturated(failure.failedAt(), delay), Duration.ofNanos(delay),
        attempt + 1, kind);
  }

  /**
   * The keyed wait before retry {@code retry} of the item whose key hashes to {@code keyHash}, of the default kind,
   * clamped to the maximum delay, ignoring the limits: the wait {@link #next} would use.
   *
   * @throws IllegalArgumentException if {@code retry < 1}
   */
  public Duration delay(long keyHash, int retry) {
    return Duration.ofNanos(Math.min(keyedDelayNanos(backoff, keyHash, retry), maxDelayNanos));
  }

  /**
   * The default kind's strategy reduced to at most {@code maxTiers} distinct delays over the retries this schedule
   * allows (within the attempt limit and the horizon, counting each retry's nominal wait), with the error made
   * stated ({@link Tiers}).
   *
   * @throws IllegalArgumentException if {@code maxTiers < 1}
   * @throws IllegalStateException if the schedule allows no retry, or more than 10,000 (set a limit:
   *     {@code withMaxAttempts} or {@code withMaxTotal})
   */
  public Tiers tiers(int maxTiers) {
    Checks.atLeast(maxTiers, 1, "maxTiers");
    int limit = 10_000;
    long[] nominal = new long[16];
    int n = 0;
    long start = 0;
    for (int r = 1; r < maxAttempts; r++) {
      long lo = backoff.minDelayNanos(r);
      long hi = backoff.maxDelayNanos(r);
      long mid = Math.min(lo + (hi - lo) / 2, maxDelayNanos);
      start = Durations.addSaturated(start, mid);
      if (maxTotalNanos != Long.MAX_VALUE && start >= maxTotalNanos) {
        break;
      }
      Checks.requireState(n < limit,
          "tiers need a finite schedule: more than %d retries within the limits (set withMaxAttempts or withMaxTotal)",
          limit);
      if (n == nominal.length) {
        nominal = Arrays.copyOf(nominal, n * 2);
      }
      nominal[n++] = mid;
    }
    Checks.requireState(n > 0, "the schedule allows no retry to quantize");
    return Tiers.quantize(Arrays.copyOf(nominal, n), maxTiers);
  }

  /** The default kind's strategy. */
  public Backoff backoff() {
    return backoff;
  }

  /** The attempt limit ({@link Integer#MAX_VALUE} if none). */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The horizon from the first failure ({@code null} if none). */
  public Duration maxTotal() {
    return maxTotalNanos == Long.MAX_VALUE ? null : Duration.ofNanos(maxTotalNanos);
  }

  /** The maximum single wait ({@code null} if none). */
  public Duration maxDelay() {
    return maxDelayNanos == Long.MAX_VALUE ? null : Duration.ofNanos(maxDelayNanos);
  }

  static long keyedDelayNanos(Backoff strategy, long keyHash, int retry) {
    long previous = retry > 1 ? strategy.delayNanos(retry - 1, 0, KeyedRandom.of(keyHash, retry - 1)) : 0;
    return strategy.delayNanos(retry, previous, KeyedRandom.of(keyHash, retry));
  }

  private static Instant plusSaturated(Instant at, long nanos) {
    long seconds = nanos / 1_000_000_000L;
    if (Instant.MAX.getEpochSecond() - seconds <= at.getEpochSecond()) {
      return Instant.MAX;
    }
    return at.plusSeconds(seconds).plusNanos(nanos % 1_000_000_000L);
  }

  @Override
  public String toString() {
    return "DurableSchedule[" + backoff + (kinds.isEmpty() ? "" : ", kinds " + kinds)
        + (maxAttempts == Integer.MAX_VALUE ? "" : ", maxAttempts " + maxAttempts)
        + (maxTotalNanos == Long.MAX_VALUE ? "" : ", maxTotal " + Durations.format(maxTotalNanos))
        + (maxDelayNanos == Long.MAX_VALUE ? "" : ", maxDelay " + Durations.format(maxDelayNanos)) + "]";
  }
}
