package io.github.backoff.http;

import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.testing.Await;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

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
    // Virtual time moves to each wait as it is scheduled; real time passes only for the client's I/O.
    Await.until(() -> {
      Duration next = time.nextTaskDelay();
      if (!future.isDone() && next != null) {
        time.advance(next);
      }
      return future.isDone();
    }, Duration.ofSeconds(10));
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
