package io.github.backoff.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.backoff.ratelimit.SharedReset;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;
import org.openjdk.jcstress.infra.results.J_Result;

/**
 * The shared reset ({@link SharedReset}: "a later reset never moves it earlier (concurrent {@code noRequestsFor}
 * calls keep the latest instant any of them named)"), time frozen at 0.
 */
public final class SharedResetStress {
  private SharedResetStress() {}

  /** Two calls learn different resets at once: the later one must stay, whichever order they land in. */
  @JCStressTest
  @Outcome(id = "5000", expect = ACCEPTABLE, desc = "the later reset kept")
  @Outcome(id = "2000", expect = FORBIDDEN, desc = "the earlier reset overwrote the later one: callers stampede early")
  @Outcome(expect = FORBIDDEN, desc = "a reset lost")
  @State
  public static class LearnVsLearn {
    final SharedReset reset = SharedReset.create(() -> 0L);

    @Actor
    public void earlier() {
      reset.noRequestsFor(2_000);
    }

    @Actor
    public void later() {
      reset.noRequestsFor(5_000);
    }

    @Arbiter
    public void wait(J_Result r) {
      r.r1 = reset.waitNanos();
    }
  }

  /**
   * A caller looks while another learns a reset on top of an earlier one (3 000): it sees the old reset or the new
   * one, never none and never something in between; afterwards the new one holds.
   */
  @JCStressTest
  @Outcome(id = "3000, 9000", expect = ACCEPTABLE, desc = "looked before the new reset landed")
  @Outcome(id = "9000, 9000", expect = ACCEPTABLE, desc = "looked after it landed")
  @Outcome(id = "0, 9000", expect = FORBIDDEN, desc = "saw no reset while one was pending")
  @Outcome(expect = FORBIDDEN, desc = "a torn or lost reset")
  @State
  public static class LookVsLearn {
    final SharedReset reset = SharedReset.create(() -> 0L);

    public LookVsLearn() {
      reset.noRequestsFor(3_000);
    }

    @Actor
    public void look(JJ_Result r) {
      r.r1 = reset.waitNanos();
    }

    @Actor
    public void learn() {
      reset.noRequestsFor(9_000);
    }

    @Arbiter
    public void after(JJ_Result r) {
      r.r2 = reset.waitNanos();
    }
  }
}
