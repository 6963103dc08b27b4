package io.github.backoff.sim.backlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.strategy.Backoff;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The figures of docs/durable.md's backlog section, as bounds: keyed jitter drains fastest with the lowest peak. */
class BacklogModelTest {
  private static final BacklogModel MODEL = BacklogModel.defaults();

  @Test
  void run_defaults_keyedJitterHasTheLowestPeakAndDrainsFirst() {
    BacklogModel.Outcome none = MODEL.run(BacklogModel.Jitter.NONE);
    BacklogModel.Outcome perInstance = MODEL.run(BacklogModel.Jitter.PER_INSTANCE_AT_STARTUP);
    BacklogModel.Outcome keyed = MODEL.run(BacklogModel.Jitter.KEYED);
    List<BacklogModel.Outcome> all = List.of(none, perInstance, keyed);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BacklogComparison.table(MODEL, all, new PrintStream(out, true, StandardCharsets.UTF_8));
    System.out.println(out.toString(StandardCharsets.UTF_8));

    // Without jitter every remaining item retries in the same second, every time.
    assertThat(none.peakAfterOutage()).isEqualTo(10_000);
    // Per-instance jitter: one clump per instance (items spread over 4 instances by key).
    assertThat(perInstance.peakAfterOutage()).isBetween(2_000, 3_000);
    // Keyed: spread over the jitter range, below the partner's capacity after the first rounds.
    assertThat(keyed.peakAfterOutage()).isLessThan(perInstance.peakAfterOutage() / 4);
    assertThat(keyed.drainSecondsAfterOutage()).isPositive()
        .isLessThan(perInstance.drainSecondsAfterOutage() / 2);
    assertThat(perInstance.drainSecondsAfterOutage()).isLessThan(none.drainSecondsAfterOutage());
    assertThat(keyed.attempts()).isLessThan(perInstance.attempts()).isLessThan(none.attempts());
    assertThat(all).allSatisfy(o -> assertThat(o.delivered()).isEqualTo(10_000));
  }

  @Test
  void run_isDeterministic() {
    for (BacklogModel.Jitter jitter : BacklogModel.Jitter.values()) {
      BacklogModel.Outcome a = MODEL.run(jitter);
      BacklogModel.Outcome b = MODEL.run(jitter);
      assertThat(a.attemptsPerSecond()).isEqualTo(b.attemptsPerSecond());
      assertThat(a.drainSecondsAfterOutage()).isEqualTo(b.drainSecondsAfterOutage());
    }
  }

  @Test
  void run_shortHorizon_saysNever() {
    BacklogModel model = new BacklogModel(1_000, Duration.ofMinutes(5), 10, 1,
        Backoff.constant(Duration.ofSeconds(30)), Duration.ofMinutes(6), 1);

    BacklogModel.Outcome outcome = model.run(BacklogModel.Jitter.NONE);

    assertThat(outcome.drainSecondsAfterOutage()).isEqualTo(-1);
    assertThat(outcome.drainTime()).isEqualTo("never (within the horizon)");
  }

  @Test
  void constructor_badParameters_fail() {
    assertThatThrownBy(() -> new BacklogModel(0, Duration.ZERO, 1, 1, Backoff.none(), Duration.ofMinutes(1), 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("bad backlog parameters: 0 items");
  }

  @Test
  void chart_hasASeriesPerJitterAndTheCapacity() {
    List<BacklogModel.Outcome> outcomes = new ArrayList<>();
    BacklogModel small = new BacklogModel(500, Duration.ofMinutes(1), 50, 2,
        Backoff.exponential(Duration.ofSeconds(5), 2.0).withCap(Duration.ofMinutes(1)), Duration.ofMinutes(30), 3);
    for (BacklogModel.Jitter jitter : BacklogModel.Jitter.values()) {
      outcomes.add(small.run(jitter));
    }
    assertThat(BacklogComparison.chart(small, outcomes).getSeriesMap()).hasSize(4);
  }
}
