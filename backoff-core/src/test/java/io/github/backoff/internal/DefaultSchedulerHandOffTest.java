package io.github.backoff.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The hand-off's own contract, on private executors (the shared one cannot be shut down). */
class DefaultSchedulerHandOffTest {
  private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
  private final ThreadPoolExecutor workers =
      new ThreadPoolExecutor(0, 1, 1, TimeUnit.SECONDS, new SynchronousQueue<>());
  private final DefaultScheduler.HandOff handOff = new DefaultScheduler.HandOff(timer, workers);

  @AfterEach
  void shutDown() {
    timer.shutdownNow();
    workers.shutdownNow();
  }

  @Test
  void execute_noWorkerCanBeHad_runsTheTaskOnTheCallingThread() {
    workers.shutdown(); // every execute is now rejected
    Thread caller = Thread.currentThread();
    Thread[] ranOn = new Thread[1];

    handOff.execute(() -> ranOn[0] = Thread.currentThread());

    assertThat(ranOn[0]).as("the task ran, on the caller").isSameAs(caller);
  }

  @Test
  void isShutdownIsTerminatedAwaitTermination_always_false() {
    assertThat(handOff.isShutdown()).isFalse();
    assertThat(handOff.isTerminated()).isFalse();
    assertThat(handOff.awaitTermination(0, TimeUnit.NANOSECONDS)).isFalse();
  }

  @Test
  void toString_namesTheTimerWorkersAndQueue() {
    handOff.schedule(() -> { }, 1, TimeUnit.HOURS);

    assertThat(handOff).hasToString("DefaultScheduler[one timer thread, 0 of at most "
        + DefaultScheduler.PLATFORM_WORKERS + " workers, 1 queued]");
  }
}
