package io.github.backoff.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.Hedger;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 32 item 2: the retry's and the hedger's listeners go through one rule, {@link Listeners#threw}: whatever a
 * listener throws is logged and ignored, so the call still completes (a retry listener's plain {@link Error} used to
 * escape from the async driver's stage callback and leave its future incomplete).
 */
class ListenersTest {
  private final ManualScheduler scheduler = new ManualScheduler();

  static Stream<Supplier<Throwable>> thrown() {
    return Stream.of(() -> new IllegalStateException("runtime"), () -> new Error("plain error"),
        () -> new IOException("checked, thrown sneakily"), () -> new InterruptedException("sneaky interrupt"));
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
    throw (T) t;
  }

  @ParameterizedTest
  @MethodSource("thrown")
  void retryListener_throwsAnything_theAsyncRetryStillCompletes(Supplier<Throwable> thrown) {
    AtomicInteger events = new AtomicInteger();
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
            .withBackoff(Backoff.constant(Duration.ofMillis(10)))
            .onEvent(e -> {
              events.incrementAndGet();
              ListenersTest.<RuntimeException>sneakyThrow(thrown.get());
            })
            .build())
        .withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
    AtomicInteger calls = new AtomicInteger();
    CompletableFuture<String> call = retrier.callAsync(() -> calls.incrementAndGet() == 1
        ? CompletableFuture.failedFuture(new IOException("down")) : CompletableFuture.completedFuture("ok"));

    scheduler.advance(Duration.ofMillis(10));

    assertThat(call).isCompletedWithValue("ok");
    assertThat(events).as("failed, scheduled, succeeded").hasValue(3);
    assertThat(Thread.interrupted()).as("a sneaky InterruptedException leaves the flag set")
        .isEqualTo(thrown.get() instanceof InterruptedException);
  }

  @ParameterizedTest
  @MethodSource("thrown")
  void hedgeListener_throwsAnything_theHedgedCallStillCompletes(Supplier<Throwable> thrown) {
    Hedger<String> hedger = Hedger.builder(HedgePolicy.<String>builder().withDelay(Duration.ofMillis(10))
            .withMaxHedges(1)
            .onEvent(e -> ListenersTest.<RuntimeException>sneakyThrow(thrown.get()))
            .build())
        .withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
    AtomicInteger calls = new AtomicInteger();
    CompletableFuture<String> call = hedger.callAsync(() -> calls.incrementAndGet() == 1
        ? new CompletableFuture<>() : CompletableFuture.completedFuture("hedge"));

    scheduler.advance(Duration.ofMillis(10));

    assertThat(call).isCompletedWithValue("hedge");
    Thread.interrupted(); // clear the flag a sneaky InterruptedException set
  }
}
