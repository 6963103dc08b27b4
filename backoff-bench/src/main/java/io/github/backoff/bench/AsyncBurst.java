package io.github.backoff.bench;

import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeExecutor;
import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Issue 32's burst, a plain program rather than JMH: N async calls whose first attempt fails at once and whose
 * retry, 50 ms later, runs a supplier that blocks for 300 ms (a JDBC call or a blocking SDK behind a
 * {@code CompletableFuture.completedFuture(blockingCall())}), each library as a new user would set it up. Measures
 * the wall time from the first call until every future is complete, the most suppliers blocked at once, the
 * threads that ran them, and the JVM's live platform threads: before the round and at its peak ({@link ThreadMXBean},
 * which does not count virtual threads).
 *
 * <ul>
 *   <li>Backoff: {@code Retrier.of(policy).callAsync(supplier)}, the default scheduler and executor.
 *   <li>Failsafe 3.3.2: {@code Failsafe.with(policy).getStageAsync(supplier)}, its default scheduler (the common
 *       {@code ForkJoinPool}).
 *   <li>resilience4j 2.2: {@code retry.executeCompletionStage(scheduler, supplier)} on a 4-thread
 *       {@code ScheduledThreadPoolExecutor} (it needs one; 4 as in its documentation's examples).
 * </ul>
 *
 * <pre>
 * java -cp backoff-bench/target/benchmarks.jar io.github.backoff.bench.AsyncBurst [backoff,failsafe,resilience4j] [rounds] [calls]
 * </pre>
 */
public final class AsyncBurst {
  private static final Duration RETRY_DELAY = Duration.ofMillis(50);
  private static final long BLOCK_MILLIS = 300;
  private static final long PATIENCE_SECONDS = 300;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private AsyncBurst() {}

  /** One library's way of starting an async retried call. */
  interface Library extends AutoCloseable {
    CompletableFuture<?> start(Supplier<CompletionStage<String>> supplier);

    @Override
    default void close() {}
  }

  static Library library(String name) {
    switch (name) {
      case "backoff": {
        Retrier<String> retrier = Retrier.of(RetryPolicy.<String>builder()
            .withBackoff(Backoff.constant(RETRY_DELAY)).withMaxAttempts(3).build());
        return retrier::callAsync;
      }
      case "failsafe": {
        FailsafeExecutor<String> executor = Failsafe.with(dev.failsafe.RetryPolicy.<String>builder()
            .withMaxAttempts(3).withDelay(RETRY_DELAY).build());
        return supplier -> executor.getStageAsync(supplier::get);
      }
      case "resilience4j": {
        Retry retry = Retry.of("burst", RetryConfig.custom().maxAttempts(3).waitDuration(RETRY_DELAY).build());
        ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(4);
        return new Library() {
          @Override
          public CompletableFuture<?> start(Supplier<CompletionStage<String>> supplier) {
            return retry.executeCompletionStage(scheduler, supplier).toCompletableFuture();
          }

          @Override
          public void close() {
            scheduler.shutdownNow();
          }
        };
      }
      default:
        throw new IllegalArgumentException("unknown library: " + name + " (backoff, failsafe, resilience4j)");
    }
  }

  /** What one round saw. */
  static final class Round {
    final AtomicInteger blocked = new AtomicInteger();
    final AtomicInteger maxBlocked = new AtomicInteger();
    final Set<Thread> ranOn = ConcurrentHashMap.newKeySet();

    /** Fails at once the first time, then blocks for 300 ms and returns a completed stage. */
    Supplier<CompletionStage<String>> supplier() {
      AtomicInteger calls = new AtomicInteger();
      return () -> {
        if (calls.incrementAndGet() == 1) {
          return CompletableFuture.failedFuture(new IOException("first attempt fails"));
        }
        maxBlocked.accumulateAndGet(blocked.incrementAndGet(), Math::max);
        ranOn.add(Thread.currentThread());
        try {
          Thread.sleep(BLOCK_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          blocked.decrementAndGet();
        }
        return CompletableFuture.completedFuture("ok");
      };
    }
  }

  public static void main(String[] args) throws Exception {
    List<String> libraries = List.of((args.length > 0 ? args[0] : "backoff,failsafe,resilience4j").split(","));
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int calls = args.length > 2 ? Integer.parseInt(args[2]) : 200;
    System.out.printf(Locale.ROOT, "java %s (%s), %d cpus; %d calls, retry after %d ms, the retry's supplier blocks "
            + "%d ms; %d measured rounds after one warm-up round%n", System.getProperty("java.version"),
        System.getProperty("java.vm.name"), Runtime.getRuntime().availableProcessors(), calls,
        RETRY_DELAY.toMillis(), BLOCK_MILLIS, rounds);
    System.out.println("| library | round | wall time (ms) | most suppliers blocked at once | threads that ran them "
        + "| platform threads: before, peak |");
    System.out.println("|---|---:|---:|---:|---:|---:|");
    for (String name : libraries) {
      try (Library library = library(name)) {
        for (int round = 0; round <= rounds; round++) {
          run(name, library, calls, round);
        }
      }
    }
  }

  private static void run(String name, Library library, int calls, int round) throws Exception {
    Round seen = new Round();
    int before = THREADS.getThreadCount();
    THREADS.resetPeakThreadCount();
    CompletableFuture<?>[] futures = new CompletableFuture<?>[calls];
    long t0 = System.nanoTime();
    for (int i = 0; i < calls; i++) {
      futures[i] = library.start(seen.supplier());
    }
    CompletableFuture.allOf(futures).get(PATIENCE_SECONDS, TimeUnit.SECONDS);
    long wall = System.nanoTime() - t0;
    System.out.printf(Locale.ROOT, "| %s | %s | %,.0f | %d | %d | %d, %d |%n", name, round == 0 ? "warm-up" : round,
        wall / 1e6, seen.maxBlocked.get(), seen.ranOn.size(), before, THREADS.getPeakThreadCount());
  }
}
