package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The timer queue's heap at the edges the ordering tests do not reach: one wake-up for retries due at the same
 * instant, the heap order restored after a purge, the purge threshold after a wake-up took retries off, and the
 * memory promise of the class comment (done retries released, the array shrunk once a quarter is in use), read
 * through the private array because no behaviour shows it.
 */
class RetryTimerHeapTest {
  private final CountingScheduler scheduler = new CountingScheduler();

  private Retrier<String> retrier() {
    return Retrier.builder(RetryPolicy.<String>builder()
            .withDelayOverride(c -> Duration.ofMillis(Long.parseLong(c.failure().getMessage())),
                Duration.ZERO, Duration.ofHours(1))
            .build())
        .withTicker(scheduler.manual::nanoTime).withScheduler(scheduler).build();
  }

  /** Fails once asking for {@code waitMillis}, then succeeds with {@code name}, recording the start. */
  private CompletableFuture<String> failOnce(Retrier<String> retrier, long waitMillis, List<String> order) {
    AtomicInteger attempts = new AtomicInteger();
    String name = "r" + waitMillis;
    return retrier.callAsync(() -> {
      if (attempts.incrementAndGet() == 1) {
        return CompletableFuture.failedFuture(new IOException(Long.toString(waitMillis)));
      }
      order.add(name + "@" + scheduler.manual.nanoTime() / 1_000_000);
      return CompletableFuture.completedFuture(name);
    });
  }

  private static Object[] heap(Retrier<?> retrier) throws ReflectiveOperationException {
    Field heap = RetryTimer.class.getDeclaredField("heap");
    heap.setAccessible(true);
    synchronized (retrier.timer) {
      return (Object[]) heap.get(retrier.timer);
    }
  }

  @Test
  void callAsync_secondRetryDueWithTheFirst_keepsTheOneWakeUp() {
    Retrier<String> retrier = retrier();
    List<String> order = new ArrayList<>();
    failOnce(retrier, 100, order);
    failOnce(retrier, 100, order);

    assertThat(scheduler.scheduled()).as("a retry due no earlier than the wake-up does not reschedule it")
        .isEqualTo(1);
    scheduler.manual.runUntilIdle();
    assertThat(order).containsExactly("r100@100", "r100@100");
  }

  @Test
  void callAsync_purgeLeavesAnUnorderedArray_restoresTheHeapOrder() {
    Retrier<String> retrier = retrier();
    List<String> order = new ArrayList<>();
    // Queued in this order, the heap's array is [100, 300, 200, 400]; without 100 and 400 it is [300, 200].
    CompletableFuture<String> r100 = failOnce(retrier, 100, order);
    failOnce(retrier, 300, order);
    failOnce(retrier, 200, order);
    CompletableFuture<String> r400 = failOnce(retrier, 400, order);

    r100.cancel(false);
    r400.cancel(false); // 2 of 4: the purge
    assertThat(retrier.timer.size()).isEqualTo(2);
    scheduler.manual.runUntilIdle();

    assertThat(order).containsExactly("r200@200", "r300@300");
  }

  @Test
  void callAsync_cancelAfterAWakeUpTookRetriesOff_countsOnlyThatCancellation() {
    Retrier<String> retrier = retrier();
    List<String> order = new ArrayList<>();
    failOnce(retrier, 100, order);
    failOnce(retrier, 200, order);
    failOnce(retrier, 300, order);
    CompletableFuture<String> r400 = failOnce(retrier, 400, order);
    scheduler.manual.advance(Duration.ofMillis(100));
    assertThat(retrier.timer.size()).isEqualTo(3);

    r400.cancel(false);

    assertThat(retrier.timer.size()).as("1 of 3 cancelled: below half, no purge yet").isEqualTo(3);
    scheduler.manual.runUntilIdle();
    assertThat(order).containsExactly("r100@100", "r200@200", "r300@300");
  }

  @Test
  void callAsync_allRetriesRun_releasesEverySlot() throws Exception {
    Retrier<String> retrier = retrier();
    List<String> order = new ArrayList<>();
    failOnce(retrier, 100, order);
    failOnce(retrier, 200, order);

    scheduler.manual.runUntilIdle();

    assertThat(order).hasSize(2);
    assertThat(heap(retrier)).containsOnlyNulls();
  }

  @Test
  void callAsync_purges_releaseTheDoneRetriesAndShrinkOnlyBelowAQuarter() throws Exception {
    Retrier<String> retrier = retrier();
    List<String> order = new ArrayList<>();
    List<CompletableFuture<String>> calls = new ArrayList<>();
    for (int w = 1; w <= 40; w++) {
      calls.add(failOnce(retrier, w * 10L, order));
    }
    assertThat(heap(retrier)).hasSize(64);

    for (int i = 1; i < 40; i += 2) { // 20 of 40: the purge at half
      calls.get(i).cancel(false);
    }
    assertThat(retrier.timer.size()).isEqualTo(20);
    assertThat(heap(retrier)).as("20 of 64 slots in use: more than a quarter, not shrunk").hasSize(64);
    assertThat(Arrays.copyOfRange(heap(retrier), 20, 64)).containsOnlyNulls();

    for (int i = 0; i < 20; i += 2) { // 10 of the 20 left: the next purge
      calls.get(i).cancel(false);
    }
    assertThat(retrier.timer.size()).isEqualTo(10);
    Object[] shrunk = heap(retrier);
    assertThat(shrunk).as("10 in use: shrunk to twice that").hasSize(20);
    assertThat(Arrays.copyOfRange(shrunk, 0, 10)).doesNotContainNull();
    assertThat(Arrays.copyOfRange(shrunk, 10, 20)).containsOnlyNulls();

    scheduler.manual.runUntilIdle();
    List<String> expected = new ArrayList<>();
    for (int w = 21; w <= 39; w += 2) {
      expected.add("r" + w * 10 + "@" + w * 10);
    }
    assertThat(order).containsExactlyElementsOf(expected);
  }

  @Test
  void callAsync_schedulerRefusesTheNextWakeUp_releasesTheRetriesItFails() throws Exception {
    Retrier<String> retrier = retrier();
    List<String> order = new ArrayList<>();
    failOnce(retrier, 100, order);
    CompletableFuture<String> second = failOnce(retrier, 200, order);
    CompletableFuture<String> third = failOnce(retrier, 300, order);

    scheduler.shutdown();
    scheduler.manual.advance(Duration.ofMillis(100));

    assertThat(second).isCompletedExceptionally();
    assertThat(third).isCompletedExceptionally();
    assertThat(heap(retrier)).containsOnlyNulls();
  }
}
