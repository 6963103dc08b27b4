package io.github.backoff.http;

import io.github.backoff.httprules.HttpRetryOutcome;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.LockSupport;

/**
 * The shared scenarios through {@link RetryingHttpClient#sendAsync}: while the future is not done, the test thread
 * jumps virtual time to the next scheduled retry, which then starts on this thread.
 */
class RetryingHttpClientSendAsyncScenariosTest extends FaultScenarios {
  @Override
  <T> HttpResponse<T> send(RetryingHttpClient http, HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    return await(http.sendAsync(request, handler));
  }

  @Override
  <T> HttpRetryOutcome<HttpResponse<T>> sendWithOutcome(RetryingHttpClient http, HttpRequest request,
      HttpResponse.BodyHandler<T> handler) {
    return await(http.sendAsyncWithOutcome(request, handler));
  }

  private <V> V await(CompletableFuture<V> future) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!future.isDone()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("sendAsync not done within 10 s");
      }
      Duration next = time.nextTaskDelay();
      if (next != null) {
        time.advance(next);
      } else {
        LockSupport.parkNanos(1_000_000L);
      }
    }
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      throw e;
    }
  }
}
