package io.github.backoff.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.event.AttemptFailed;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/** Listener delivery: each event of each execution is delivered once, whatever runs beside it. */
public final class ListenerStress {
  private ListenerStress() {}

  /** Counts events by type; shared by the executions of one retrier. */
  static final class Counting {
    final AtomicInteger failed = new AtomicInteger();
    final AtomicInteger scheduled = new AtomicInteger();
    final AtomicInteger succeeded = new AtomicInteger();

    RetryPolicy<String> policy() {
      return RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ZERO)).onEvent(e -> {
        if (e instanceof AttemptFailed) {
          failed.incrementAndGet();
        } else if (e instanceof RetryScheduled) {
          scheduled.incrementAndGet();
        } else if (e instanceof Succeeded) {
          succeeded.incrementAndGet();
        }
      }).build();
    }
  }

  /** Two sync calls on one retrier, each failing once then succeeding: two of each event, none lost. */
  @JCStressTest
  @Outcome(id = "2, 2, 2", expect = ACCEPTABLE, desc = "each execution's three events, once each")
  @Outcome(expect = FORBIDDEN, desc = "an event lost or delivered twice")
  @State
  public static class TwoCallsOneRetrier {
    final Counting events = new Counting();
    final Retrier<String> retrier = Retrier.builder(events.policy()).withTicker(() -> 0L).build();

    String failOnce(boolean[] failed) throws IOException {
      if (!failed[0]) {
        failed[0] = true;
        throw new IOException("first attempt fails");
      }
      return "ok";
    }

    @Actor
    public void first() {
      boolean[] failed = {false};
      retrier.call(() -> failOnce(failed));
    }

    @Actor
    public void second() {
      boolean[] failed = {false};
      retrier.call(() -> failOnce(failed));
    }

    @Arbiter
    public void counts(III_Result r) {
      r.r1 = events.failed.get();
      r.r2 = events.scheduled.get();
      r.r3 = events.succeeded.get();
    }
  }

  /**
   * An async attempt's stage succeeds while the caller cancels. Result: Succeeded events, the future (1 completed
   * with the result, 2 cancelled).
   */
  @JCStressTest
  @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the success won: one Succeeded event")
  @Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "the cancel won before the outcome was handled: no event")
  @Outcome(id = "1, 2", expect = ACCEPTABLE_INTERESTING,
      desc = "the outcome was handled (its Succeeded delivered) just before the cancel completed the future")
  @Outcome(expect = FORBIDDEN, desc = "completed without its event, or an event twice")
  @State
  public static class AsyncSuccessVsCancel {
    final Counting events = new Counting();
    final ManualScheduler scheduler = new ManualScheduler();
    final CompletableFuture<String> stage = new CompletableFuture<>();
    final CompletableFuture<String> future = Retrier.builder(events.policy()).withTicker(scheduler::nanoTime)
        .withScheduler(scheduler).build().callAsync(() -> stage);

    @Actor
    public void succeeds() {
      stage.complete("ok");
    }

    @Actor
    public void cancel() {
      future.cancel(false);
    }

    @Arbiter
    public void outcome(II_Result r) {
      r.r1 = events.succeeded.get();
      r.r2 = future.isCancelled() ? 2 : "ok".equals(future.getNow(null)) ? 1 : 0;
    }
  }
}
