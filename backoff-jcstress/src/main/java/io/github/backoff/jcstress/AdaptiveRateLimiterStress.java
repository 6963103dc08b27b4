package io.github.backoff.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.testing.ManualScheduler;
import java.util.concurrent.CompletableFuture;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JI_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/** The adaptive rate limiter ({@link AdaptiveRateLimiter}: "thread-safe and lock-free"). */
public final class AdaptiveRateLimiterStress {
  private AdaptiveRateLimiterStress() {}

  /**
   * A reserving limiter just throttled (fill rate 0.5/s, bucket empty, time frozen): an acquire races throttling
   * feedback. Either order reserves one token (-1 left) with a 2 s wait; no update may be lost.
   */
  @JCStressTest
  @Outcome(id = "2000000000, -1000", expect = ACCEPTABLE, desc = "one token reserved, due in 2 s, in either order")
  @Outcome(id = "2000000000, 0", expect = FORBIDDEN, desc = "the feedback overwrote the reservation: token lost")
  @Outcome(expect = FORBIDDEN, desc = "an update lost or a wrong wait")
  @State
  public static class AcquireVsThrottle {
    final AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(() -> 0L);

    public AcquireVsThrottle() {
      limiter.onResponse(true);
    }

    @Actor
    public void acquire(JI_Result r) {
      r.r1 = limiter.acquireDelayNanos();
    }

    @Actor
    public void throttled() {
      limiter.onResponse(true);
    }

    @Arbiter
    public void tokens(JI_Result r) {
      r.r2 = (int) Math.round(limiter.tokens() * 1000);
    }
  }

  /**
   * A non-reserving {@code acquireAsync} on an empty bucket scheduled its re-ask for when a token is there (2 s).
   * The re-ask races {@code cancel(false)}. The Javadoc: "cancelling the future stops that and takes none".
   */
  @JCStressTest
  @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "the re-ask won: the future completed, the token taken")
  @Outcome(id = "1, 1000", expect = ACCEPTABLE, desc = "the cancel won: no token taken (or it was put back)")
  @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "cancelled, yet a token was taken and lost")
  @Outcome(expect = FORBIDDEN, desc = "anything else")
  @State
  public static class NonReservingReaskVsCancel {
    final ManualScheduler scheduler = new ManualScheduler();
    final AdaptiveRateLimiter limiter = AdaptiveRateLimiter.nonReserving(scheduler::nanoTime);
    final CompletableFuture<Void> due;

    public NonReservingReaskVsCancel() {
      limiter.onResponse(true); // fill rate 0.5/s, capacity 1, empty
      due = limiter.acquireAsync(scheduler); // nothing taken; re-asks in 2 s
    }

    @Actor
    public void reask() {
      scheduler.advanceNanos(2_000_000_000L);
    }

    @Actor
    public void cancel() {
      due.cancel(false);
    }

    @Arbiter
    public void outcome(II_Result r) {
      r.r1 = due.isCancelled() ? 1 : 0;
      r.r2 = (int) Math.round(limiter.tokens() * 1000);
    }
  }
}
