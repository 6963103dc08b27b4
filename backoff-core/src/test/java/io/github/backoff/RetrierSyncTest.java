package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RetrierSyncTest {
  private final FakeClock clock = new FakeClock();

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  private Retrier<String> retrier(RetryPolicy<String> policy, Sleeper sleeper) {
    return Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(sleeper).build();
  }

  private static RetryPolicy<String> policy() {
    return RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(5)
        .build();
  }

  @Test
  void call_interruptedDuringWait_stopsRestoresFlagAndThrows() {
    IOException failure = new IOException("down");
    AtomicInteger attempts = new AtomicInteger();
    Retrier<String> retrier = retrier(policy(), nanos -> {
      throw new InterruptedException("woken");
    });

    assertThatThrownBy(() -> retrier.call(() -> {
      attempts.incrementAndGet();
      throw failure;
    })).isInstanceOfSatisfying(RetryException.class, e -> {
      assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED);
      assertThat(e.getCause()).isSameAs(failure);
      assertThat(e.getSuppressed()).singleElement().isInstanceOf(InterruptedException.class);
    });
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    assertThat(attempts).hasValue(1);
  }

  @Test
  void call_attemptThrowsInterruptedException_stopsAndRestoresFlag() {
    Retrier<String> retrier = retrier(policy(), clock::sleep);

    assertThatThrownBy(() -> retrier.call(() -> {
      throw new InterruptedException("in the attempt");
    })).isInstanceOfSatisfying(RetryException.class,
        e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void call_interruptFlagSetByFailedAttempt_stopsWithoutWaiting() {
    Retrier<String> retrier = retrier(policy(), clock::sleep);

    assertThatThrownBy(() -> retrier.call(() -> {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted I/O");
    })).isInstanceOfSatisfying(RetryException.class,
        e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void call_realThreadInterruptedWhileSleeping_stopsPromptly() throws Exception {
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMinutes(10))).build();
    Retrier<String> retrier = Retrier.of(policy);
    CountDownLatch attempted = new CountDownLatch(1);
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    AtomicReference<Boolean> flag = new AtomicReference<>();
    Thread worker = new Thread(() -> {
      try {
        retrier.call(() -> {
          attempted.countDown();
          throw new IOException("down");
        });
      } catch (Throwable t) {
        thrown.set(t);
      }
      flag.set(Thread.currentThread().isInterrupted());
    });
    worker.start();
    assertThat(attempted.await(10, TimeUnit.SECONDS)).isTrue();
    while (worker.getState() != Thread.State.TIMED_WAITING && worker.isAlive()) {
      Thread.onSpinWait();
    }
    worker.interrupt();
    worker.join(10_000);

    assertThat(worker.isAlive()).isFalse();
    assertThat(thrown.get()).isInstanceOfSatisfying(RetryException.class,
        e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
    assertThat(flag.get()).isTrue();
  }

  @Test
  void run_runnableFailsThenSucceeds_runsTwice() {
    AtomicInteger runs = new AtomicInteger();
    retrier(policy(), clock::sleep).run(() -> {
      if (runs.incrementAndGet() == 1) {
        throw new IOException("first");
      }
    });

    assertThat(runs).hasValue(2);
    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void call_nullCallable_throwsNpeNamingIt() {
    assertThatThrownBy(() -> retrier(policy(), clock::sleep).call(null))
        .isInstanceOf(NullPointerException.class).hasMessage("callable");
  }

  @Test
  void call_attemptTimeoutWithRealScheduler_interruptsTheAttempt() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.none()).withMaxAttempts(2).withAttemptTimeout(Duration.ofMillis(500)).build();
    AtomicInteger attempts = new AtomicInteger();

    String result = Retrier.of(policy).call(() -> {
      if (attempts.incrementAndGet() == 1) {
        new CountDownLatch(1).await(); // blocks until the timeout interrupts it
      }
      return "second";
    });

    assertThat(result).isEqualTo("second");
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void call_successAtFirstAttempt_allocatesNothing() {
    Retrier<String> retrier = Retrier.of(RetryPolicy.<String>builder().build());
    java.util.concurrent.Callable<String> callable = () -> "constant";

    double perCall = CompiledAllocations.leastBytesPerCall(1_000_000, 0.5, () -> retrier.call(callable));

    assertThat(perCall).as("bytes per successful call").isLessThan(0.5);
  }

  /** Preallocated and without a stack trace: the benchmark's failure, so only the retrier's bytes are counted. */
  private static final RuntimeException STACKLESS = new RuntimeException("first attempt fails", null, false, false) {
    private static final long serialVersionUID = 1L;
  };

  @Test
  void call_oneFailureThenSuccessZeroDelay_allocatesNothing() {
    // OneFailureBenchmark's path: a plain policy keeps no execution object while the retry succeeds.
    Retrier<String> retrier = Retrier.of(RetryPolicy.<String>builder().withBackoff(Backoff.none()).build());
    int[] calls = {0};
    java.util.concurrent.Callable<String> failsOnce = () -> {
      if ((++calls[0] & 1) != 0) {
        throw STACKLESS;
      }
      return "ok";
    };

    double perCall = CompiledAllocations.leastBytesPerCall(1_000_000, 0.5, () -> retrier.call(failsOnce));

    assertThat(perCall).as("bytes per call with one failure").isLessThan(0.5);
    assertThat(calls[0] % 2).as("every call made two attempts").isZero();
  }

  @Test
  void call_oneFailureThenSuccessWithAWait_sleepsOnceAndReadsTheClockOnce() {
    java.util.concurrent.atomic.AtomicInteger readings = new java.util.concurrent.atomic.AtomicInteger();
    java.util.List<Long> sleeps = new java.util.ArrayList<>();
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
            .withBackoff(Backoff.constant(Duration.ofMillis(5))).build())
        .withTicker(() -> readings.incrementAndGet())
        .withSleeper(sleeps::add)
        .build();
    int[] calls = {0};

    String result = retrier.call(() -> {
      if (calls[0]++ == 0) {
        throw new java.io.IOException("down");
      }
      return "ok";
    });

    assertThat(result).isEqualTo("ok");
    assertThat(sleeps).containsExactly(5_000_000L);
    assertThat(readings).as("one reading, before the wait").hasValue(1);
  }

  @Test
  void call_plainPolicyTwoFailures_exceptionCarriesBothAndCountsFromTheSecondReading() {
    long[] time = {0};
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder().withBackoff(Backoff.none())
            .withMaxAttempts(2).build())
        .withTicker(() -> time[0])
        .build();
    java.io.IOException first = new java.io.IOException("first");
    java.io.IOException second = new java.io.IOException("second");
    int[] calls = {0};

    assertThatThrownBy(() -> retrier.call(() -> {
      time[0] += 1_000;
      throw calls[0]++ == 0 ? first : second;
    }))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(2);
          assertThat(e.getCause()).isSameAs(second);
          assertThat(e.getSuppressed()).containsExactly(first);
          assertThat(e.elapsed()).as("zero waits: counted from the second failure").isZero();
        });
  }

  @Test
  void call_defaultRandomOnFreshThreads_jitterDiffersBetweenThreads() throws Exception {
    // ThreadLocalRandom's contract is to call current() at each use from the using thread; the default source
    // does, so threads never share a sequence of jitter draws.
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withMaxAttempts(4)
        .withBackoff(Backoff.constant(Duration.ofSeconds(1000)).withFullJitter()).build();
    java.util.List<java.util.List<Long>> perThread = new java.util.concurrent.CopyOnWriteArrayList<>();
    Retrier<String> retrier = Retrier.builder(policy).withSleeper(nanos -> perThread.get(perThread.size() - 1)
        .add(nanos)).build();
    for (int t = 0; t < 2; t++) {
      Thread thread = new Thread(() -> {
        perThread.add(new java.util.ArrayList<>());
        try {
          retrier.call(() -> {
            throw new IOException("down");
          });
        } catch (RetryException expected) {
          // three waits recorded
        }
      });
      thread.start();
      thread.join();
    }

    assertThat(perThread.get(0)).hasSize(3);
    assertThat(perThread.get(0)).isNotEqualTo(perThread.get(1));
  }
}
