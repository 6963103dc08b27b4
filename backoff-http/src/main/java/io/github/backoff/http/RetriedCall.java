package io.github.backoff.http;

import io.github.backoff.RetryException;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.httprules.spi.AttemptDeadline;
import io.github.backoff.httprules.spi.HttpRetryCall;
import io.github.backoff.httprules.spi.HttpRetryCalls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * One whole call of {@link RetryingHttpClient#send} or {@link RetryingHttpClient#sendAsync}: runs it as the core's
 * {@link HttpRetryCall} (which counts the attempts, limits each, and learns how the call ended), makes each attempt's
 * request, ends an attempt whose whole exchange (body included) outlives its limit, reads the bodies of retryable
 * responses into memory, and turns the final outcome into the caller's {@code HttpResponse<T>}. Attempts of one call
 * never overlap; the field written by one attempt and read after it is volatile, as the async driver may run them on
 * other threads.
 */
final class RetriedCall<T> {
  private static final System.Logger LOG = System.getLogger("io.github.backoff.http");

  private final HttpClient client;
  private final HttpRequest request;
  private final HttpResponse.BodyHandler<T> handler;
  private final HttpResponse.BodyHandler<Object> attemptHandler;
  private final boolean retryable;
  private final Predicate<Object> retryableResult;
  private final HttpRetryCalls calls;
  private final HttpRetryCall call;
  /** The attempt observer's view of this call, or null without an observer. */
  private final HttpAttemptObserver.Call observed;
  /** Whether the observer's beforeAttempt returned for the current attempt, so afterAttempt is due. */
  private volatile boolean attemptObserved;
  /**
   * A response the policy's own result condition retried, its body the caller's handler's and unread: released
   * before the next attempt (after the listeners saw it), so a stream or publisher does not hold its connection.
   */
  private volatile HttpResponse<?> retriedResponse;

  /** A byte-array body of a response with a retryable status, before it is wrapped with its response. */
  private record Buffered(byte[] bytes) {}

  @SuppressWarnings("unchecked")
  RetriedCall(HttpClient client, HttpRequest request, HttpResponse.BodyHandler<T> handler, boolean retryable,
      Predicate<Object> retryableResult, HttpRetryCalls calls, HttpAttemptObserver observer) {
    this.client = client;
    this.request = request;
    this.handler = handler;
    this.retryable = retryable;
    this.retryableResult = retryableResult;
    this.calls = calls;
    this.call = calls.newCall(retryable);
    HttpRetryOptions options = calls.options();
    // A request that may not be retried gets the caller's handler untouched: its response is final whatever it is.
    this.attemptHandler = !retryable ? (HttpResponse.BodyHandler<Object>) (HttpResponse.BodyHandler<?>) handler
        : info -> options.isRetryableStatus(info.statusCode())
            ? HttpResponse.BodySubscribers.mapping(HttpResponse.BodySubscribers.ofByteArray(), Buffered::new)
            : (HttpResponse.BodySubscriber<Object>) (HttpResponse.BodySubscriber<?>) handler.apply(info);
    this.observed = observer == null ? null : observe(observer, request);
  }

  /** Runs the call synchronously: the final response, or the response retries stopped on. */
  Object run() {
    try {
      return call.run(this::send);
    } catch (RetryException e) {
      if (e.reason() == StopReason.INTERRUPTED) {
        discardRetriedResponse(); // interrupted while its retry waited: nobody will read it
      }
      throw e;
    }
  }

  /** Runs the call asynchronously, as {@link #run}; cancelling the future cancels the retries. */
  CompletableFuture<Object> runAsync() {
    return call.runAsync(this::sendAsync);
  }

  /**
   * One synchronous attempt. Without a limit it is the client's own {@code send}; with one, the exchange runs
   * asynchronously and this thread waits at most the limit for the response, body included, then cancels it.
   */
  Object send() throws IOException, InterruptedException {
    discardRetriedResponse();
    int attempt = call.attempts();
    long limit = limitNanos();
    HttpRequest attemptRequest = before(attempt, nextRequest(limit));
    HttpResponse<Object> response;
    try {
      response = exchange(attemptRequest, limit, attempt);
    } catch (IOException | InterruptedException | RuntimeException | Error e) {
      after(attempt, null, e);
      throw e;
    }
    after(attempt, response, null);
    return toResult(response, attempt);
  }

  private HttpResponse<Object> exchange(HttpRequest attemptRequest, long limit, int attempt)
      throws IOException, InterruptedException {
    if (limit == Long.MAX_VALUE) {
      return client.send(attemptRequest, attemptHandler);
    }
    CompletableFuture<HttpResponse<Object>> sent = client.sendAsync(attemptRequest, attemptHandler);
    HttpResponse<Object> response;
    try {
      response = sent.get(limit, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      cancel(sent);
      throw timedOut(attempt, limit);
    } catch (InterruptedException e) {
      cancel(sent);
      throw e;
    } catch (ExecutionException e) {
      throw rethrowIo(e.getCause());
    }
    return response;
  }

  /** One asynchronous attempt; cancelling the stage, or the limit passing, cancels the client's exchange. */
  CompletionStage<Object> sendAsync() {
    discardRetriedResponse();
    int attempt = call.attempts();
    long limit = limitNanos();
    HttpRequest attemptRequest = before(attempt, nextRequest(limit));
    CompletableFuture<HttpResponse<Object>> sent;
    try {
      sent = client.sendAsync(attemptRequest, attemptHandler);
    } catch (RuntimeException | Error e) {
      after(attempt, null, e);
      throw e;
    }
    CompletableFuture<Object> outcome = HttpRetryCall.linkedTo(sent);
    // In real time, on the core's shared scheduler: no timer thread of this module's.
    Future<?> timer = limit == Long.MAX_VALUE ? null : calls.scheduleTimer(() -> {
      if (outcome.completeExceptionally(timedOut(attempt, limit))) {
        cancel(sent);
      }
    }, limit);
    sent.whenComplete((response, failure) -> {
      if (timer != null) {
        timer.cancel(false);
      }
      after(attempt, failure == null ? response : null, failure == null ? null : unwrap(failure));
      if (failure != null) {
        outcome.completeExceptionally(unwrap(failure));
        return;
      }
      try {
        if (!outcome.complete(toResult(response, attempt))) {
          discard(response); // the limit passed first
        }
      } catch (RuntimeException | Error e) {
        outcome.completeExceptionally(e);
      }
    });
    return outcome;
  }

  /**
   * How long the next attempt may take, body included: the shortest of the policy's attempt timeout and the time
   * left before its deadline (at least {@link AttemptDeadline#MIN_TIMEOUT}); {@link Long#MAX_VALUE} if neither is
   * set. The rule every client shares ({@link HttpRetryCall#attemptLimitNanos}); the request's own timeout is
   * not one of its limits here, because it ends at the response headers ({@link #nextRequest}).
   */
  long limitNanos() {
    return call.attemptLimitNanos();
  }

  /**
   * The caller's request, or a copy whose timeout (the client's own, which ends at the response headers) is the
   * shortest of its own and the attempt's limit.
   */
  HttpRequest nextRequest(long limitNanos) {
    long own = request.timeout().map(RetriedCall::nanos).orElse(Long.MAX_VALUE);
    if (limitNanos >= own) {
      return request;
    }
    return HttpRequest.newBuilder(request, (name, value) -> true).timeout(Duration.ofNanos(limitNanos)).build();
  }

  private static HttpAttemptObserver.Call observe(HttpAttemptObserver observer, HttpRequest request) {
    try {
      return observer.onCall(request);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "attempt observer " + observer + " threw; ignored", e);
      return null;
    }
  }

  /** The request the observer returns for attempt {@code n}; {@code request} without one, or if it returns null or throws. */
  private HttpRequest before(int n, HttpRequest request) {
    attemptObserved = false;
    if (observed == null) {
      return request;
    }
    try {
      HttpRequest decorated = observed.beforeAttempt(n, request);
      attemptObserved = true;
      return decorated == null ? request : decorated;
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "attempt observer " + observed + " threw; ignored", e);
      return request;
    }
  }

  private void after(int n, HttpResponse<?> response, Throwable failure) {
    if (!attemptObserved) {
      return;
    }
    attemptObserved = false;
    try {
      observed.afterAttempt(n, response, failure);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "attempt observer " + observed + " threw; ignored", e);
    }
  }

  private static HttpTimeoutException timedOut(int attempt, long limitNanos) {
    return new HttpTimeoutException("attempt " + attempt + " timed out after " + Duration.ofNanos(limitNanos)
        .toMillis() + " ms without a complete response, body included (attempt timeout or time left before the"
        + " deadline)");
  }

  private Object toResult(HttpResponse<Object> response, int attempt) {
    Object body = response.body();
    if (body instanceof Buffered) {
      return new BufferedResponse<>(response, ((Buffered) body).bytes(), true);
    }
    if (retryableResult.test(response)) {
      retriedResponse = response; // released before the next attempt; returned as it is if retries stop on it
      return new BufferedResponse<>(response, body, false);
    }
    return response;
  }

  /** The caller's response from the retrier's outcome, waiting for the body made from buffered bytes. */
  HttpResponse<T> finish(Object outcome) {
    CompletableFuture<HttpResponse<T>> body = finishAsync(outcome).toCompletableFuture();
    try {
      return body.get();
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      body.cancel(true);
      throw new CompletionException("interrupted while the body handler made the body", e);
    }
  }

  @SuppressWarnings("unchecked")
  CompletionStage<HttpResponse<T>> finishAsync(Object outcome) {
    if (outcome instanceof BufferedResponse) {
      BufferedResponse<?> response = (BufferedResponse<?>) outcome;
      if (response.replay()) {
        return BufferedResponse.replay((BufferedResponse<byte[]>) response, handler);
      }
      return CompletableFuture.completedFuture((HttpResponse<T>) response.received());
    }
    return CompletableFuture.completedFuture((HttpResponse<T>) outcome);
  }

  /** The call's outcome with {@code response}, its final response. */
  HttpRetryOutcome<HttpResponse<T>> outcome(HttpResponse<T> response) {
    return call.outcome(response);
  }

  /** Cancels an attempt's exchange; if it completed meanwhile, closes the response's body. */
  private static void cancel(CompletableFuture<HttpResponse<Object>> sent) {
    if (!sent.cancel(true) && sent.isDone() && !sent.isCompletedExceptionally()) {
      discard(sent.join());
    }
  }

  /** Releases the body of a response the result condition retried, if no attempt since has: see {@link #discard}. */
  void discardRetriedResponse() {
    HttpResponse<?> response = retriedResponse;
    if (response != null) {
      retriedResponse = null;
      discard(response);
    }
  }

  /**
   * Releases a response body that nobody will read (a stream of a response that came too late, or one a result
   * condition retried): closes a stream ({@code ofInputStream}, {@code ofLines}), cancels a publisher
   * ({@code ofPublisher}); a buffered body holds nothing.
   */
  @SuppressWarnings("unchecked")
  private static void discard(HttpResponse<?> response) {
    if (response.body() instanceof Flow.Publisher) {
      ((Flow.Publisher<Object>) response.body()).subscribe(CANCELLING);
    } else if (response.body() instanceof AutoCloseable) {
      try {
        ((AutoCloseable) response.body()).close();
      } catch (Exception e) {
        // Nothing more to do: the body was unwanted.
      }
    }
  }

  /** Cancels what it subscribes to: releases a body publisher's exchange. */
  private static final Flow.Subscriber<Object> CANCELLING = new Flow.Subscriber<>() {
    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      subscription.cancel();
    }

    @Override
    public void onNext(Object item) {}

    @Override
    public void onError(Throwable failure) {}

    @Override
    public void onComplete() {}
  };

  /** Nanoseconds of {@code d}, saturated at {@link Long#MAX_VALUE}. */
  static long nanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  static Throwable unwrap(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
  }

  /** What the client's {@code send} would throw for a failure of its {@code sendAsync}. */
  private static IOException rethrowIo(Throwable failure) {
    if (failure instanceof IOException) {
      return (IOException) failure;
    }
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    return new IOException(failure);
  }

  private static RuntimeException rethrow(Throwable failure) {
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    if (failure instanceof IOException) {
      throw new UncheckedIOException((IOException) failure);
    }
    throw new CompletionException(failure);
  }
}
