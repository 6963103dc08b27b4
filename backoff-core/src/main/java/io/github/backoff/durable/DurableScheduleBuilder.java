package io.github.backoff.durable;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Builds a {@link DurableSchedule}. Each option may be set once: a second call of the same option (or of a kind's
 * strategy for the same kind) throws {@link IllegalStateException} naming it, so that a preset and a user cannot
 * silently override each other. Bad values throw {@link IllegalArgumentException} naming the parameter and the value.
 *
 * <pre>{@code
 * DurableSchedule schedule = DurableSchedule.builder()
 *     .withBackoff(Backoff.exponential(Duration.ofSeconds(10), 2.0).withCap(Duration.ofHours(1)).withFullJitter())
 *     .withMaxAttempts(20)
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe; {@link #build()} copies, so a builder may go on being used after it.
 */
public final class DurableScheduleBuilder {
  /** The options, written by the setters and copied once by {@link #build()}. */
  static final class Config {
    Backoff backoff;
    final Map<String, Backoff> kinds = new LinkedHashMap<>();
    int maxAttempts = Integer.MAX_VALUE;
    long maxTotalNanos = Long.MAX_VALUE;
    long maxDelayNanos = Long.MAX_VALUE;
    long hintMaxAboveNanos = Long.MAX_VALUE;
    boolean ignoreHints;
  }

  private final Config config = new Config();
  private final Set<String> set = new HashSet<>();

  DurableScheduleBuilder() {}

  private void once(String option) {
    Checks.requireState(set.add(option), "%s is already set: each option of a durable schedule is set once", option);
  }

  /**
   * The strategy for failures of the default kind (and of every kind without a strategy of its own). Required.
   *
   * @throws NullPointerException if {@code backoff} is null
   * @throws IllegalStateException if already set
   */
  public DurableScheduleBuilder withBackoff(Backoff backoff) {
    Checks.requireNonNull(backoff, "backoff");
    once("withBackoff");
    config.backoff = backoff;
    return this;
  }

  /**
   * The strategy for failures of kind {@code kind} ({@link DurableFailure#kind()}), e.g. a slower one for
   * throttling.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code kind} is blank or {@link DurableSchedule#DEFAULT_KIND}
   * @throws IllegalStateException if {@code kind} already has a strategy
   */
  public DurableScheduleBuilder withBackoffFor(String kind, Backoff backoff) {
    Checks.requireNonNull(kind, "kind");
    Checks.requireNonNull(backoff, "backoff");
    Checks.requireParameter(!kind.isBlank() && !kind.equals(DurableSchedule.DEFAULT_KIND), "kind", kind,
        "kind must not be blank or '%s': '%s'", DurableSchedule.DEFAULT_KIND, kind);
    once("withBackoffFor(" + kind + ")");
    config.kinds.put(kind, backoff);
    return this;
  }

  /**
   * At most {@code maxAttempts} attempts in all, the first included; after the last, {@link GiveUpReason#ATTEMPTS_EXHAUSTED}.
   *
   * @throws IllegalArgumentException if {@code maxAttempts < 1}
   * @throws IllegalStateException if already set
   */
  public DurableScheduleBuilder withMaxAttempts(int maxAttempts) {
    Checks.atLeast(maxAttempts, 1, "maxAttempts");
    once("withMaxAttempts");
    config.maxAttempts = maxAttempts;
    return this;
  }

  /**
   * The horizon: no attempt starts at or after the first failure plus {@code maxTotal} (e.g. a webhook's three
   * days); {@link GiveUpReason#HORIZON_EXHAUSTED} instead.
   *
   * @throws IllegalArgumentException if {@code maxTotal} is not positive
   * @throws IllegalStateException if already set
   */
  public DurableScheduleBuilder withMaxTotal(Duration maxTotal) {
    long nanos = Checks.positiveNanos(maxTotal, "maxTotal");
    once("withMaxTotal");
    config.maxTotalNanos = nanos;
    return this;
  }

  /**
   * The longest single wait, after jitter and hints (e.g. 12 h, SQS's longest visibility timeout).
   *
   * @throws IllegalArgumentException if {@code maxDelay} is negative
   * @throws IllegalStateException if already set
   */
  public DurableScheduleBuilder withMaxDelay(Duration maxDelay) {
    long nanos = Checks.nonNegativeNanos(maxDelay, "maxDelay");
    once("withMaxDelay");
    config.maxDelayNanos = nanos;
    return this;
  }

  /**
   * How far a server's hint may lengthen the computed wait: the wait becomes
   * {@code min(max(hint, computed), computed + maxAboveComputed)}, as the core's {@code withDelayHint}. Unbounded by
   * default (the maximum delay and the horizon still apply).
   *
   * @throws IllegalArgumentException if {@code maxAboveComputed} is negative
   * @throws IllegalStateException if already set, or hints are ignored
   */
  public DurableScheduleBuilder withHintMaxAbove(Duration maxAboveComputed) {
    long nanos = Checks.nonNegativeNanos(maxAboveComputed, "maxAboveComputed");
    once("withHintMaxAbove");
    Checks.requireState(!config.ignoreHints, "withHintMaxAbove conflicts with ignoringHints");
    config.hintMaxAboveNanos = nanos;
    return this;
  }

  /**
   * Ignores servers' hints ({@link DurableFailure#hint()}).
   *
   * @throws IllegalStateException if already set, or {@link #withHintMaxAbove} was set
   */
  public DurableScheduleBuilder ignoringHints() {
    once("ignoringHints");
    Checks.requireState(!set.contains("withHintMaxAbove"), "ignoringHints conflicts with withHintMaxAbove");
    config.ignoreHints = true;
    return this;
  }

  /**
   * The schedule.
   *
   * @throws IllegalStateException if {@link #withBackoff} was not called
   */
  public DurableSchedule build() {
    Checks.requireState(config.backoff != null, "withBackoff is required: the strategy of the default kind");
    return new DurableSchedule(config);
  }

  @Override
  public String toString() {
    return "DurableScheduleBuilder" + set + (config.maxDelayNanos == Long.MAX_VALUE ? ""
        : " maxDelay " + Durations.format(config.maxDelayNanos));
  }
}
