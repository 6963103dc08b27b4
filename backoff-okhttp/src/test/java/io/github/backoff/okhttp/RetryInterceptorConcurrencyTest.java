package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.StopReason;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.jetbrains.annotations.NotNull;
import org.junit.jupiter.api.Test;

/** One interceptor shared by concurrent calls: each call's retries and stop stay its own. */
class RetryInterceptorConcurrencyTest {
  private static final int CALLS = 16;

  @Test
  void enqueue_concurrentCalls_eachRetriedAndTaggedOnItsOwn() throws Exception {
    FakeClock clock = new FakeClock();
    Map<String, AtomicInteger> seen = new ConcurrentHashMap<>();
    try (FaultServer server = FaultServer.start()) {
      // "/flaky/i" fails once then succeeds; "/down/i" always answers 503.
      server.dispatch(r -> {
        int n = seen.computeIfAbsent(r.path(), p -> new AtomicInteger()).incrementAndGet();
        return r.path().startsWith("/down/") ? FaultReply.status(503).withBody(r.path())
            : n == 1 ? FaultReply.status(500).withBody("oops") : FaultReply.ok(r.path());
      });
      OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(new EventRecorder<>()), clock).build()).build();
      client.dispatcher().setMaxRequestsPerHost(CALLS);
      List<CompletableFuture<String>> outcomes = new ArrayList<>();

      for (int i = 0; i < CALLS; i++) {
        String path = (i % 2 == 0 ? "/flaky/" : "/down/") + i;
        CompletableFuture<String> outcome = new CompletableFuture<>();
        client.newCall(new Request.Builder().url(HttpUrl.get(server.uri(path))).build()).enqueue(new Callback() {
          @Override
          public void onFailure(@NotNull Call call, @NotNull IOException e) {
            outcome.completeExceptionally(e);
          }

          @Override
          public void onResponse(@NotNull Call call, @NotNull Response response) throws IOException {
            String summary;
            try (response) {
              summary = response.code() + " " + response.body().string() + " "
                  + RetryInterceptor.outcomeOf(response)
                  .map(s -> s.stopReason().map(Object::toString).orElse("-") + "/" + s.attempts()).orElse("none");
            }
            outcome.complete(summary);   // after the close, so the pool check below sees it
          }
        });
        outcomes.add(outcome);
      }

      for (int i = 0; i < CALLS; i++) {
        String path = (i % 2 == 0 ? "/flaky/" : "/down/") + i;
        assertThat(outcomes.get(i).get(10, TimeUnit.SECONDS)).isEqualTo(i % 2 == 0 ? "200 " + path + " -/2"
            : "503 " + path + " " + StopReason.ATTEMPTS_EXHAUSTED + "/3");
      }
      assertThat(server.requestCount()).isEqualTo(CALLS / 2 * 2 + CALLS / 2 * 3);
      assertThat(client.connectionPool().idleConnectionCount()).isEqualTo(client.connectionPool().connectionCount());
    }
  }
}
