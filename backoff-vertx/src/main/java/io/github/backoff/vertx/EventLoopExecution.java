package io.github.backoff.vertx;

import io.github.backoff.Retrier;
import io.github.backoff.StandaloneExecution;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One retried operation on a Vert.x context: each attempt runs on the context, each wait is a Vert.x timer, and the
 * core's {@link StandaloneExecution} decides after each attempt. Confined to its context: Vert.x runs a context's
 * handlers one at a time, which hands the execution from attempt to attempt.
 */
final class EventLoopExecution<R> {
  private final Vertx vertx;
  private final Context context;
  private final Supplier<? extends Future<? extends R>> attempt;
  private final StandaloneExecution<R> execution;
  private final Promise<R> promise = Promise.promise();

  private EventLoopExecution(Vertx vertx, Context context, Retrier<R> retrier,
      Supplier<? extends Future<? extends R>> attempt) {
    this.vertx = vertx;
    this.context = context;
    this.attempt = attempt;
    this.execution = StandaloneExecution.start(retrier);
  }

  /** Runs {@code attempt} under {@code retrier} on the caller's context (or a new one off a context). */
  static <R> Future<R> run(Vertx vertx, Retrier<R> retrier, Supplier<? extends Future<? extends R>> attempt) {
    Context context = vertx.getOrCreateContext();
    EventLoopExecution<R> run = new EventLoopExecution<>(vertx, context, retrier, attempt);
    long first = run.execution.firstAttemptDelayNanos();
    if (first == StandaloneExecution.STOP) {
      run.stop();
    } else {
      run.after(first);
    }
    return run.promise.future();
  }

  /** Starts the next attempt after {@code nanos}: at once on the context, or on a timer, never by blocking. */
  private void after(long nanos) {
    if (nanos <= 0) {
      context.runOnContext(v -> attempt());
    } else {
      // setTimer runs its handler on the context that set it; outside one, hop back to ours.
      // Rounded up without overflow: a wait near Long.MAX_VALUE must not wrap to a 1 ms timer.
      long millis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos) + (nanos % 1_000_000 == 0 ? 0 : 1));
      vertx.setTimer(millis, id -> context.runOnContext(v -> attempt()));
    }
  }

  private void attempt() {
    Future<? extends R> future;
    try {
      future = attempt.get();
      if (future == null) {
        throw new NullPointerException("the attempt returned a null Future");
      }
    } catch (RuntimeException | Error e) {
      failed(null, e);
      return;
    }
    future.onComplete(result -> {
      if (result.succeeded()) {
        R value = result.result();
        boolean success;
        try {
          success = execution.isSuccess(value);
        } catch (RuntimeException | Error e) { // a condition that throws ends the call with what it threw
          promise.fail(e);
          return;
        }
        if (success) {
          execution.onSuccess(value);
          promise.complete(value);
        } else {
          failed(value, null);
        }
      } else {
        failed(null, result.cause());
      }
    });
  }

  private void failed(R result, Throwable failure) {
    long wait;
    try {
      wait = execution.onFailure(result, failure);
    } catch (RuntimeException | Error e) {
      promise.fail(e);
      return;
    }
    if (wait == StandaloneExecution.STOP) {
      stop();
    } else {
      after(wait);
    }
  }

  private void stop() {
    Throwable failure = execution.failure();
    if (failure == null) {
      promise.complete(execution.outcome());
    } else {
      promise.fail(failure);
    }
  }
}
