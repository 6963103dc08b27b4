package io.github.backoff.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The async retry timer ({@code RetryTimer}) with a user's scheduler that runs every task inside {@code schedule}
 * on the calling thread (as an {@code Executor} may), and a direct executor: two calls on two threads each fail once
 * and retry at once. The contract ({@code RetrierBuilder.withScheduler}): no retry is lost, so both calls complete
 * with the second attempt's value; each supplier is called exactly twice.
 *
 * <p>Result: the calls completed with "up", the supplier's calls.
 */
@JCStressTest
@Outcome(id = "2, 4", expect = ACCEPTABLE, desc = "both retries ran once each")
@Outcome(expect = FORBIDDEN, desc = "a retry lost (a call never completes) or run twice")
@State
public class RetryTimerInlineSchedulerStress {
  private final Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
          .withBackoff(Backoff.constant(Duration.ZERO)).withMaxAttempts(3).build())
      .withScheduler(new Inline()).withExecutor(Runnable::run).build();
  private final AtomicInteger calls = new AtomicInteger();
  private volatile CompletableFuture<String> second;
  private volatile CompletableFuture<String> third;

  private CompletableFuture<String> call() {
    AtomicInteger attempts = new AtomicInteger();
    return retrier.callAsync(() -> {
      calls.incrementAndGet();
      return attempts.incrementAndGet() == 1 ? CompletableFuture.failedFuture(new IOException("down"))
          : CompletableFuture.completedFuture("up");
    });
  }

  @Actor
  public void one() {
    second = call();
  }

  @Actor
  public void two() {
    third = call();
  }

  @Arbiter
  public void arbiter(II_Result r) {
    int up = 0;
    for (CompletableFuture<String> f : List.of(second, third)) {
      if (f.isDone() && !f.isCompletedExceptionally() && "up".equals(f.join())) {
        up++;
      }
    }
    r.r1 = up;
    r.r2 = calls.get();
  }

  /** Runs every task at once inside {@code schedule}, on the calling thread; returns a future that is done. */
  static final class Inline extends AbstractExecutorService implements ScheduledExecutorService {
    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
      command.run();
      return DONE;
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
        TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void execute(Runnable command) {
      command.run();
    }

    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return false;
    }
  }

  /** A task that has run. */
  private static final ScheduledFuture<Object> DONE = new ScheduledFuture<>() {
    @Override
    public long getDelay(TimeUnit unit) {
      return 0;
    }

    @Override
    public int compareTo(Delayed other) {
      return Long.compare(0, other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      return false;
    }

    @Override
    public boolean isCancelled() {
      return false;
    }

    @Override
    public boolean isDone() {
      return true;
    }

    @Override
    public Object get() {
      return null;
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      return null;
    }
  };
}
