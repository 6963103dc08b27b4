package snippets.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FaultServer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class VertxSnippetsTest {
  @Test
  void snippets_runAgainstARealServer() throws Exception {
    Vertx vertx = Vertx.vertx();
    try (FaultServer server = FaultServer.start()) {
      AtomicInteger calls = new AtomicInteger();
      assertThat(VertxSnippets.retrier(vertx, () -> calls.incrementAndGet() < 3
          ? Future.failedFuture(new IllegalStateException("down")) : Future.succeededFuture("9.99"))
          .await(10, TimeUnit.SECONDS)).isEqualTo("9.99");

      server.enqueueStatuses(503, 503);
      assertThat(VertxSnippets.webClient(vertx, server.port()).await(10, TimeUnit.SECONDS).statusCode())
          .isEqualTo(200);
      // The GET and the keyed POST run at once and both may be retried: two 503s, then a 200 for each.
      assertThat(server.requestCount()).isEqualTo(4);
    } finally {
      vertx.close().await(10, TimeUnit.SECONDS);
    }
  }
}
