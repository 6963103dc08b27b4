package snippets.vertx;

// tag::retrier[]
// tag::webclient[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
// end::webclient[]
import io.github.backoff.vertx.VertxRetrier;
// tag::webclient[]
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
// end::webclient[]
// end::retrier[]
// tag::webclient[]
import io.github.backoff.vertx.RetryingWebClient;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
// end::webclient[]
import java.util.function.Supplier;

/** docs/vertx.md's examples, compiled; {@code VertxSnippetsTest} runs them against a real server. */
final class VertxSnippets {
  private VertxSnippets() {}

  static Future<String> retrier(Vertx vertx, Supplier<Future<String>> fetchPrice) {
    // tag::retrier[]
    VertxRetrier<String> retrier = VertxRetrier.of(vertx, RetryPolicy.<String>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(50)).withCap(Duration.ofSeconds(2)).withFullJitter())
        .withMaxAttempts(4)
        .withMaxElapsed(Duration.ofSeconds(10))
        .build());

    Future<String> price = retrier.execute(() -> fetchPrice.get());   // each wait is a vertx.setTimer
    // end::retrier[]
    return price;
  }

  static Future<HttpResponse<Buffer>> webClient(Vertx vertx, int port) {
    // tag::webclient[]
    WebClient web = WebClient.create(vertx);
    RetryingWebClient retrying = RetryingWebClient.of(vertx, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(50)).withCap(Duration.ofSeconds(2)).withFullJitter())
        .withMaxAttempts(4)
        .build());

    Future<HttpResponse<Buffer>> orders = retrying.send(web.get(port, "localhost", "/orders"));
    Future<HttpResponse<Buffer>> created = retrying.sendBuffer(
        web.post(port, "localhost", "/orders").putHeader("Idempotency-Key", "order-42"),
        Buffer.buffer("{\"sku\":\"42\"}"));
    // end::webclient[]
    return orders.compose(o -> created);
  }
}
