package io.github.backoff.bench;

import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeExecutor;
import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Benchmark 4, a plain program rather than JMH: starts N async operations whose first attempt fails and whose
 * retry waits 10 s; once all N retries are pending, measures the heap they hold (after full GCs) and how fast they
 * were started; then cancels them all and checks that no second attempt runs and that the memory is released.
 *
 * <p>Every library gets the same scheduler (a 2-thread {@link ScheduledThreadPoolExecutor} with
 * {@code removeOnCancelPolicy}) and the same supplier, which returns one shared, already failed stage, so the bytes
 * and the time measured are the library's own.
 *
 * <pre>
 * java -Xmx1g -cp backoff-bench/target/benchmarks.jar io.github.backoff.bench.AsyncScale \
 *     [backoff,resilience4j,failsafe] [100000,1000000]
 * </pre>
 */
public final class AsyncScale {
  private static final Duration RETRY_DELAY = Duration.ofSeconds(10);
  private static final int WARM_UP = 50_000;
  private static final CompletableFuture<String> FAILED = CompletableFuture.failedFuture(new Failure());
  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  private AsyncScale() {}

  /** Preallocated and without a stack trace: building failures is the caller's cost, not the library's. */
  static final class Failure extends RuntimeException {
    Failure() {
      super("first attempt fails", null, false, false);
    }
  }

  /** One library's way of starting an async retried operation. */
  interface Library {
    CompletableFuture<?> start();

    /** Whether {@code start} schedules the retry before returning (else wait for the scheduler's queue). */
    default boolean synchronousFirstAttempt() {
      return true;
    }
  }

  /**
   * A supplier that counts its calls in {@code attempts} and returns the shared failed stage. Each run has its own,
   * so attempts still in flight from an earlier run (or the warm-up) are not counted.
   */
  static Supplier<CompletionStage<String>> supplier(LongAdder attempts) {
    return () -> {
      attempts.increment();
      return FAILED;
    };
  }

  static Library library(String name, ScheduledThreadPoolExecutor scheduler, Supplier<CompletionStage<String>> supplier) {
    switch (name) {
      case "backoff": {
        Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
                .withBackoff(Backoff.constant(RETRY_DELAY)).withMaxAttempts(3).build())
            .withScheduler(scheduler).build();
        return () -> retrier.callAsync(supplier);
      }
      case "resilience4j": {
        Retry retry = Retry.of("scale", RetryConfig.custom().maxAttempts(3).waitDuration(RETRY_DELAY).build());
        Supplier<CompletionStage<String>> decorated = Retry.decorateCompletionStage(retry, scheduler, supplier);
        return () -> decorated.get().toCompletableFuture();
      }
      case "failsafe": {
        FailsafeExecutor<String> executor = Failsafe.with(dev.failsafe.RetryPolicy.<String>builder()
            .withMaxAttempts(3).withDelay(RETRY_DELAY).build()).with(scheduler);
        return new Library() {
          @Override
          public CompletableFuture<?> start() {
            return executor.getStageAsync(supplier::get);
          }

          @Override
          public boolean synchronousFirstAttempt() {
            return false;
          }
        };
      }
      default:
        throw new IllegalArgumentException("unknown library: " + name + " (backoff, resilience4j, failsafe)");
    }
  }

  public static void main(String[] args) throws Exception {
    List<String> libraries = List.of((args.length > 0 ? args[0] : "backoff,resilience4j,failsafe").split(","));
    List<Integer> counts = new ArrayList<>();
    for (String c : (args.length > 1 ? args[1] : "100000,1000000").split(",")) {
      counts.add(Integer.parseInt(c.replace("_", "")));
    }
    System.out.printf(Locale.ROOT, "java %s, %d cpus, max heap %d MiB%n", System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
    System.out.println("| library | operations | first attempts | start time (ms) | ops/s | heap per pending retry (B) "
        + "| queued tasks | cancel time (ms) | queued after cancel | heap kept after cancel (B) "
        + "| attempts after cancel |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (int n : counts) {
      for (String name : libraries) {
        warmUp(name);
        try {
          run(name, n);
        } catch (OutOfMemoryError e) {
          System.out.printf(Locale.ROOT, "| %s | %,d | OutOfMemoryError after %,d started: does not fit in %d MiB "
              + "| | | | | | | | |%n", name, n, started, Runtime.getRuntime().maxMemory() >> 20);
          lastScheduler.shutdownNow();
          lastScheduler.awaitTermination(10, TimeUnit.SECONDS);
          lastScheduler = null;
        }
      }
    }
  }

  private static ScheduledThreadPoolExecutor scheduler() {
    ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(2, r -> {
      Thread t = new Thread(r, "scale-scheduler");
      t.setDaemon(true);
      return t;
    });
    scheduler.setRemoveOnCancelPolicy(true);
    scheduler.prestartAllCoreThreads();
    return scheduler;
  }

  /** Runs the same code paths on a throwaway scheduler, so the measured run is compiled. */
  private static void warmUp(String name) throws InterruptedException {
    ScheduledThreadPoolExecutor scheduler = scheduler();
    for (int round = 0; round < 3; round++) {
      LongAdder attempts = new LongAdder();
      Library library = library(name, scheduler, supplier(attempts));
      CompletableFuture<?>[] futures = new CompletableFuture<?>[WARM_UP];
      for (int i = 0; i < WARM_UP; i++) {
        futures[i] = library.start();
      }
      awaitQueued(scheduler, WARM_UP, library, attempts);
      for (CompletableFuture<?> f : futures) {
        f.cancel(false);
      }
      scheduler.getQueue().clear();
    }
    scheduler.shutdownNow();
    scheduler.awaitTermination(10, TimeUnit.SECONDS);
  }

  /** For the report of a run that ran out of memory. */
  private static int started;
  private static ScheduledThreadPoolExecutor lastScheduler;

  private static void run(String name, int n) throws InterruptedException {
    ScheduledThreadPoolExecutor scheduler = scheduler();
    lastScheduler = scheduler;
    started = 0;
    LongAdder attemptCount = new LongAdder();
    Library library = library(name, scheduler, supplier(attemptCount));
    CompletableFuture<?>[] futures = new CompletableFuture<?>[n];
    long baseline = usedHeapAfterGc();

    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      futures[i] = library.start();
      started = i + 1;
    }
    awaitQueued(scheduler, n, library, attemptCount);
    long t1 = System.nanoTime();
    int queued = scheduler.getQueue().size();
    long firstAttempts = attemptCount.sum(); // n, unless a library ran more attempts than it was asked to start
    long pendingBytes = usedHeapAfterGc() - baseline;

    long t2 = System.nanoTime();
    for (CompletableFuture<?> f : futures) {
      f.cancel(false);
    }
    long t3 = System.nanoTime();
    int queuedAfterCancel = scheduler.getQueue().size();
    Arrays.fill(futures, null);
    long keptBytes = usedHeapAfterGc() - baseline;

    // Every retry was due at most 10 s after t1: wait past that, and for the queue to drain, then count.
    long deadline = t1 + RETRY_DELAY.toNanos() + TimeUnit.SECONDS.toNanos(1);
    while (System.nanoTime() < deadline
        || (!scheduler.getQueue().isEmpty() && System.nanoTime() < deadline + TimeUnit.SECONDS.toNanos(20))) {
      Thread.sleep(100);
    }
    Thread.sleep(500);
    long laterAttempts = attemptCount.sum() - firstAttempts;
    scheduler.shutdownNow();
    scheduler.awaitTermination(10, TimeUnit.SECONDS);

    System.out.printf(Locale.ROOT, "| %s | %,d | %,d | %,.0f | %,.0f | %,.1f | %,d | %,.0f | %,d | %,.1f | %,d |%n",
        name, n, firstAttempts, (t1 - t0) / 1e6, n / ((t1 - t0) / 1e9), (double) pendingBytes / n, queued,
        (t3 - t2) / 1e6, queuedAfterCancel, (double) keptBytes / n, laterAttempts);
  }

  private static void awaitQueued(ScheduledThreadPoolExecutor scheduler, int n, Library library, LongAdder attempts)
      throws InterruptedException {
    if (library.synchronousFirstAttempt()) {
      return;
    }
    // All first attempts have run (each is a task that leaves the queue as it starts) and all retries are queued.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while ((attempts.sum() < n || scheduler.getQueue().size() < n) && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
  }

  private static long usedHeapAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(50);
      used = Math.min(used, MEMORY.getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
