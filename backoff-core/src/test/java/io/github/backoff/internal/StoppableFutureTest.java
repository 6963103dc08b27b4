package io.github.backoff.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.Hedger;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.Await;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 32 item 2: every way of completing a future from outside stops its work, for both futures built on
 * {@link StoppableFuture}: the async retry ({@code Retrier.callAsync}) and the hedged call ({@code Hedger.callAsync}).
 * Each case starts the call with an attempt in flight (the retry: its second attempt; the hedged call: the original
 * and one hedge), completes the future from outside, and checks that every attempt in flight was cancelled and that
 * no attempt starts afterwards, however far time goes.
 */
class StoppableFutureTest {
  private static final Duration DELAY = Duration.ofMillis(100);

  /** A way of completing a future from outside. */
  enum Way {
    CANCEL(f -> assertThat(f.cancel(true)).isTrue()),
    COMPLETE(f -> assertThat(f.complete("outside")).isTrue()),
    COMPLETE_EXCEPTIONALLY(f -> assertThat(f.completeExceptionally(new IOException("outside"))).isTrue()),
    OBTRUDE_VALUE(f -> f.obtrudeValue("outside")),
    OBTRUDE_EXCEPTION(f -> f.obtrudeException(new IOException("outside"))),
    COMPLETE_ASYNC(f -> assertThat(f.completeAsync(() -> "outside", Runnable::run)).isSameAs(f)),
    COMPLETE_ASYNC_SUPPLIER_THROWS(f -> f.completeAsync(() -> {
      throw new IllegalStateException("outside");
    }, Runnable::run)),
    /** The JDK's own timer completes it through completeExceptionally: wait for that, without sleeping. */
    OR_TIMEOUT(f -> f.orTimeout(1, TimeUnit.MILLISECONDS).handle((r, t) -> t).join()),
    /** The JDK's own timer completes it through complete. */
    COMPLETE_ON_TIMEOUT(f -> assertThat(f.completeOnTimeout("outside", 1, TimeUnit.MILLISECONDS).join())
        .isEqualTo("outside"));

    final Consumer<CompletableFuture<String>> complete;

    Way(Consumer<CompletableFuture<String>> complete) {
      this.complete = complete;
    }
  }

  /** A driver: starts a call whose attempts are recorded and left in flight. */
  enum Driver {
    RETRY(StoppableFutureTest::retried),
    HEDGE(StoppableFutureTest::hedged);

    final Function<Setup, CompletableFuture<String>> start;

    Driver(Function<Setup, CompletableFuture<String>> start) {
      this.start = start;
    }
  }

  /** The virtual time and the attempts' stages. */
  static final class Setup implements Supplier<CompletionStage<String>> {
    final ManualScheduler scheduler = new ManualScheduler();
    final List<CompletableFuture<String>> stages = new CopyOnWriteArrayList<>();

    @Override
    public CompletionStage<String> get() {
      CompletableFuture<String> stage = new CompletableFuture<>();
      stages.add(stage);
      return stage;
    }
  }

  /** The retry's first attempt fails; its second attempt is in flight. */
  private static CompletableFuture<String> retried(Setup setup) {
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder().withBackoff(Backoff.constant(DELAY))
            .withMaxAttempts(5).build())
        .withTicker(setup.scheduler::nanoTime).withScheduler(setup.scheduler).build();
    CompletableFuture<String> future = retrier.callAsync(setup);
    setup.stages.get(0).completeExceptionally(new IOException("first attempt fails"));
    setup.scheduler.advance(DELAY);
    return future;
  }

  /** The original is in flight, and one hedge; one more hedge is queued. */
  private static CompletableFuture<String> hedged(Setup setup) {
    Hedger<String> hedger = Hedger.builder(HedgePolicy.<String>builder().withDelay(DELAY).withMaxHedges(2)
            .build())
        .withTicker(setup.scheduler::nanoTime).withScheduler(setup.scheduler).build();
    CompletableFuture<String> future = hedger.callAsync(setup);
    setup.scheduler.advance(DELAY);
    return future;
  }

  static Stream<Arguments> cases() {
    return Stream.of(Driver.values()).flatMap(d -> Stream.of(Way.values()).map(w -> Arguments.of(d, w)));
  }

  @ParameterizedTest(name = "{0} completed by {1}")
  @MethodSource("cases")
  void completedFromOutside_attemptInFlight_cancelsItAndStartsNoMore(Driver driver, Way way) {
    Setup setup = new Setup();
    CompletableFuture<String> future = driver.start.apply(setup);
    int started = setup.stages.size();
    assertThat(started).as("attempts in flight before").isGreaterThanOrEqualTo(driver == Driver.RETRY ? 2 : 2);
    assertThat(future).isNotDone();

    way.complete.accept(future);

    assertThat(future).isDone();
    int first = driver == Driver.RETRY ? 1 : 0;
    if (way == Way.OR_TIMEOUT || way == Way.COMPLETE_ON_TIMEOUT) {
      // The JDK's timer thread completes the future, then the override stops the attempts: join() may return
      // between the two, so wait (briefly, in real time) for the stop rather than race it.
      Await.until(() -> setup.stages.subList(first, started).stream().allMatch(CompletableFuture::isCancelled),
          Duration.ofSeconds(10));
    }
    for (int i = first; i < started; i++) {
      assertThat(setup.stages.get(i)).as("attempt %d", i + 1).isCancelled();
    }
    setup.scheduler.advance(Duration.ofHours(1));
    assertThat(setup.stages).as("no attempt after the completion").hasSize(started);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("drivers")
  void obtrudeValue_afterTheDriverCompleted_forcesTheValueAndStartsNothing(Driver driver) {
    Setup setup = new Setup();
    CompletableFuture<String> future = driver.start.apply(setup);
    int started = setup.stages.size();
    setup.stages.get(started - 1).complete("answer");
    assertThat(future).isCompletedWithValue("answer");

    future.obtrudeValue("forced");

    assertThat(future).isCompletedWithValue("forced");
    setup.scheduler.advance(Duration.ofHours(1));
    assertThat(setup.stages).hasSize(started);
  }

  static Stream<Driver> drivers() {
    return Stream.of(Driver.values());
  }
}
