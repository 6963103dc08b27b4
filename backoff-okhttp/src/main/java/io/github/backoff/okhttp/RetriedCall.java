package io.github.backoff.okhttp;

import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.spi.HttpRetryCall;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * The attempts of one call through {@link RetryInterceptor}, run by the core's {@link HttpRetryCall}: each
 * {@link #call()} is one attempt. It cuts
 * the chain's timeouts to the attempt's limits, reads the body of a response with a retryable status into memory
 * and closes the original (so its connection goes back to the pool before the wait), and remembers any other
 * response it returned until it is known to be the one handed back. Attempts of one call never overlap, and the
 * retrier runs them all on the calling thread, so it needs no locking.
 */
final class RetriedCall implements Callable<Object> {
  private final Interceptor.Chain chain;
  private final HttpRetryCall call;
  private final HttpRetryOptions options;
  /** The last response returned with an open body: closed unless it is the one the interceptor hands back. */
  private Response pending;

  RetriedCall(Interceptor.Chain chain, HttpRetryCall call, HttpRetryOptions options) {
    this.chain = chain;
    this.call = call;
    this.options = options;
  }

  @Override
  public Object call() throws IOException {
    // A response the core dropped (its attempt timed out after it arrived) would leak its connection.
    closePendingExcept(null);
    Call okCall = chain.call();
    if (okCall.isCanceled()) {
      throw new Canceled(null);
    }
    try {
      Interceptor.Chain c = withTimeouts();
      Response response = c.proceed(c.request());
      if (call.retryable() && options.isRetryableStatus(response.code())) {
        return buffered(response);
      }
      pending = response;
      return response;
    } catch (IOException e) {
      if (okCall.isCanceled()) {
        throw new Canceled(e);
      }
      throw e;
    }
  }

  /** The chain with its connect, read and write timeouts cut to the attempt timeout and the time left. */
  private Interceptor.Chain withTimeouts() {
    long bound = call.attemptLimitNanos();
    if (bound == Long.MAX_VALUE) {
      return chain;
    }
    // Round up (OkHttp reads 0 as "no timeout"), without adding first: a bound near Long.MAX_VALUE must not wrap.
    int millis = (int) Math.min(Integer.MAX_VALUE, bound / 1_000_000L + (bound % 1_000_000L == 0 ? 0 : 1));
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
}
