package io.github.backoff.reactor;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StandaloneExecution;
import io.github.backoff.StopReason;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.util.retry.Retry;

/**
 * A {@link Retry} for {@code retryWhen} whose every decision (retry or stop, and after how long) comes from
 * backoff-core's decision core, through {@link StandaloneExecution}: the strategy and its jitter, the attempt and
 * time limits, the retry and abort conditions on exceptions, the retry budget and the events all behave as with
 * {@link Retrier#call}. The wait is a {@code Mono.delay} on a Reactor {@link Scheduler} ({@link Schedulers#parallel()}
 * unless {@link BackoffRetryBuilder#withScheduler} says otherwise), whose clock is also the execution's clock, so
 * {@code StepVerifier.withVirtualTime} drives both.
 *
 * <pre>{@code
 * RetryPolicy<Object> policy = RetryPolicy.builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(5)).withFullJitter())
 *     .withMaxAttempts(5)
 *     .retryOn(IOException.class)
 *     .build();
 * Mono<String> body = fetch().retryWhen(BackoffRetry.of(policy));          // errors only
 * Mono<String> counted = BackoffRetry.of(policy).apply(fetch());           // errors, and successes to the budget
 * }</pre>
 *
 * <ul>
 *   <li><b>Stop.</b> When the policy stops, the sequence fails with the core's {@link RetryException}, whose
 *       {@link RetryException#reason() reason} says why ({@link StopReason#ATTEMPTS_EXHAUSTED},
 *       {@link StopReason#BUDGET_DENIED}, ...) and whose cause is the last failure; an {@link Error} that no retry
 *       condition matches is signalled unchanged.
 *   <li><b>Cancellation.</b> Cancelling the subscription during a wait cancels the delay: no further attempt starts.
 *   <li><b>One execution per subscription.</b> Each subscription is one execution: its failures count towards the
 *       limits together, even if a {@code Flux} emitted values between them (Reactor's own {@code transientErrors}
 *       mode has no equivalent here: use a {@code Flux} per unit of work).
 *   <li><b>Successes.</b> A {@code Retry} never sees a success: {@code retryWhen} cancels its companion both when
 *       the source completes and when the subscriber cancels. So with {@code retryWhen(retry)} a success is not
 *       reported to the budget or the listeners (no {@code Succeeded} event, and a token bucket or retry quota is not
 *       refilled by it). {@link #apply(Mono)} and {@link #apply(Flux)} wrap the same {@code retryWhen} and report
 *       the success too: use them when the policy has a budget or counts successes.
 *   <li><b>Per-attempt timeout.</b> {@link #apply(Mono)} and {@link #apply(Flux)} apply the policy's
 *       {@code attemptTimeout} to each attempt (for a {@code Flux}, to the whole attempt, from subscription to
 *       completion): an attempt still running then is cancelled and fails with the core's
 *       {@link AttemptTimeoutException}, which the policy retries as any failure, as {@link Retrier#call} does. A
 *       bare {@code retryWhen(retry)} cannot (it does not see an attempt start), so with such a policy it fails the
 *       subscription at once with an {@link IllegalStateException} saying so, rather than ignore the timeout.
 *   <li><b>Refused.</b> Result conditions ({@code retryIfResult}): a {@code retryWhen} sees errors, never values,
 *       so a policy that has them is rejected when the retry is built. Signal a value to retry as an error
 *       ({@code Mono.error}) and retry on that exception instead. The delay override is called with a
 *       {@code null} result, since every retry here follows an error.
 * </ul>
 *
 * <p>Immutable and thread-safe: one instance serves any number of subscriptions. A {@link Retry.RetrySignal} is
 * reused by Reactor from one failure to the next; this class reads it at once and never keeps it.
 */
public final class BackoffRetry extends Retry {
  private final Retrier<Object> retrier;
  private final Scheduler scheduler;
  /** The policy's per-attempt timeout, or null. */
  private final Duration attemptTimeout;

  BackoffRetry(RetryPolicy<Object> policy, Scheduler scheduler, RandomGenerator random) {
    this.scheduler = scheduler;
    this.attemptTimeout = policy.attemptTimeout().orElse(null);
    // The clock is the scheduler's, looked up at each reading: StepVerifier.withVirtualTime replaces
    // Schedulers.parallel() only inside its supplier, so it must not be resolved once and for all here.
    io.github.backoff.RetrierBuilder<Object> b = Retrier.builder(policy)
        .withTicker(() -> scheduler().now(TimeUnit.NANOSECONDS));
    if (random != null) {
      b.withRandom(random);
    }
    this.retrier = b.build();
  }

  /**
   * A retry under {@code policy}, waiting on {@link Schedulers#parallel()}.
   *
   * @throws NullPointerException if {@code policy} is null
   * @throws IllegalArgumentException if the policy has result conditions ({@code retryIfResult}), which a
   *     {@code retryWhen} cannot see
   */
  public static BackoffRetry of(RetryPolicy<?> policy) {
    return builder(policy).build();
  }

  /**
   * A builder to choose the scheduler or the random source.
   *
   * @throws NullPointerException if {@code policy} is null
   * @throws IllegalArgumentException if the policy has result conditions ({@code retryIfResult}), which a
   *     {@code retryWhen} cannot see
   */
  public static BackoffRetryBuilder builder(RetryPolicy<?> policy) {
    return new BackoffRetryBuilder(cast(Objects.requireNonNull(policy, "policy")));
  }

  @SuppressWarnings("unchecked")
  private static RetryPolicy<Object> cast(RetryPolicy<?> policy) {
    if (policy.hasResultConditions()) {
      throw new IllegalArgumentException("BackoffRetry cannot apply the policy's result condition (retryIfResult): "
          + "retryWhen sees errors, never values; signal a value to retry as an error (Mono.error) and retry on "
          + "that exception instead: " + policy);
    }
    // Safe: without result conditions, the policy only ever sees failures (and a null result), never a value of
    // its type.
    return (RetryPolicy<Object>) policy;
  }

  /** The policy this retry decides by. */
  public RetryPolicy<?> policy() {
    return retrier.policy();
  }

  private Scheduler scheduler() {
    return scheduler != null ? scheduler : Schedulers.parallel();
  }

  /**
   * Called by {@code retryWhen} once per subscription: starts one execution (the budget, if any, sees one request)
   * and returns the companion that decides after each failure. {@code retryWhen} has already subscribed to the
   * source by then, so a policy's rate limiter cannot delay the first attempt here: use {@link #apply(Mono)} or
   * {@link #apply(Flux)}, which wait for its token first.
   */
  @Override
  public Publisher<?> generateCompanion(Flux<RetrySignal> retrySignals) {
    if (attemptTimeout != null) {
      return Flux.error(new IllegalStateException("BackoffRetry cannot apply the policy's attemptTimeout ("
          + attemptTimeout + ") through retryWhen, which does not see an attempt start: use retry.apply(source), "
          + "which applies it, or Reactor's timeout before retryWhen with a policy without attemptTimeout"));
    }
    return companion(retrySignals, StandaloneExecution.start(retrier));
  }

  private Flux<Long> companion(Flux<RetrySignal> retrySignals, StandaloneExecution<Object> execution) {
    Scheduler on = scheduler();
    return retrySignals.concatMap(signal -> {
      if (execution.stopReason() != null) {
        return Mono.error(execution.failure()); // stopped before its first attempt (a rate limiter's token)
      }
      // The signal is reused by Reactor: take the failure now, keep nothing.
      long wait = execution.onFailure(null, signal.failure());
      if (wait == StandaloneExecution.STOP) {
        return Mono.error(execution.failure());
      }
      return wait == 0 ? Mono.just(0L) : Mono.delay(Duration.ofNanos(wait), on);
    });
  }

  /**
   * {@code source.retryWhen(this)}, and a success (a value, or completion without one) is reported to the budget
   * and the listeners, as {@link Retrier#call} reports it.
   *
   * @throws NullPointerException if {@code source} is null
   */
  public <T> Mono<T> apply(Mono<T> source) {
    Objects.requireNonNull(source, "source");
    return Mono.defer(() -> {
      StandaloneExecution<Object> execution = StandaloneExecution.start(retrier);
      long first = execution.firstAttemptDelayNanos();
      if (first == StandaloneExecution.STOP) {
        return Mono.error(execution.failure());
      }
      Mono<T> retried = timed(source).retryWhen(companionOf(execution)).doOnSuccess(execution::onSuccess);
      return first == 0 ? retried : Mono.delay(Duration.ofNanos(first), scheduler()).then(retried);
    });
  }

  /**
   * {@code source.retryWhen(this)}, and its completion is reported as a success to the budget and the listeners.
   *
   * @throws NullPointerException if {@code source} is null
   */
  public <T> Flux<T> apply(Flux<T> source) {
    Objects.requireNonNull(source, "source");
    return Flux.defer(() -> {
      StandaloneExecution<Object> execution = StandaloneExecution.start(retrier);
      long first = execution.firstAttemptDelayNanos();
      if (first == StandaloneExecution.STOP) {
        return Flux.error(execution.failure());
      }
      Flux<T> retried = timed(source).retryWhen(companionOf(execution))
          .doOnComplete(() -> execution.onSuccess(null));
      return first == 0 ? retried : Mono.delay(Duration.ofNanos(first), scheduler()).thenMany(retried);
    });
  }

  /** {@code source} with the policy's per-attempt timeout, if any: each subscription (attempt) gets its own. */
  private <T> Mono<T> timed(Mono<T> source) {
    if (attemptTimeout == null) {
      return source;
    }
    Duration timeout = attemptTimeout;
    return source.timeout(timeout, Mono.error(() -> new AttemptTimeoutException(timeout)), scheduler());
  }

  /** {@code source} with the policy's per-attempt timeout, if any, over the whole attempt (not per element). */
  private <T> Flux<T> timed(Flux<T> source) {
    if (attemptTimeout == null) {
      return source;
    }
    Duration timeout = attemptTimeout;
    return Flux.defer(() -> {
      Mono<Long> deadline = Mono.delay(timeout, scheduler()).cache(); // one deadline per attempt, shared by elements
      return source.timeout(deadline, element -> deadline, Flux.error(() -> new AttemptTimeoutException(timeout)));
    });
  }

  private Retry companionOf(StandaloneExecution<Object> execution) {
    return Retry.from(signals -> companion(signals, execution));
  }

  @Override
  public String toString() {
    return "BackoffRetry[" + retrier.policy() + "]";
  }
}
