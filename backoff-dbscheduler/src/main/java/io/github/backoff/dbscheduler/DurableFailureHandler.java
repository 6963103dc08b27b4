package io.github.backoff.dbscheduler;

import com.github.kagkarlsson.scheduler.task.Execution;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import io.github.backoff.durable.DurableDecision;
import io.github.backoff.durable.DurableFailure;
import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.KeyedRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * A db-scheduler {@link FailureHandler} from a {@link DurableSchedule}: after a failed execution it reschedules the
 * task instance at the time the schedule gives, or gives up. The wait's jitter is keyed by the task instance
 * ({@code taskName/instanceId}), so every node, restart and replay computes the same due time, while instances that
 * failed together (an outage) come back spread; per-kind backoff, the horizon and the maximum delay come from the
 * schedule.
 *
 * <pre>{@code
 * OneTimeTask<Void> deliver = Tasks.oneTime("deliver-webhook")
 *     .onFailure(DurableFailureHandler.of(DurablePresets.webhook()))
 *     .execute((instance, context) -> send(instance.getId()));
 * }</pre>
 *
 * <p>What db-scheduler stores, and what follows: the row keeps the number of consecutive failures (the failed
 * attempt is that plus one) and the due time ({@code execution_time}), which is where this handler writes its answer:
 * a restarted scheduler reads it back and runs the instance then. db-scheduler does not store the first failure's
 * time, so the horizon ({@code withMaxTotal}) is measured from a first failure reconstructed as this failure's time
 * minus the schedule's keyed waits so far (the time the attempts took is not counted), unless
 * {@link #withFirstFailure} reads it from the task's data. On give-up the handler calls {@link #onGiveUp}'s action,
 * by default {@link ExecutionOperations#stop()} (the row is removed).
 *
 * <p>Immutable and thread-safe: db-scheduler calls it from its executor threads.
 *
 * @param <T> the task's data type
 */
public final class DurableFailureHandler<T> implements FailureHandler<T> {
  /** The most earlier waits summed to reconstruct a first failure; beyond, the horizon is taken as exhausted. */
  private static final int MAX_SUMMED_RETRIES = 100_000;

  private final DurableSchedule schedule;
  private final Function<? super Throwable, String> kindOf;
  private final Function<? super Execution, Instant> firstFailureOf;
  private final BiConsumer<ExecutionComplete, ExecutionOperations<T>> giveUp;

  private DurableFailureHandler(DurableSchedule schedule, Function<? super Throwable, String> kindOf,
      Function<? super Execution, Instant> firstFailureOf, BiConsumer<ExecutionComplete, ExecutionOperations<T>> giveUp) {
    this.schedule = schedule;
    this.kindOf = kindOf;
    this.firstFailureOf = firstFailureOf;
    this.giveUp = giveUp;
  }

  /**
   * A handler that reschedules by {@code schedule} and stops the instance when it gives up.
   *
   * @throws NullPointerException if {@code schedule} is null
   */
  public static <T> DurableFailureHandler<T> of(DurableSchedule schedule) {
    return new DurableFailureHandler<>(Objects.requireNonNull(schedule, "schedule"),
        cause -> DurableSchedule.DEFAULT_KIND, null, (complete, operations) -> operations.stop());
  }

  /**
   * This, choosing the schedule's strategy by the kind {@code kindOf} names for the failure's cause (e.g.
   * {@code "throttling"}); a null kind, or a failure without a cause, is the default kind.
   *
   * @throws NullPointerException if {@code kindOf} is null
   */
  public DurableFailureHandler<T> withKinds(Function<? super Throwable, String> kindOf) {
    return new DurableFailureHandler<>(schedule, Objects.requireNonNull(kindOf, "kindOf"), firstFailureOf, giveUp);
  }

  /**
   * This, reading the first failure's time from the execution (its task data, for example) instead of reconstructing
   * it; a null answer falls back to the reconstruction.
   *
   * @throws NullPointerException if {@code firstFailureOf} is null
   */
  public DurableFailureHandler<T> withFirstFailure(Function<? super Execution, Instant> firstFailureOf) {
    return new DurableFailureHandler<>(schedule, kindOf, Objects.requireNonNull(firstFailureOf, "firstFailureOf"),
        giveUp);
  }

  /**
   * This, calling {@code action} instead of {@link ExecutionOperations#stop()} when the schedule gives up (to move the
   * instance to a dead-letter task, say). The action must end the execution ({@code stop}, {@code remove} or
   * {@code removeAndScheduleNew}).
   *
   * @throws NullPointerException if {@code action} is null
   */
  public DurableFailureHandler<T> onGiveUp(BiConsumer<ExecutionComplete, ExecutionOperations<T>> action) {
    return new DurableFailureHandler<>(schedule, kindOf, firstFailureOf, Objects.requireNonNull(action, "action"));
  }

  @Override
  public void onFailure(ExecutionComplete complete, ExecutionOperations<T> operations) {
    DurableDecision decision = schedule.next(failure(complete));
    if (decision instanceof DurableDecision.RetryAt) {
      operations.reschedule(complete, ((DurableDecision.RetryAt) decision).at());
    } else {
      giveUp.accept(complete, operations);
    }
  }

  /** The failed attempt {@code complete} as the schedule sees it. */
  DurableFailure failure(ExecutionComplete complete) {
    Execution execution = complete.getExecution();
    long keyHash = keyHash(execution);
    int attempt = execution.consecutiveFailures == Integer.MAX_VALUE ? Integer.MAX_VALUE
        : Math.max(1, execution.consecutiveFailures + 1);
    Instant failedAt = complete.getTimeDone();
    String kind = complete.getCause().map(kindOf).orElse(null);
    Instant first = firstFailureOf == null ? null : firstFailureOf.apply(execution);
    if (first == null) {
      first = reconstructFirstFailure(keyHash, attempt, failedAt);
    }
    return new DurableFailure(keyHash, attempt, first, failedAt, kind == null ? DurableSchedule.DEFAULT_KIND : kind,
        null);
  }

  /** The stable key of a task instance: {@code KeyedRandom.hash(taskName + "/" + instanceId)}. */
  public static long keyHash(Execution execution) {
    return KeyedRandom.hash(execution.getTaskName() + "/" + execution.getId());
  }

  private Instant reconstructFirstFailure(long keyHash, int attempt, Instant failedAt) {
    Duration horizon = schedule.maxTotal();
    if (horizon == null || attempt == 1) {
      return failedAt; // no horizon to measure, or this is the first failure
    }
    long horizonNanos = horizon.toNanos();
    long sum = 0;
    int retries = attempt - 1;
    if (retries > MAX_SUMMED_RETRIES) {
      sum = horizonNanos;
    } else {
      for (int r = 1; r <= retries && sum < horizonNanos; r++) {
        long d = schedule.delay(keyHash, r).toNanos();
        sum = sum + d < 0 ? Long.MAX_VALUE : sum + d;
      }
    }
    long seconds = Math.min(sum, horizonNanos) / 1_000_000_000L;
    long nanos = Math.min(sum, horizonNanos) % 1_000_000_000L;
    Instant floor = Instant.MIN.plusSeconds(seconds + 1);
    return failedAt.isBefore(floor) ? Instant.MIN : failedAt.minusSeconds(seconds).minusNanos(nanos);
  }

  @Override
  public String toString() {
    return "DurableFailureHandler[" + schedule + "]";
  }
}
