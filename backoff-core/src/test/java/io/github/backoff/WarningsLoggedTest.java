package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.Hedger;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.FakeClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the core logs when user code it calls throws and it carries on: a listener or a delay override that throws
 * is logged as a warning (through {@code System.Logger}, here backed by java.util.logging) and ignored.
 */
class WarningsLoggedTest {
  private final Logger logger = Logger.getLogger("io.github.backoff");
  private final List<LogRecord> records = new ArrayList<>();
  private final Handler handler = new Handler() {
    @Override
    public void publish(LogRecord record) {
      synchronized (records) {
        records.add(record);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  private final FakeClock clock = new FakeClock();

  @BeforeEach
  void capture() {
    logger.addHandler(handler);
  }

  @AfterEach
  void release() {
    logger.removeHandler(handler);
  }

  private Retrier<String> retrier(RetryPolicy<String> policy) {
    return Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
  }

  /** A call that fails once with an IOException, then returns "ok". */
  private static Callable<String> failingOnceThenOk() {
    AtomicInteger calls = new AtomicInteger();
    return () -> {
      if (calls.incrementAndGet() == 1) {
        throw new IOException("once");
      }
      return "ok";
    };
  }

  /** Exactly one record was logged: a warning whose message contains {@code text}, with {@code thrown}. */
  private void assertSingleWarning(String text, Throwable thrown) {
    assertThat(records).singleElement().satisfies(r -> {
      assertThat(r.getLevel()).isEqualTo(Level.WARNING);
      assertThat(r.getMessage()).contains(text);
      assertThat(r.getThrown()).isSameAs(thrown);
    });
  }

  @Test
  void call_delayOverrideThrows_logsAWarningAndUsesTheStrategysWait() throws Exception {
    IllegalStateException boom = new IllegalStateException("override broke");
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(2)))
        .withDelayOverride(context -> {
          throw boom;
        }, Duration.ZERO, Duration.ofMinutes(1)).build());

    String result = retrier.call(failingOnceThenOk());

    assertThat(result).isEqualTo("ok");
    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(2));
    assertSingleWarning("delay override threw", boom);
  }

  @Test
  void call_kindConditionThrows_logsAWarningAndTakesTheDefaultStrategy() throws Exception {
    IllegalStateException boom = new IllegalStateException("condition broke");
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(2)))
        .withBackoffFor(RetryKind.onFailure("broken", failure -> {
          throw boom;
        }, Backoff.constant(Duration.ofSeconds(7)))).build());

    String result = retrier.call(failingOnceThenOk());

    assertThat(result).isEqualTo("ok");
    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(2));
    assertSingleWarning("threw; taken as not matching", boom);
  }

  @Test
  void call_listenerThrows_logsAWarningPerEventAndTheCallCarriesOn() throws Exception {
    IllegalStateException boom = new IllegalStateException("listener broke");
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).onEvent(event -> {
          throw boom;
        }).build());

    assertThat(retrier.call(() -> "ok")).isEqualTo("ok");

    assertSingleWarning("threw on Succeeded", boom);
  }

  @Test
  void hedgerCallAsync_listenerThrows_logsAWarningAndTheCallCarriesOn() {
    IllegalStateException boom = new IllegalStateException("hedge listener broke");
    ManualScheduler scheduler = new ManualScheduler();
    Hedger<String> hedger = Hedger.builder(HedgePolicy.<String>builder().withDelay(Duration.ofMillis(100))
            .onEvent(event -> {
              throw boom;
            }).build())
        .withTicker(scheduler::nanoTime).withScheduler(scheduler).build();

    CompletableFuture<String> call = hedger.callAsync(() -> CompletableFuture.completedFuture("ok"));

    assertThat(call).isCompletedWithValue("ok");
    assertThat(records).singleElement().satisfies(r -> {
      assertThat(r.getLevel()).isEqualTo(Level.WARNING);
      assertThat(r.getLoggerName()).isEqualTo("io.github.backoff.hedge");
      assertThat(r.getMessage()).contains("threw on HedgeWon");
      assertThat(r.getThrown()).isSameAs(boom);
    });
  }
}
