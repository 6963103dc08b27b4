package io.github.backoff.metrics;

import io.github.backoff.StopReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a retried call finished, as the metrics classify it: {@link #SUCCESS} (at the first attempt),
 * {@link #SUCCESS_AFTER_RETRY}, or {@linkplain #gaveUp(StopReason) gave up} for a {@link StopReason}. Each outcome
 * carries its tag values ({@link #outcome()}: {@code success}, {@code success_after_retry}, {@code gave_up};
 * {@link #reason()}: the stop reason in lower case, {@code none} otherwise) and a dense {@link #index()}, so a
 * backend makes one counter (or attribute set) per outcome at bind time and finds it without allocating.
 *
 * <pre>{@code
 * Counter[] calls = new Counter[CallOutcome.all().size()];
 * for (CallOutcome o : CallOutcome.all()) {
 *   calls[o.index()] = Counter.builder(RetryMetricNames.CALLS)
 *       .tag(RetryMetricNames.TAG_OUTCOME, o.outcome()).tag(RetryMetricNames.TAG_REASON, o.reason())
 *       .register(registry);
 * }
 * }</pre>
 *
 * <p>Immutable; there is one instance per outcome, so they compare by identity. Thread-safe.
 */
public final class CallOutcome {
  private static final StopReason[] REASONS = StopReason.values();

  /** Succeeded at the first attempt. */
  public static final CallOutcome SUCCESS = new CallOutcome(0, "success", null);
  /** Succeeded after one or more retries. */
  public static final CallOutcome SUCCESS_AFTER_RETRY = new CallOutcome(1, "success_after_retry", null);

  private static final CallOutcome[] GAVE_UP = new CallOutcome[REASONS.length];
  private static final List<CallOutcome> ALL;

  static {
    List<CallOutcome> all = new ArrayList<>(List.of(SUCCESS, SUCCESS_AFTER_RETRY));
    for (StopReason reason : REASONS) {
      GAVE_UP[reason.ordinal()] = new CallOutcome(2 + reason.ordinal(), "gave_up", reason);
      all.add(GAVE_UP[reason.ordinal()]);
    }
    ALL = List.copyOf(all);
  }

  private final int index;
  private final String outcome;
  private final StopReason stopReason;
  private final String reason;

  private CallOutcome(int index, String outcome, StopReason stopReason) {
    this.index = index;
    this.outcome = outcome;
    this.stopReason = stopReason;
    this.reason = stopReason == null ? "none" : RetryMetricNames.reasonValue(stopReason);
  }

  /** The outcome of a call that succeeded at attempt {@code attempt} (1 is the first). */
  public static CallOutcome succeeded(int attempt) {
    return attempt <= 1 ? SUCCESS : SUCCESS_AFTER_RETRY;
  }

  /**
   * The outcome of a call that gave up for {@code reason}.
   *
   * @throws NullPointerException if {@code reason} is null
   */
  public static CallOutcome gaveUp(StopReason reason) {
    return GAVE_UP[Objects.requireNonNull(reason, "reason").ordinal()];
  }

  /** Every outcome, in {@link #index()} order: success, success after retry, then gave up for each reason. */
  public static List<CallOutcome> all() {
    return ALL;
  }

  /** The position of this outcome in {@link #all()}. */
  public int index() {
    return index;
  }

  /** The {@value RetryMetricNames#TAG_OUTCOME} tag value: {@code success}, {@code success_after_retry} or {@code gave_up}. */
  public String outcome() {
    return outcome;
  }

  /** The {@value RetryMetricNames#TAG_REASON} tag value: the stop reason in lower case, or {@code none}. */
  public String reason() {
    return reason;
  }

  /** The stop reason of a call that gave up; empty for a success. */
  public Optional<StopReason> stopReason() {
    return Optional.ofNullable(stopReason);
  }

  /** Whether the call succeeded (at any attempt). */
  public boolean isSuccess() {
    return stopReason == null;
  }

  /** Whether the call gave up because the retry budget denied a retry ({@value RetryMetricNames#BUDGET_DENIED}). */
  public boolean isBudgetDenied() {
    return stopReason == StopReason.BUDGET_DENIED;
  }

  @Override
  public String toString() {
    return outcome + (stopReason == null ? "" : "(" + reason + ")");
  }
}
