package io.github.backoff.httprules.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The options' random source reaches the retrier's jitter; a response whose status reads as 0 is still a response
 * (its millisecond hint is followed); and {@code HttpResponseReader.of} reads its type (made inside the test, where
 * PIT sees it run, not in a static initializer).
 */
class HttpRetryCallsSourcesTest {
  record Resp(int status, Map<String, String> headers) {}

  /** Every uniform draw is one half. */
  private static final RandomGenerator HALF = new RandomGenerator() {
    @Override
    public long nextLong() {
      return 0;
    }

    @Override
    public double nextDouble() {
      return 0.5;
    }
  };

  private final FakeClock clock = new FakeClock();

  private static HttpResponseReader reader() {
    return HttpResponseReader.of(Resp.class, Resp::status, (r, name) -> r.headers().get(name));
  }

  private static java.util.concurrent.Callable<Object> replies(Object... replies) {
    Deque<Object> left = new ArrayDeque<>(List.of(replies));
    return left::removeFirst;
  }

  @Test
  void retrier_optionsRandom_drawsTheJitter() throws Exception {
    HttpRetryCalls calls = HttpRetryCalls.create(RetryPolicy.builder()
            .withBackoff(Backoff.constant(Duration.ofSeconds(2)).withFullJitter()).build(),
        HttpRetryOptions.builder().withTicker(clock::nanoTime).withSleeper(clock::sleep).withRandom(HALF).build(),
        reader());

    calls.retrier(true).call(replies(new Resp(503, Map.of()), new Resp(200, Map.of())));

    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1)); // half of 2 s
  }

  @Test
  void retrier_statusZeroWithAMillisecondHint_followsTheHint() throws Exception {
    HttpRetryCalls calls = HttpRetryCalls.create(RetryPolicy.builder()
            .withBackoff(Backoff.constant(Duration.ofSeconds(1))).build(),
        HttpRetryOptions.builder().withTicker(clock::nanoTime).withSleeper(clock::sleep).withRandom(HALF)
            .withRetryAfterMillisHeader("x-hint").build(),
        reader(), r -> ((Resp) r).status() == 0, null);

    calls.retrier(true).call(replies(new Resp(0, Map.of("x-hint", "1500")), new Resp(200, Map.of())));

    assertThat(clock.sleeps()).containsExactly(Duration.ofMillis(1500));
  }

  @Test
  void of_readsStatusAndHeadersOfItsType() {
    HttpResponseReader reader = reader();

    assertThat(reader.status(new Resp(204, Map.of()))).isEqualTo(204);
    assertThat(reader.header(new Resp(204, Map.of("a", "b")), "a")).isEqualTo("b");
  }
}
