package io.github.backoff;

import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Runs one scripted call through the sync or the async driver in virtual time, so that the same scenarios check
 * both drivers. Each attempt records its start time and then runs the next step of the script.
 */
final class Harness<R> {

  enum Driver { SYNC, ASYNC }

  /** One attempt's behaviour: how long it takes (virtual time) and what it returns or throws. */
  interface Step<R> {
    R run() throws Exception;
  }

  final ManualScheduler scheduler = new ManualScheduler();
  final List<Long> attemptStarts = new ArrayList<>();
  final List<Long> sleeps = new ArrayList<>();
  private final List<Step<R>> steps = new ArrayList<>();

  static <R> Step<R> value(R value) {
    return () -> value;
  }

  static <R> Step<R> fail(Exception e) {
    return () -> {
      throw e;
    };
  }

  static <R> Step<R> error(Error e) {
    return () -> {
      throw e;
    };
  }

  @SafeVarargs
  @SuppressWarnings("varargs") // the array is only copied by List.of, never stored or exposed
  final Harness<R> script(Step<R>... script) {
    steps.addAll(List.of(script));
    return this;
  }

  Retrier<R> retrier(RetryPolicy<R> policy) {
    return Retrier.builder(policy)
        .withTicker(scheduler::nanoTime)
        .withSleeper(nanos -> {
          sleeps.add(nanos);
          scheduler.sleep(nanos);
        })
        .withScheduler(scheduler)
        .withRandom(Randoms.seeded(7))
        .build();
  }

  private R next() throws Exception {
    attemptStarts.add(scheduler.nanoTime());
    int i = attemptStarts.size() - 1;
    if (i >= steps.size()) {
      throw new AssertionError("attempt " + (i + 1) + " was not expected by the script");
    }
    return steps.get(i).run();
  }

  /** The outcome of running the script: a result, or what was thrown (async: what the future failed with). */
  record Outcome<R>(R result, Throwable thrown) {}

  Outcome<R> run(Driver driver, RetryPolicy<R> policy) {
    Retrier<R> retrier = retrier(policy);
    if (driver == Driver.SYNC) {
      try {
        return new Outcome<>(retrier.call((Callable<R>) this::next), null);
      } catch (RuntimeException | Error e) {
        return new Outcome<>(null, e);
      }
    }
    CompletableFuture<R> future = retrier.callAsync(() -> {
      try {
        return CompletableFuture.completedFuture(next());
      } catch (Exception e) {
        return CompletableFuture.failedFuture(e);
      }
    });
    scheduler.runUntilIdle();
    if (!future.isDone()) {
      throw new AssertionError("the future is not done once the scheduler is idle");
    }
    try {
      return new Outcome<>(future.get(), null);
    } catch (ExecutionException | CompletionException e) {
      return new Outcome<>(null, e.getCause());
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  static long ms(long millis) {
    return Duration.ofMillis(millis).toNanos();
  }
}
