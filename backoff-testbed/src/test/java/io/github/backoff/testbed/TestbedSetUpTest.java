package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadSimulation;
import io.github.backoff.sim.overload.OverloadStreams;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import java.time.Duration;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * What {@link Testbed} decides before a run starts — the checks, the arrivals, the strategy in real time, the
 * throttle reply, its threads — tested without a server or real time (the runs themselves are in TestbedTest).
 */
class TestbedSetUpTest {
  private static OverloadConfig scenario() {
    return OverloadConfig.builder().rate(40).capacity(50).queue(50).timeout(0.5).outage(1, 2, 0).horizon(6)
        .policies("retries").maxAttempts(4).runs(1).seed(42).build();
  }

  private static final OverloadConfig DROPPING = OverloadConfig.builder().dropExpired(true).build();

  // ---------------------------------------------------------------- run's checks

  @Test
  void run_unsupportedSettings_failNamingTheSetting() {
    OverloadConfig scenario = scenario();
    assertThatThrownBy(() -> Testbed.run(scenario, "adaptive", "full-jitter", 0, 1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("policies: 'adaptive' has a rate limiter, which the testbed does not run");
    assertThatThrownBy(() -> Testbed.run(DROPPING, "retries", "full-jitter", 0, 1.0))
        .hasMessage("drop-expired: the testbed's server cannot tell that a client gave up");
    assertThatThrownBy(() -> Testbed.run(scenario, "nonsense", "full-jitter", 0, 1.0))
        .hasMessageStartingWith("policies: unknown policy 'nonsense'");
    OverloadConfig preset = OverloadConfig.builder()
        .register("constant-1s", Backoff.constant(Duration.ofSeconds(1))).strategies("constant-1s").build();
    assertThatThrownBy(() -> Testbed.run(preset, "retries", "constant-1s", 0, 0.5))
        .hasMessage("time-scale: strategy 'constant-1s' keeps its own durations; only the study strategies (none, "
            + "exponential, full-jitter, equal-jitter, decorrelated-jitter) scale with --base and --cap: use "
            + "--time-scale 1");
  }

  @Test
  void run_timeScaleOutOfRange_failsNamingIt() {
    for (double scale : new double[] {0, -1, 100.000001, Double.NaN}) {
      assertThatThrownBy(() -> Testbed.run(scenario(), "retries", "full-jitter", 0, scale)).as("%s", scale)
          .isInstanceOf(IllegalArgumentException.class).hasMessage("time-scale: must be in (0, 100]: " + scale);
    }
  }

  @Test
  void run_timeScaleAtTheRangesEnds_isAccepted() {
    // Accepted: the next check (drop-expired) is the one that fails, before anything runs.
    for (double scale : new double[] {Double.MIN_VALUE, 100}) {
      assertThatThrownBy(() -> Testbed.run(DROPPING, "retries", "full-jitter", 0, scale)).as("%s", scale)
          .hasMessageStartingWith("drop-expired:");
    }
  }

  // ---------------------------------------------------------------- backoff

  @Test
  void backoff_timeScaleNotOne_scalesTheStudyBaseAndCap() {
    // The exponential waits base at the first retry (--base is the first wait), at most the cap: 20 ms, 2 s.
    OverloadConfig scenario = OverloadConfig.builder().base(20).cap(2000).build();
    Backoff half = Testbed.backoff(scenario, "exponential", 0.5);
    assertThat(half.maxDelayNanos(1)).isEqualTo(10_000_000L);
    assertThat(half.maxDelayNanos(40)).isEqualTo(1_000_000_000L);
    Backoff twice = Testbed.backoff(scenario, "exponential", 2);
    assertThat(twice.maxDelayNanos(1)).isEqualTo(40_000_000L);
    assertThat(twice.maxDelayNanos(40)).isEqualTo(4_000_000_000L);
  }

  @Test
  void backoff_timeScaleOne_isTheScenariosOwnStrategy() {
    Backoff constant = Backoff.constant(Duration.ofSeconds(1));
    OverloadConfig preset = OverloadConfig.builder().register("constant-1s", constant).strategies("constant-1s")
        .build();
    assertThat(Testbed.backoff(preset, "constant-1s", 1).maxDelayNanos(3)).isEqualTo(1_000_000_000L);
  }

  // ---------------------------------------------------------------- arrivals

  @Test
  void arrivals_areTheSimulatorsStream() {
    OverloadConfig scenario = scenario();
    double[] times = Testbed.arrivals(scenario, 3);
    var random = OverloadStreams.arrivals(42, 3);
    assertThat(times[0]).isEqualTo(OverloadStreams.exponential(random) / 40);
    assertThat(times[times.length - 1]).isLessThan(6);
    long simulated = OverloadSimulation.simulate(OverloadConfig.builder().rate(40).capacity(50).queue(50)
        .outage(1, 2, 0).horizon(6).policies("no-retry").runs(4).build(), ProgressListener.NONE)
        .point("no-retry", "full-jitter").runs().get(3).requests();
    assertThat((long) times.length).isEqualTo(simulated);
  }

  @Test
  void arrivals_moreThanTheFirstArray_areAllKept() {
    // About 3,000 arrivals: the array of 1,024 grows twice.
    OverloadConfig busy = OverloadConfig.builder().rate(1000).capacity(2000).outage(0, 0, 0).horizon(3).seed(7)
        .build();
    double[] times = Testbed.arrivals(busy, 0);
    RandomGenerator random = OverloadStreams.arrivals(7, 0);
    double t = 0;
    int n = 0;
    while ((t += OverloadStreams.exponential(random) / 1000) < 3) {
      assertThat(times[n]).as("arrival %d", n).isEqualTo(t);
      n++;
    }
    assertThat(times).hasSize(n);
    assertThat(n).isGreaterThan(2048);
  }

  // ---------------------------------------------------------------- throttleReply

  private static OverloadConfig throttling(String hint) {
    return OverloadConfig.builder().server("throttling").throttleRate(20).retryAfter(hint).build();
  }

  @Test
  void throttleReply_noHint_is429WithoutHeaders() {
    FaultReply reply = Testbed.throttleReply(throttling("0"), 2);
    assertThat(reply.statusCode()).isEqualTo(429);
    assertThat(reply.header("Retry-After")).isNull();
    assertThat(reply.header("x-amz-retry-after")).isNull();
  }

  @Test
  void throttleReply_secondsHint_isRetryAfterScaled() {
    FaultReply reply = Testbed.throttleReply(throttling("2s"), 1.5);
    assertThat(reply.statusCode()).isEqualTo(429);
    assertThat(reply.header("Retry-After")).isEqualTo("3");
    assertThat(reply.header("x-amz-retry-after")).isNull();
  }

  @Test
  void throttleReply_millisecondHint_isTheAmzHeaderScaled() {
    FaultReply reply = Testbed.throttleReply(throttling("millis:300ms"), 2);
    assertThat(reply.statusCode()).isEqualTo(429);
    assertThat(reply.header("x-amz-retry-after")).isEqualTo("600");
    assertThat(reply.header("Retry-After")).isNull();
  }

  @Test
  void throttleReply_secondsHintNotWholeOnceScaled_failsSuggestingTheMillisecondHint() {
    assertThatThrownBy(() -> Testbed.throttleReply(throttling("1s"), 1.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("retry-after: Retry-After carries whole seconds, and 1s x time-scale 1.5 = ");
  }

  // ---------------------------------------------------------------- threads and waiting

  @Test
  void daemon_thread_isADaemonOfThatName() {
    Thread t = Testbed.daemon("testbed-client").newThread(() -> { });
    assertThat(t.isDaemon()).isTrue();
    assertThat(t.getName()).isEqualTo("testbed-client");
  }

  @Test
  void parkUntil_duePassed_returnsAtOnce() {
    Testbed.parkUntil(System.nanoTime() - 1);
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void parkUntil_interrupted_returnsAtOnceKeepingTheInterrupt() {
    Thread.currentThread().interrupt();
    Testbed.parkUntil(System.nanoTime() + Duration.ofHours(1).toNanos());
    assertThat(Thread.interrupted()).as("the interrupt is kept (and cleared here)").isTrue();
  }
}
