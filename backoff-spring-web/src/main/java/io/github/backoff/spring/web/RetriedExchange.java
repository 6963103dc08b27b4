package io.github.backoff.spring.web;

import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.spi.HttpRetryCall;
import java.io.IOException;
import java.util.concurrent.Callable;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpResponse;

/**
 * The attempts of one call through {@link RetryingRequestInterceptor}, run by the core's {@link HttpRetryCall}: each
 * {@link #call()} is one attempt, sending the same request and bytes down the rest of the chain. A response with a
 * retryable status is read into memory and closed at once (its connection goes back to the pool before the wait);
 * any other response is remembered until it is known to be the one handed back, and closed otherwise. Attempts of one call never overlap
 * and run on the calling thread, so it needs no locking.
 */
final class RetriedExchange implements Callable<Object> {
  private final HttpRequest request;
  private final byte[] body;
  private final ClientHttpRequestExecution execution;
  private final HttpRetryCall call;
  private final HttpRetryOptions options;
  /** The last response returned open: closed unless it is the one the interceptor hands back. */
  private ClientHttpResponse pending;

  RetriedExchange(HttpRequest request, byte[] body, ClientHttpRequestExecution execution, HttpRetryCall call,
      HttpRetryOptions options) {
    this.request = request;
    this.body = body;
    this.execution = execution;
    this.call = call;
    this.options = options;
  }

  @Override
  public Object call() throws IOException {
    // A response the core dropped (its attempt timed out after it arrived) would hold its connection.
    closePendingExcept(null);
    ClientHttpResponse response = execution.execute(request, body);
    if (call.retryable() && options.isRetryableStatus(response.getStatusCode().value())) {
      return BufferedResponse.readAndClose(response);
    }
    pending = response;
    return response;
  }

  /** Closes the last response returned open, unless it is {@code kept}. */
  void closePendingExcept(Object kept) {
    ClientHttpResponse p = pending;
    pending = null;
    if (p != null && p != kept) {
      p.close();
    }
  }
}
