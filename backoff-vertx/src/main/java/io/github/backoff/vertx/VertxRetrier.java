package io.github.backoff.vertx;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Retries an operation that returns a Vert.x {@link Future} under a {@link RetryPolicy}, on the event loop: each
 * attempt runs on the caller's context (a verticle's event loop, or a new context when called from elsewhere), and
 * each wait is a Vert.x timer ({@code vertx.setTimer}), so no thread is ever blocked or held while a retry waits.
 * Every "retry or stop, and how long" comes from the core's decision core: the policy's strategy and jitter,
 * attempts, deadline, conditions, budget, rate limiter and listeners behave as with {@link Retrier}.
 *
 * <pre>{@code
 * VertxRetrier<Row> retrier = VertxRetrier.of(vertx, RetryPolicy.<Row>builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(50)).withCap(Duration.ofSeconds(2)).withFullJitter())
 *     .withMaxAttempts(4)
 *     .build());
 * Future<Row> row = retrier.execute(() -> client.query("SELECT ...").execute().map(rows -> rows.iterator().next()));
 * }</pre>
 *
 * <p><b>Outcome.</b> The returned future completes with the first result the policy accepts; when retries stop it
 * fails with the core's {@link RetryException} (its {@code reason()}, attempts and last failure say why), or
 * completes with the last result if the policy returns retryable results when it stops. An attempt that throws
 * instead of returning a future counts as a failed attempt.
 *
 * <p><b>Timeouts.</b> The policy's per-attempt timeout is not applied (the attempt is the caller's future, which
 * Vert.x cannot cancel in general): give the operation its own timeout (e.g. {@code future.timeout(...)} or the
 * client's request timeout). The deadline ({@code maxElapsed}) is applied to the waits.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of operations on any context.
 *
 * @param <R> the result type
 */
public final class VertxRetrier<R> {
  private final Vertx vertx;
  private final Retrier<R> retrier;

  private VertxRetrier(Vertx vertx, Retrier<R> retrier) {
    this.vertx = vertx;
    this.retrier = retrier;
  }

  /**
   * A retrier that runs under {@code policy} on {@code vertx}'s event loops.
   *
   * @param vertx the Vert.x instance whose timers and contexts are used
   * @param policy the strategy, limits, conditions, budget and listeners
   * @param <R> the result type
   * @return a new retrier
   * @throws NullPointerException if an argument is null
   */
  public static <R> VertxRetrier<R> of(Vertx vertx, RetryPolicy<R> policy) {
    return of(vertx, Retrier.of(Objects.requireNonNull(policy, "policy")));
  }

  /**
   * A retrier that runs under {@code retrier}'s policy, ticker and random source (its sleeper and scheduler are not
   * used: Vert.x's timer waits) on {@code vertx}'s event loops.
   *
   * @param vertx the Vert.x instance whose timers and contexts are used
   * @param retrier the policy, ticker and random source
   * @param <R> the result type
   * @return a new retrier
   * @throws NullPointerException if an argument is null
   */
  public static <R> VertxRetrier<R> of(Vertx vertx, Retrier<R> retrier) {
    return new VertxRetrier<>(Objects.requireNonNull(vertx, "vertx"), Objects.requireNonNull(retrier, "retrier"));
  }

  /**
   * Runs {@code attempt}, again after each failure the policy retries, waiting on a Vert.x timer in between.
   *
   * @param attempt starts one attempt; called on the caller's context
   * @return the outcome, completed on that context
   * @throws NullPointerException if {@code attempt} is null
   */
  public Future<R> execute(Supplier<? extends Future<? extends R>> attempt) {
    return EventLoopExecution.run(vertx, retrier, Objects.requireNonNull(attempt, "attempt"));
  }

  /**
   * The policy.
   *
   * @return the policy
   */
  public RetryPolicy<R> policy() {
    return retrier.policy();
  }

  @Override
  public String toString() {
    return "VertxRetrier[" + retrier + "]";
  }
}
