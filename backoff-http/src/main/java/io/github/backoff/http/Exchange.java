package io.github.backoff.http;

import io.github.backoff.Retrier;
import io.github.backoff.Ticker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * One call of {@link RetryingHttpClient#send} or {@link RetryingHttpClient#sendAsync}: makes each attempt's request
 * (its timeout cut to the time left), reads the bodies of retryable responses into memory, and turns the final
 * outcome into the caller's {@code HttpResponse<T>}. Attempts of one call never overlap, so it needs no locking.
 */
final class Exchange<T> {
  /** The shortest request timeout we set: HttpRequest rejects zero, and less than this cannot succeed anyway. */
  static final long MIN_TIMEOUT_NANOS = 1_000_000L;

  private final HttpClient client;
  private final HttpRequest request;
  private final HttpResponse.BodyHandler<T> handler;
  private final HttpResponse.BodyHandler<Object> attemptHandler;
  final Retrier<Object> retrier;
  private final Ticker ticker;
  private final long startNanos;
  private final long maxElapsedNanos;
  private final long attemptTimeoutNanos;

  /** A byte-array body of a response with a retryable status, before it is wrapped with its response. */
  private record Buffered(byte[] bytes) {}

  @SuppressWarnings("unchecked")
  Exchange(HttpClient client, HttpRequest request, HttpResponse.BodyHandler<T> handler, boolean retryable,
      Set<Integer> statuses, Retrier<Object> retrier, Ticker ticker) {
    this.client = client;
    this.request = request;
    this.handler = handler;
    this.retrier = retrier;
    this.ticker = ticker;
    this.maxElapsedNanos = retrier.policy().maxElapsed().map(Exchange::nanos).orElse(Long.MAX_VALUE);
    this.attemptTimeoutNanos = retrier.policy().attemptTimeout().map(Exchange::nanos).orElse(0L);
    // A request that may not be retried gets the caller's handler untouched: its response is final whatever it is.
    this.attemptHandler = !retryable ? (HttpResponse.BodyHandler<Object>) (HttpResponse.BodyHandler<?>) handler
        : info -> statuses.contains(info.statusCode())
            ? HttpResponse.BodySubscribers.mapping(HttpResponse.BodySubscribers.ofByteArray(), Buffered::new)
            : (HttpResponse.BodySubscriber<Object>) (HttpResponse.BodySubscriber<?>) handler.apply(info);
    this.startNanos = ticker.read();
  }

  /** One synchronous attempt. */
  Object send() throws IOException, InterruptedException {
    return toResult(client.send(nextRequest(), attemptHandler));
  }

  /** One asynchronous attempt; cancelling the stage cancels the client's exchange. */
  CompletionStage<Object> sendAsync() {
    CompletableFuture<HttpResponse<Object>> sent = client.sendAsync(nextRequest(), attemptHandler);
    Linked<Object> attempt = new Linked<>(sent);
    sent.whenComplete((response, failure) -> {
      if (failure != null) {
        attempt.completeExceptionally(unwrap(failure));
      } else {
        attempt.complete(toResult(response));
      }
    });
    return attempt;
  }

  /**
   * The caller's request, or a copy whose timeout is the shortest of its own, the policy's attempt timeout and the
   * time left before the policy's deadline.
   */
  HttpRequest nextRequest() {
    long own = request.timeout().map(Exchange::nanos).orElse(Long.MAX_VALUE);
    long timeout = own;
    if (attemptTimeoutNanos > 0) {
      timeout = Math.min(timeout, attemptTimeoutNanos);
    }
    if (maxElapsedNanos != Long.MAX_VALUE) {
      long left = maxElapsedNanos - (ticker.read() - startNanos);
      timeout = Math.min(timeout, Math.max(left, MIN_TIMEOUT_NANOS));
    }
    if (timeout == own) {
      return request;
    }
    return HttpRequest.newBuilder(request, (name, value) -> true).timeout(Duration.ofNanos(timeout)).build();
  }

  private static Object toResult(HttpResponse<Object> response) {
    Object body = response.body();
    return body instanceof Buffered ? new BufferedResponse<>(response, ((Buffered) body).bytes()) : response;
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
      return BufferedResponse.replay((BufferedResponse<byte[]>) outcome, handler);
    }
    return CompletableFuture.completedFuture((HttpResponse<T>) outcome);
  }

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

  /** A future that passes its cancellation on to the one it was made from. */
  static final class Linked<V> extends CompletableFuture<V> {
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
