package io.github.backoff.okhttp;

import io.github.backoff.Ticker;
import io.github.backoff.event.GaveUp;
import io.github.backoff.httprules.AttemptDeadline;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * One call through {@link RetryInterceptor}, run by the core's retrier: each {@link #call()} is one attempt. It cuts
 * the chain's timeouts to the attempt's limits, reads the body of a response with a retryable status into memory
 * and closes the original (so its connection goes back to the pool before the wait), and remembers any other
 * response it returned until it is known to be the one handed back. Attempts of one call never overlap, and the
 * retrier runs them all on the calling thread, so it needs no locking.
 */
final class Attempt implements Callable<Object> {
  private final Interceptor.Chain chain;
  private final boolean retryable;
  private final Set<Integer> statuses;
  private final Ticker ticker;
  private final long attemptTimeoutNanos;
  private final long maxElapsedNanos;
  private final long startNanos;
  /** The last response returned with an open body: closed unless it is the one the interceptor hands back. */
  private Response pending;
  /** Attempts started so far: after attempt n, the next wait is before retry n. */
  private int attempts;
  /** Set by the interceptor's listener when the retries stop. */
  RetryStop stop;

  Attempt(Interceptor.Chain chain, boolean retryable, Set<Integer> statuses, Ticker ticker, long attemptTimeoutNanos,
      long maxElapsedNanos) {
    this.chain = chain;
    this.retryable = retryable;
    this.statuses = statuses;
    this.ticker = ticker;
    this.attemptTimeoutNanos = attemptTimeoutNanos;
    this.maxElapsedNanos = maxElapsedNanos;
    this.startNanos = maxElapsedNanos == Long.MAX_VALUE ? 0 : ticker.read();
  }

  @Override
  public Object call() throws IOException {
    // A response the core dropped (its attempt timed out after it arrived) would leak its connection.
    closePendingExcept(null);
    attempts++;
    Call call = chain.call();
    if (call.isCanceled()) {
      throw new Canceled(null);
    }
    try {
      Interceptor.Chain c = withTimeouts();
      Response response = c.proceed(c.request());
      if (retryable && statuses.contains(response.code())) {
        return buffered(response);
      }
      pending = response;
      return response;
    } catch (IOException e) {
      if (call.isCanceled()) {
        throw new Canceled(e);
      }
      throw e;
    }
  }

  /** The chain with its connect, read and write timeouts cut to the attempt timeout and the time left. */
  private Interceptor.Chain withTimeouts() {
    long bound = AttemptDeadline.timeoutNanos(Long.MAX_VALUE, attemptTimeoutNanos, maxElapsedNanos,
        maxElapsedNanos == Long.MAX_VALUE ? 0 : ticker.read() - startNanos);
    if (bound == Long.MAX_VALUE) {
      return chain;
    }
    // Round up: OkHttp reads 0 as "no timeout".
    int millis = (int) Math.min(Integer.MAX_VALUE, (bound + 999_999L) / 1_000_000L);
    Interceptor.Chain c = chain;
    if (shorter(millis, c.connectTimeoutMillis())) {
      c = c.withConnectTimeout(millis, TimeUnit.MILLISECONDS);
    }
    if (shorter(millis, c.readTimeoutMillis())) {
      c = c.withReadTimeout(millis, TimeUnit.MILLISECONDS);
    }
    if (shorter(millis, c.writeTimeoutMillis())) {
      c = c.withWriteTimeout(millis, TimeUnit.MILLISECONDS);
    }
    return c;
  }

  private static boolean shorter(int millis, int current) {
    return current == 0 || millis < current;
  }

  /** A copy of {@code response} with its body in memory; the original is closed, releasing its connection. */
  private static Response buffered(Response response) throws IOException {
    ResponseBody body = response.body();
    if (body == null) {
      return response;
    }
    try (body) {
      MediaType type = body.contentType();
      byte[] bytes = body.bytes();
      return response.newBuilder().body(ResponseBody.create(bytes, type)).build();
    }
  }

  /** Closes the last response returned with an open body, unless it is {@code kept}. */
  void closePendingExcept(Object kept) {
    Response p = pending;
    pending = null;
    if (p != null && p != kept && p.body() != null) {
      p.body().close();
    }
  }

  /** The attempts started so far, this one included. */
  int attempts() {
    return attempts;
  }

  void stopped(GaveUp<?> gaveUp) {
    stop = new RetryStop(gaveUp.reason(), gaveUp.attempt(), gaveUp.elapsed());
  }
}
