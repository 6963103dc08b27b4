package io.github.backoff.durable;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * A strategy given as a table: retry {@code r} waits the table's {@code r}-th entry, and every retry past the table
 * waits its last entry. Webhook senders and job schedulers publish their schedules this way (immediately, then 5 s,
 * 5 min, 30 min, ...). Compose it like any {@link Backoff}: {@code Tabulated.of(...).withRandomization(0.1)}.
 *
 * <pre>{@code
 * Backoff webhook = Tabulated.of(Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30));
 * }</pre>
 *
 * <p>Immutable and thread-safe; {@link #delayNanos} allocates nothing.
 */
public final class Tabulated implements Backoff {
  private final long[] nanos;

  private Tabulated(long[] nanos) {
    this.nanos = nanos;
  }

  /**
   * The table {@code delays}: retry 1 waits {@code delays[0]}.
   *
   * @throws NullPointerException if {@code delays} or an entry is null
   * @throws IllegalArgumentException if {@code delays} is empty or an entry is negative
   */
  public static Tabulated of(Duration... delays) {
    Checks.requireNonNull(delays, "delays");
    return of(Arrays.asList(delays));
  }

  /**
   * The table {@code delays}: retry 1 waits {@code delays.get(0)}.
   *
   * @throws NullPointerException if {@code delays} or an entry is null
   * @throws IllegalArgumentException if {@code delays} is empty or an entry is negative
   */
  public static Tabulated of(List<Duration> delays) {
    Checks.requireNonNull(delays, "delays");
    Checks.requireParameter(!delays.isEmpty(), "delays", delays, "delays must not be empty");
    long[] nanos = new long[delays.size()];
    for (int i = 0; i < nanos.length; i++) {
      nanos[i] = Checks.nonNegativeNanos(delays.get(i), "delays[" + i + "]");
    }
    return new Tabulated(nanos);
  }

  /** The table's entries, in order. */
  public List<Duration> delays() {
    return Arrays.stream(nanos).mapToObj(Duration::ofNanos).collect(Collectors.toUnmodifiableList());
  }

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    return nanos[index(retry)];
  }

  @Override
  public long minDelayNanos(int retry) {
    return nanos[index(retry)];
  }

  @Override
  public long maxDelayNanos(int retry) {
    return nanos[index(retry)];
  }

  private int index(int retry) {
    Checks.atLeast(retry, 1, "retry");
    return Math.min(retry, nanos.length) - 1;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Tabulated && Arrays.equals(((Tabulated) o).nanos, nanos);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(nanos);
  }

  @Override
  public String toString() {
    return Arrays.stream(nanos).mapToObj(Durations::format).collect(Collectors.joining(", ", "table(", ")"));
  }
}
