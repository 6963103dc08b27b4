package snippets.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.reactor.BackoffRetry;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** Runs the example of docs/reactor.md ({@link ReactorDocSnippets}) in virtual time. */
class ReactorExampleTest {
  private final AtomicInteger calls = new AtomicInteger();

  /** Stands for a WebClient call: fails twice, then answers. */
  private Mono<String> fetch() {
    return Mono.defer(() -> calls.incrementAndGet() <= 2 ? Mono.error(new IOException("503")) : Mono.just("body"));
  }

  @Test
  void example_fromTheDocs() {
    List<Mono<String>> monos = new ReactorDocSnippets(this::fetch).example();
    Mono<String> body = monos.get(0);
    Mono<String> counted = monos.get(1);

    StepVerifier.withVirtualTime(() -> counted).thenAwait(Duration.ofSeconds(10)).expectNext("body")
        .verifyComplete();
    calls.set(0);
    StepVerifier.withVirtualTime(() -> body).thenAwait(Duration.ofSeconds(10)).expectNext("body").verifyComplete();
  }

  @Test
  void example_givingUp_isARetryExceptionWithItsReason() {
    BackoffRetry retry = BackoffRetry.of(RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withMaxAttempts(2).build());
    Mono<String> down = Mono.error(new IOException("down"));

    StepVerifier.withVirtualTime(() -> down.retryWhen(retry))
        .thenAwait(Duration.ofSeconds(1))
        .expectErrorSatisfies(e -> assertThat(((RetryException) e).reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED))
        .verify();
  }
}
