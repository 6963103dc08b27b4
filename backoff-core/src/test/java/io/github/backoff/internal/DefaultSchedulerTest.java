package io.github.backoff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import java.util.concurrent.ThreadPoolExecutor;

/** Issue 24 item 5: one timer thread for the JVM, which only keeps time; the tasks run on workers. */
class DefaultSchedulerTest {
  private final ScheduledExecutorService scheduler = DefaultScheduler.get();

  @Test
  void schedule_moreTasksThanCpusBlockingTogether_oneTimerThreadAndEveryTaskOnAWorker() throws Exception {
    int tasks = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    CountDownLatch allRunning = new CountDownLatch(tasks);
    CountDownLatch release = new CountDownLatch(1);
    Set<String> ranOn = ConcurrentHashMap.newKeySet();
    for (int i = 0; i < tasks; i++) {
      scheduler.schedule(() -> {
        ranOn.add(Thread.currentThread().getName());
        allRunning.countDown();
        await(release); // every task blocks until all of them run: none may wait for another, or for the timer
      }, 1, TimeUnit.MILLISECONDS);
    }

    boolean together = allRunning.await(10, TimeUnit.SECONDS);
    List<String> timers = backoffThreadsOtherThanWorkers();
    release.countDown();

    assertThat(together).as("all %d tasks blocked at once", tasks).isTrue();
    assertThat(ranOn).hasSize(tasks).allSatisfy(name -> assertThat(name).startsWith(DefaultScheduler.WORKER_PREFIX));
    assertThat(timers).containsExactly(DefaultScheduler.TIMER_THREAD);
  }

  @Test
  void schedule_blockingTaskDue_doesNotDelayALaterTask() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch laterRan = new CountDownLatch(1);
    scheduler.schedule(() -> await(release), 1, TimeUnit.MILLISECONDS);
    scheduler.schedule(laterRan::countDown, 20, TimeUnit.MILLISECONDS);

    boolean ran = laterRan.await(10, TimeUnit.SECONDS);
    release.countDown();

    assertThat(ran).isTrue();
  }

  @Test
  void schedule_cancelledBeforeDue_leavesTheQueueAndNeverRuns() {
    DefaultScheduler.HandOff handOff = (DefaultScheduler.HandOff) scheduler;
    AtomicBoolean ran = new AtomicBoolean();
    int before = handOff.queued();
    ScheduledFuture<?> future = scheduler.schedule(() -> ran.set(true), 1, TimeUnit.HOURS);
    assertThat(handOff.queued()).isEqualTo(before + 1);

    assertThat(future.cancel(false)).isTrue();

    assertThat(handOff.queued()).isEqualTo(before);
    assertThat(ran).isFalse();
  }

  @Test
  void unsupportedForms_throwNamingWhatIsSupported() {
    assertThatThrownBy(() -> scheduler.schedule(() -> 1, 1, TimeUnit.SECONDS))
        .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("schedule(Runnable");
    assertThatThrownBy(() -> scheduler.scheduleAtFixedRate(() -> {}, 1, 1, TimeUnit.SECONDS))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> scheduler.scheduleWithFixedDelay(() -> {}, 1, 1, TimeUnit.SECONDS))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(scheduler::shutdown).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(scheduler::shutdownNow).isInstanceOf(UnsupportedOperationException.class);
    assertThat(scheduler.isShutdown()).isFalse();
  }

  @Test
  void schedule_nullCommand_throwsNamingIt() {
    assertThatThrownBy(() -> scheduler.schedule((Runnable) null, 1, TimeUnit.SECONDS))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("command");
  }

  @Test
  void platformWorkers_moreBlockingTasksThanTheBound_startBoundThreadsAndQueueTheRest() throws Exception {
    ThreadPoolExecutor workers = DefaultScheduler.platformWorkers();
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch running = new CountDownLatch(DefaultScheduler.PLATFORM_WORKERS);
    try {
      for (int i = 0; i < DefaultScheduler.PLATFORM_WORKERS + 2; i++) {
        workers.execute(() -> {
          running.countDown();
          await(release);
        });
      }
      assertThat(running.await(30, TimeUnit.SECONDS)).as("the first %d run at once", DefaultScheduler.PLATFORM_WORKERS)
          .isTrue();
      assertThat(workers.getPoolSize()).isEqualTo(DefaultScheduler.PLATFORM_WORKERS);
      assertThat(workers.getQueue()).as("the rest wait for a worker").hasSize(2);
      assertThat(workers.allowsCoreThreadTimeOut()).as("idle workers end").isTrue();
    } finally {
      release.countDown();
      workers.shutdown();
    }
  }

  /** The names of the live threads whose names start with "backoff" and that are not workers. */
  static List<String> backoffThreadsOtherThanWorkers() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
        .filter(name -> name.startsWith("backoff") && !name.startsWith(DefaultScheduler.WORKER_PREFIX)).toList();
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
