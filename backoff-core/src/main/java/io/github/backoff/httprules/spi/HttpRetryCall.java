package io.github.backoff.httprules.spi;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.DefaultScheduler;
import io.github.backoff.ratelimit.SharedReset;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import java.util.function.Supplier;

/**
 * One call of an HTTP client, from its start to how it ended: the per-call state every client keeps, in one small
 * object (OkHttp's {@code RetryAndFollowUpInterceptor} keeps it as locals). Made by {@link HttpRetryCalls#newCall};
 * it runs the attempts under the client's retrier ({@link #run}, {@link #runAsync}), counts them, gives each its time
 * limit ({@link #attemptLimitNanos}), and reports how the call ended in the one way every client reports it: the
 * final response as an {@link HttpRetryOutcome} ({@link #outcome}) — with the attempts, the time and, if retries
 * stopped on that response, why — or, when retries stop without a response to return, the core's
 * {@link RetryException} thrown as it is.
 *
 * <pre>{@code
 * HttpRetryCall call = calls.newCall(calls.isRetryable(request, request.method(), Request::hasHeader));
 * Response response = (Response) call.run(() -> send(request, call.attemptLimitNanos()));  // or throws RetryException
 * HttpRetryOutcome<Response> outcome = call.outcome(response);
 * }</pre>
 *
 * <p>Attempts of one call never overlap, but an asynchronous call runs them on other threads: the counters are
 * volatile, written by one attempt at a time. Not meant to be shared between calls.
 */
public final class HttpRetryCall {
  private final HttpRetryCalls calls;
  private final boolean retryable;
  private final long startNanos;
  private volatile int attempts;
  /** Why retries stopped on the response returned, or null. */
  private volatile StopReason stopReason;

  HttpRetryCall(HttpRetryCalls calls, boolean retryable) {
    this.calls = calls;
    this.retryable = retryable;
    this.startNanos = calls.options().ticker().read();
  }

  /** Whether the request may be sent more than once ({@link HttpRetryCalls#isRetryable}). */
  public boolean retryable() {
    return retryable;
  }

  /** The attempts started so far; inside an attempt, its number, from 1. */
  public int attempts() {
    return attempts;
  }

  /**
   * Runs the call on the client's shared retrier for this request (the derived policy; sent once if it may not be
   * retried, under the same deadline, timeouts and events): each call of {@code attempt} is one attempt.
   *
   * @param attempt one attempt: sends the request, returns the client's response
   * @return the final response: a success, a status that is not retried, or the retryable response retries stopped
   *     on (its reason is in {@link #outcome})
   * @throws RetryException if retries stop without a response to return: on a failure, on interruption, before
   *     any attempt, or on a retryable status when the user's policy throws on retryable results
   * @throws NullPointerException if {@code attempt} is null
   */
  public Object run(Callable<?> attempt) {
    return run(calls.retrier(retryable), attempt);
  }

  /**
   * {@link #run(Callable)} on a retrier of the client's own for this call, such as one built from
   * {@link HttpRetryCalls#retrierBuilder} with a sleeper that stops when the call is canceled.
   *
   * @param retrier the retrier, built from {@link HttpRetryCalls#retrierBuilder} with this call's {@link #retryable}
   * @param attempt one attempt
   * @return the final response
   * @throws RetryException as {@link #run(Callable)}
   * @throws NullPointerException if an argument is null
   */
  public Object run(Retrier<Object> retrier, Callable<?> attempt) {
    Checks.requireNonNull(attempt, "attempt");
    try {
      return retrier.call(() -> {
        awaitSharedReset();
        attempts++; // attempts of one call run one at a time
        return attempt.call();
      });
    } catch (RetryException e) {
      Object stopped = stoppedOn(e);
      if (stopped == null) {
        throw e;
      }
      return stopped;
    }
  }

  /**
   * Runs the call asynchronously on the client's retrier, as {@link #run(Callable)}; no thread is held while a
   * retry waits.
   *
   * @param attempt one attempt: starts the exchange, returns its stage
   * @return a future completed with the final response, or exceptionally with the {@link RetryException}
   *     {@link #run(Callable)} would throw (or the failure the retrier completed with, such as a
   *     {@link java.util.concurrent.CancellationException}); cancelling it cancels the pending retry and, through the
   *     stage {@code attempt} returned, the attempt in flight
   * @throws NullPointerException if {@code attempt} is null
   */
  public CompletableFuture<Object> runAsync(Supplier<? extends CompletionStage<?>> attempt) {
    Checks.requireNonNull(attempt, "attempt");
    CompletableFuture<Object> retried = calls.retrier(retryable).callAsync(() -> afterSharedReset(attempt));
    CompletableFuture<Object> outcome = linkedTo(retried);
    retried.whenComplete((result, failure) -> {
      if (failure == null) {
        outcome.complete(result);
        return;
      }
      Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause()
          : failure;
      Object stopped = t instanceof RetryException e ? stoppedOn(e) : null;
      if (stopped != null) {
        outcome.complete(stopped);
      } else {
        outcome.completeExceptionally(t);
      }
    });
    return outcome;
  }

  /**
   * The wait before this call may send, for a reset another call learned ({@link SharedReset}): 0 if there is none,
   * or if it would not end within the attempt's limit, the deadline or the attempt timeout (then the call sends, and
   * the server's answer decides).
   */
  private long sharedResetWaitNanos() {
    SharedReset reset = calls.sharedReset();
    if (reset == null || reset.waitNanos() == 0) {
      return 0; // nothing pending: draw nothing, so a seeded source's draws go where they went without this
    }
    long wait = reset.waitNanos(calls.options().random().map(RandomGenerator::nextDouble)
        .orElseGet(() -> ThreadLocalRandom.current().nextDouble()));
    // The attempt's limit: the time left before the deadline and the attempt timeout.
    return wait > 0 && wait < calls.attemptLimitNanos(startNanos) ? wait : 0;
  }

  /** Holds a synchronous attempt until the shared reset, looking again after each wait. */
  private void awaitSharedReset() throws InterruptedException {
    long wait;
    while ((wait = sharedResetWaitNanos()) > 0) {
      calls.options().sleeper().sleep(wait);
    }
  }

  /** Starts an asynchronous attempt after the shared reset, looking again after each wait; holds no thread. */
  private CompletionStage<?> afterSharedReset(Supplier<? extends CompletionStage<?>> attempt) {
    long wait = sharedResetWaitNanos();
    if (wait <= 0) {
      attempts++;
      return attempt.get();
    }
    CompletableFuture<Object> later = new CompletableFuture<>();
    ScheduledExecutorService scheduler = calls.options().scheduler().orElseGet(DefaultScheduler::get);
    scheduler.schedule(() -> {
      if (later.isDone()) {
        return; // cancelled while waiting: send nothing
      }
      try {
        afterSharedReset(attempt).whenComplete((v, e) -> {
          if (e != null) {
            later.completeExceptionally(e);
          } else {
            later.complete(v);
          }
        });
      } catch (RuntimeException | Error e) {
        later.completeExceptionally(e);
      }
    }, wait, TimeUnit.NANOSECONDS);
    return later;
  }

  /** The response retries stopped on, recording why; null if {@code e} is to be thrown. */
  private Object stoppedOn(RetryException e) {
    Object stopped = calls.resultOnStop(e);
    if (stopped != null) {
      // A request that may not be retried runs under one attempt: its "attempts exhausted" is "not retryable".
      stopReason = !retryable && e.reason() == StopReason.ATTEMPTS_EXHAUSTED ? StopReason.NOT_RETRYABLE : e.reason();
    }
    return stopped;
  }

  /**
   * How long the next attempt may take: the shortest of the policy's attempt timeout and the time left before its
   * deadline ({@link AttemptDeadline#timeoutNanos}), at least {@link AttemptDeadline#MIN_TIMEOUT};
   * {@link Long#MAX_VALUE} if neither is set.
   *
   * @return the limit in nanoseconds
   */
  public long attemptLimitNanos() {
    return calls.attemptLimitNanos(startNanos);
  }

  /**
   * How the call ended with {@code response}, its final response: the attempts made, the time from the call's start
   * (by the options' ticker, waits included) and, if retries stopped on this response, why; also
   * {@link StopReason#NOT_RETRYABLE} when the request could not be retried and the response has a status the options
   * retry. Empty when the response is final (a success, a status that is not retried).
   *
   * @param response the final response, as the client hands it to its caller
   * @param <R> the client's response type
   * @return the outcome
   * @throws NullPointerException if {@code response} is null
   */
  public <R> HttpRetryOutcome<R> outcome(R response) {
    StopReason stop = stopReason;
    if (stop == null && !retryable && calls.options().isRetryableStatus(calls.reader().status(response))) {
      stop = StopReason.NOT_RETRYABLE;
    }
    return HttpRetryOutcome.of(response, Math.max(1, attempts),
        Duration.ofNanos(Math.max(0, calls.options().ticker().read() - startNanos)), Optional.ofNullable(stop));
  }

  @Override
  public String toString() {
    return "HttpRetryCall[retryable=" + retryable + ", attempts=" + attempts + ", stopReason=" + stopReason + "]";
  }

  /**
   * A new future that, when cancelled, cancels {@code upstream} too (a dependent stage of a {@code CompletableFuture}
   * does not): for an asynchronous client that completes its caller's future from an exchange or from
   * {@link #runAsync}, so that the caller's {@code cancel} reaches what runs.
   *
   * @param upstream what to cancel with it
   * @param <V> the value type
   * @return a new incomplete future
   * @throws NullPointerException if {@code upstream} is null
   */
  public static <V> CompletableFuture<V> linkedTo(Future<?> upstream) {
    return new Linked<>(Checks.requireNonNull(upstream, "upstream"));
  }

  /** A future that passes its cancellation on to the one it was made from. */
  private static final class Linked<V> extends CompletableFuture<V> {
    private final Future<?> upstream;

    Linked(Future<?> upstream) {
      this.upstream = upstream;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      boolean cancelled = super.cancel(mayInterruptIfRunning);
      upstream.cancel(mayInterruptIfRunning);
      return cancelled;
    }
  }
}
