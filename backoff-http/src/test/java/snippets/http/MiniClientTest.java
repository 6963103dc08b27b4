package snippets.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.testing.FakeClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The "Adding an HTTP client" example of docs/http.md works: statuses, Retry-After, methods and the stop. */
class MiniClientTest {
  private final FakeClock clock = new FakeClock();
  private final List<String> sent = new ArrayList<>();
  private final List<RetryEvent<?>> events = new ArrayList<>();

  private MiniClient client(MiniClient.Reply... replies) {
    Deque<MiniClient.Reply> script = new ArrayDeque<>(List.of(replies));
    RetryPolicy<Object> policy = RetryPolicy.builder().withMaxAttempts(3).onEvent(events::add).build();
    return new MiniClient.Builder((method, path, headers, timeout) -> {
      sent.add(method + " " + path);
      return script.isEmpty() ? new MiniClient.Reply(200, Map.of(), "ok") : script.poll();
    }, policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
  }

  @Test
  void send_503WithRetryAfterThen200_waitsWhatTheServerAskedAndRetries() {
    HttpRetryOutcome<MiniClient.Reply> outcome = client(new MiniClient.Reply(503, Map.of("Retry-After", "2"), "busy"))
        .send("GET", "/a", Map.of());

    assertThat(outcome.response().body()).isEqualTo("ok");
    assertThat(outcome.attempts()).isEqualTo(2);
    assertThat(outcome.stopReason()).isEmpty();
    assertThat(outcome.elapsed()).isEqualTo(Duration.ofNanos(clock.nanoTime()));
    assertThat(sent).containsExactly("GET /a", "GET /a");
    assertThat(clock.nanoTime()).isBetween(Duration.ofSeconds(2).toNanos(), Duration.ofSeconds(3).toNanos());
  }

  @Test
  void send_503Always_returnsTheLastOneWhenTheAttemptsRunOut() {
    MiniClient.Reply busy = new MiniClient.Reply(503, Map.of(), "busy");

    HttpRetryOutcome<MiniClient.Reply> outcome = client(busy, busy, busy).send("GET", "/a", Map.of());

    assertThat(outcome.response()).isSameAs(busy);
    assertThat(outcome.attempts()).isEqualTo(3);
    assertThat(outcome.stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(sent).hasSize(3);
    assertThat(events).last().isInstanceOfSatisfying(GaveUp.class,
        g -> assertThat(g.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));
  }

  @Test
  void send_postWithoutIdempotencyKey_isSentOnce() {
    HttpRetryOutcome<MiniClient.Reply> outcome =
        client(new MiniClient.Reply(503, Map.of(), "busy")).send("POST", "/a", Map.of());

    assertThat(outcome.response().status()).isEqualTo(503);
    assertThat(outcome.stopReason()).contains(StopReason.NOT_RETRYABLE);
    assertThat(sent).containsExactly("POST /a");
  }

  @Test
  void send_postWithAnIdempotencyKey_isRetried() {
    HttpRetryOutcome<MiniClient.Reply> outcome = client(new MiniClient.Reply(503, Map.of(), "busy"))
        .send("POST", "/a", Map.of(HttpRetryRules.IDEMPOTENCY_KEY, "k1"));

    assertThat(outcome.response().status()).isEqualTo(200);
    assertThat(outcome.attempts()).isEqualTo(2);
    assertThat(sent).containsExactly("POST /a", "POST /a");
  }
}
