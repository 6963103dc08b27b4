package io.github.backoff.durable;

/** Why a {@link DurableSchedule} gives up on an item. */
public enum GiveUpReason {
  /** The attempt that failed was the last one allowed ({@code withMaxAttempts}). */
  ATTEMPTS_EXHAUSTED,
  /**
   * The next attempt would start at or after the horizon: the first failure plus {@code withMaxTotal} (a webhook's
   * three days).
   */
  HORIZON_EXHAUSTED
}
