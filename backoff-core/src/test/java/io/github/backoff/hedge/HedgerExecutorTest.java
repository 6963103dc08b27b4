package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.testing.ManualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Issue 32 item 1 for the hedger: each hedge the timer sends is handed on its own to the hedger's executor. */
class HedgerExecutorTest {
  private static final Duration DELAY = Duration.ofMillis(100);
  private static final long PATIENCE_SECONDS = 30;

  private final ManualScheduler scheduler = new ManualScheduler();
  private final ExecutorService pool = Executors.newFixedThreadPool(2);

  @AfterEach
  void shutDown() {
    pool.shutdownNow();
  }

  private HedgerBuilder<String> builder() {
    return Hedger.builder(HedgePolicy.<String>builder().withDelay(DELAY).withMaxHedges(1).build())
        .withTicker(scheduler::nanoTime).withScheduler(scheduler);
  }

  /** The original never answers; the hedge runs {@code hedge} behind a completed stage. */
  private static Supplier<CompletionStage<String>> slowOriginalThen(Supplier<String> hedge) {
    AtomicInteger calls = new AtomicInteger();
    return () -> calls.incrementAndGet() == 1 ? new CompletableFuture<>()
        : CompletableFuture.completedFuture(hedge.get());
  }

  @Test
  void callAsync_oneHedgesSupplierBlocks_anotherHedgeDueAtTheSameTimeStarts() throws Exception {
    Hedger<String> hedger = builder().withExecutor(pool).build();
    CountDownLatch secondStarted = new CountDownLatch(1);
    AtomicReference<Boolean> sawSecondStart = new AtomicReference<>();
    CompletableFuture<String> blocking = hedger.callAsync(slowOriginalThen(() -> {
      try {
        sawSecondStart.set(secondStarted.await(PATIENCE_SECONDS, TimeUnit.SECONDS));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return "blocking";
    }));
    CompletableFuture<String> other = hedger.callAsync(slowOriginalThen(() -> {
      secondStarted.countDown();
      return "other";
    }));

    scheduler.advance(DELAY);

    assertThat(other.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo("other");
    assertThat(blocking.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo("blocking");
    assertThat(sawSecondStart.get()).as("the second hedge started while the first one's supplier blocked").isTrue();
  }

  @Test
  void callAsync_executorRefusesTheHedge_theHedgeFailsWithTheRefusal() {
    RejectedExecutionException refusal = new RejectedExecutionException("saturated");
    Hedger<String> hedger = builder().withExecutor(task -> {
      throw refusal;
    }).build();
    AtomicInteger hedges = new AtomicInteger();
    CompletableFuture<String> call = hedger.callAsync(slowOriginalThen(() -> {
      hedges.incrementAndGet();
      return "never";
    }));

    scheduler.advance(DELAY);

    assertThat(call.handle((r, t) -> t).join()).as("not hedged on: the call fails with it").isSameAs(refusal);
    assertThat(hedges).hasValue(0);
  }

  @Test
  void callAsync_decidedAfterTheHandOffBeforeTheTaskRuns_callsTheSupplierNoMore() {
    List<Runnable> handedOff = new ArrayList<>();
    Hedger<String> hedger = builder().withExecutor(handedOff::add).build();
    AtomicInteger hedges = new AtomicInteger();
    CompletableFuture<String> call = hedger.callAsync(slowOriginalThen(() -> {
      hedges.incrementAndGet();
      return "hedge";
    }));
    scheduler.advance(DELAY);
    assertThat(handedOff).hasSize(1);

    call.complete("cached");
    handedOff.get(0).run();

    assertThat(hedges).hasValue(0);
    assertThat(call).isCompletedWithValue("cached");
  }

  @Test
  void withExecutor_nullOrShutDown_throwsNamingIt() {
    assertThatThrownBy(() -> builder().withExecutor(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("executor");
    ExecutorService shut = Executors.newSingleThreadExecutor();
    shut.shutdown();
    assertThatThrownBy(() -> builder().withExecutor(shut)).isInstanceOf(InvalidParameterException.class)
        .hasMessage("executor must not be shut down: " + shut);
  }
}
