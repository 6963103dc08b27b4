package io.github.backoff.durable;

import java.time.Duration;
import java.util.List;

/**
 * Durable schedules of well-known shapes, as tables.
 *
 * <pre>{@code
 * DurableSchedule webhook = DurablePresets.webhook();
 * }</pre>
 *
 * <p>Thread-safe: every method returns a new immutable schedule.
 */
public final class DurablePresets {
  /**
   * A webhook sender's waits after each failed delivery: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts
   * (the first immediately), about 27.6 h in all; the schedule Svix documents for its webhooks.
   */
  public static final List<Duration> WEBHOOK_DELAYS = List.of(Duration.ofSeconds(5), Duration.ofMinutes(5),
      Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10), Duration.ofHours(10));

  private DurablePresets() {}

  /**
   * {@link #WEBHOOK_DELAYS}, each randomized by ±10 % with keyed jitter (so that deliveries that failed together
   * during an outage come back spread, each on the same time on every instance), eight attempts.
   */
  public static DurableSchedule webhook() {
    return DurableSchedule.builder()
        .withBackoff(Tabulated.of(WEBHOOK_DELAYS).withRandomization(0.1))
        .withMaxAttempts(WEBHOOK_DELAYS.size() + 1)
        .build();
  }
}
