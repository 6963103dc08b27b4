package io.github.backoff.spring.boot.it;

import io.github.backoff.spring.boot.Retry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A real application for the end-to-end test: a flaky HTTP endpoint, and a client bean whose calls to it are
 * retried by {@code @Retry} under the {@code http} policy of the test's properties.
 */
@SpringBootApplication
public class FlakyApplication {

  /** Answers 503 to the first {@code failures} requests for each key, then 200; counts every request. */
  @RestController
  public static class FlakyController {
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

    @GetMapping("/flaky")
    public ResponseEntity<String> flaky(@RequestParam String key, @RequestParam int failures) {
      int n = requests(key).incrementAndGet();
      return n <= failures ? ResponseEntity.status(503).body("busy") : ResponseEntity.ok("ok after " + n);
    }

    public AtomicInteger requests(String key) {
      return requests.computeIfAbsent(key, k -> new AtomicInteger());
    }
  }

  /** Calls the endpoint with the JDK client; a 5xx is an IOException, which the http policy retries. */
  @Service
  public static class StatusClient {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Retry("http")
    public String get(URI uri) throws IOException, InterruptedException {
      return body(http.send(request(uri), HttpResponse.BodyHandlers.ofString()));
    }

    @Retry("http")
    public CompletableFuture<String> getAsync(URI uri) {
      return http.sendAsync(request(uri), HttpResponse.BodyHandlers.ofString()).thenCompose(r -> {
        try {
          return CompletableFuture.completedFuture(body(r));
        } catch (IOException e) {
          return CompletableFuture.failedFuture(e);
        }
      });
    }

    @Retry(value = "http", fallback = "unavailable")
    public String getOrDefault(URI uri) throws IOException, InterruptedException {
      return get(uri); // a self-invocation: not retried again; only the outer call is
    }

    String unavailable(URI uri, IOException e) {
      return "unavailable: " + e.getMessage();
    }

    private static HttpRequest request(URI uri) {
      return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build();
    }

    private static String body(HttpResponse<String> response) throws IOException {
      if (response.statusCode() >= 500) {
        throw new IOException("HTTP " + response.statusCode());
      }
      return response.body();
    }
  }
}
