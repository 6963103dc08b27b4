package io.github.backoff.durable;

import io.github.backoff.internal.Checks;
import java.time.Duration;
import java.time.Instant;

/**
 * One failed attempt of an item whose retries an engine keeps outside the process (a Kafka record, a scheduled job):
 * everything a {@link DurableSchedule} needs, and nothing the engine does not store. The engine keeps the attempt
 * count and the first failure's time; the key identifies the item across instances and restarts.
 *
 * <pre>{@code
 * DurableFailure failure = DurableFailure.of("order-42", 3, firstFailure, Instant.now())
 *     .withKind("throttling")
 *     .withHint(Duration.ofSeconds(30));   // e.g. the partner's Retry-After
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param keyHash the item key's stable hash ({@link KeyedRandom#hash(String)}), which seeds its jitter
 * @param attempt the number of the attempt that failed, 1 for the first
 * @param firstFailure when the item's first attempt failed: the start of the schedule's horizon
 * @param failedAt when this attempt failed: the next attempt is due this plus the wait
 * @param kind the failure's kind, choosing a strategy ({@link DurableScheduleBuilder#withBackoffFor}), or
 *     {@link DurableSchedule#DEFAULT_KIND}
 * @param hint a server's hint for the wait (Retry-After), or null
 */
public record DurableFailure(long keyHash, int attempt, Instant firstFailure, Instant failedAt, String kind,
    Duration hint) {

  /**
   * Checks the components.
   *
   * @throws NullPointerException if {@code firstFailure}, {@code failedAt} or {@code kind} is null
   * @throws IllegalArgumentException if {@code attempt < 1}, or {@code hint} is negative
   */
  public DurableFailure {
    Checks.atLeast(attempt, 1, "attempt");
    Checks.requireNonNull(firstFailure, "firstFailure");
    Checks.requireNonNull(failedAt, "failedAt");
    Checks.requireNonNull(kind, "kind");
    if (hint != null) {
      Checks.nonNegativeNanos(hint, "hint");
    }
  }

  /**
   * A failure of the item {@code key} of the default kind, without a hint.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code attempt < 1}
   */
  public static DurableFailure of(String key, int attempt, Instant firstFailure, Instant failedAt) {
    return new DurableFailure(KeyedRandom.hash(key), attempt, firstFailure, failedAt, DurableSchedule.DEFAULT_KIND,
        null);
  }

  /**
   * A failure of the item whose key is {@code key}'s bytes (a Kafka record's key), of the default kind.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code attempt < 1}
   */
  public static DurableFailure of(byte[] key, int attempt, Instant firstFailure, Instant failedAt) {
    return new DurableFailure(KeyedRandom.hash(key), attempt, firstFailure, failedAt, DurableSchedule.DEFAULT_KIND,
        null);
  }

  /**
   * This failure, of kind {@code kind}.
   *
   * @throws NullPointerException if {@code kind} is null
   */
  public DurableFailure withKind(String kind) {
    return new DurableFailure(keyHash, attempt, firstFailure, failedAt, kind, hint);
  }

  /**
   * This failure, with a server's hint for the wait (null for none).
   *
   * @throws IllegalArgumentException if {@code hint} is negative
   */
  public DurableFailure withHint(Duration hint) {
    return new DurableFailure(keyHash, attempt, firstFailure, failedAt, kind, hint);
  }
}
