package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class BackoffScheduleTest {

  @Test
  void of_constant_everyStatisticIsTheConstant() {
    BackoffSchedule schedule = BackoffSchedule.of(Backoff.constant(Duration.ofMillis(250)), 3, 10,
        Randoms.seeded(1));
    assertThat(schedule.retries()).isEqualTo(3);
    assertThat(schedule.samples()).isEqualTo(10);
    assertThat(schedule.rows()).containsExactly(
        new BackoffSchedule.Row(1, 250_000_000, 250_000_000, 250_000_000, 250_000_000, 250_000_000),
        new BackoffSchedule.Row(2, 250_000_000, 250_000_000, 250_000_000, 250_000_000, 500_000_000),
        new BackoffSchedule.Row(3, 250_000_000, 250_000_000, 250_000_000, 250_000_000, 750_000_000));
    assertThat(schedule.rows().get(2).worstCaseCumulative()).isEqualTo(Duration.ofMillis(750));
  }

  @Test
  void of_fullJitter_percentilesAreNearestRank() {
    // Ten draws 0.0, 0.1, ..., 0.9 of U[0, 1000 ns]: waits 0, 100, ..., 900.
    BackoffSchedule schedule = BackoffSchedule.of(Backoff.constant(Duration.ofNanos(1000)).withFullJitter(), 1, 10,
        Randoms.uniforms(0.3, 0.1, 0.0, 0.9, 0.5, 0.2, 0.8, 0.4, 0.7, 0.6));
    BackoffSchedule.Row row = schedule.rows().get(0);
    assertThat(row.minNanos()).isZero();
    assertThat(row.maxNanos()).isEqualTo(1000);
    assertThat(row.medianNanos()).isEqualTo(400); // rank ceil(0.5·10) = 5
    assertThat(row.p90Nanos()).isEqualTo(800); // rank ceil(0.9·10) = 9
    assertThat(schedule.samplesNanos(1)).containsExactly(300, 100, 0, 900, 500, 200, 800, 400, 700, 600);
  }

  @Test
  void of_decorrelatedJitter_carriesThePreviousWaitAlongEachSequence() {
    // base 10, cap 1000, u = 0.5: 10 + floor((3·prev - 10)/2) with prev starting at base.
    BackoffSchedule schedule = BackoffSchedule.of(
        Backoff.decorrelatedJitter(Duration.ofNanos(10), Duration.ofNanos(1000)), 4, 2, Randoms.uniforms(0.5));
    for (int s = 0; s < 2; s++) {
      assertThat(schedule.sampleNanos(s, 1)).isEqualTo(20);
      assertThat(schedule.sampleNanos(s, 2)).isEqualTo(35);
      assertThat(schedule.sampleNanos(s, 3)).isEqualTo(57);
      assertThat(schedule.sampleNanos(s, 4)).isEqualTo(90);
    }
  }

  @Test
  void of_sameSeed_sameSchedule() {
    Backoff backoff = Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(20)).withFullJitter();
    BackoffSchedule a = BackoffSchedule.of(backoff, 8, 200, Randoms.seeded(7));
    BackoffSchedule b = BackoffSchedule.of(backoff, 8, 200, Randoms.seeded(7));
    BackoffSchedule c = BackoffSchedule.of(backoff, 8, 200, Randoms.seeded(8));
    assertThat(a.rows()).isEqualTo(b.rows());
    for (int r = 1; r <= 8; r++) {
      assertThat(a.samplesNanos(r)).isEqualTo(b.samplesNanos(r));
    }
    assertThat(a.samplesNanos(8)).isNotEqualTo(c.samplesNanos(8));
  }

  @Test
  void of_fullJitter_medianNearHalfTheMaximum() {
    BackoffSchedule schedule = BackoffSchedule.of(
        Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(20)).withFullJitter(), 10, 4000,
        Randoms.seeded(42));
    for (BackoffSchedule.Row row : schedule.rows()) {
      assertThat((double) row.medianNanos()).isCloseTo(row.maxNanos() * 0.5,
          org.assertj.core.data.Offset.offset(row.maxNanos() * 0.04));
      assertThat((double) row.p90Nanos()).isCloseTo(row.maxNanos() * 0.9,
          org.assertj.core.data.Offset.offset(row.maxNanos() * 0.03));
    }
  }

  @Test
  void samplesNanos_returnsACopy() {
    BackoffSchedule schedule = BackoffSchedule.of(Backoff.constant(Duration.ofMillis(1)), 1, 3, Randoms.seeded(1));
    schedule.samplesNanos(1)[0] = -1;
    assertThat(schedule.samplesNanos(1)).containsOnly(1_000_000);
  }

  @Test
  void sampleNanos_outOfRange_throwsIndexOutOfBounds() {
    BackoffSchedule schedule = BackoffSchedule.of(Backoff.none(), 2, 3, Randoms.seeded(1));
    assertThatThrownBy(() -> schedule.sampleNanos(3, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> schedule.sampleNanos(0, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> schedule.samplesNanos(3)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void of_retriesBelowOne_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSchedule.of(Backoff.none(), 0, 1, Randoms.seeded(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("retries must be >= 1: 0");
  }

  @Test
  void of_samplesBelowOne_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSchedule.of(Backoff.none(), 1, 0, Randoms.seeded(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("samples must be >= 1: 0");
  }

  @Test
  void of_tooManySamples_throwsNamingTheProduct() {
    assertThatThrownBy(() -> BackoffSchedule.of(Backoff.none(), 1000, 1_000_000, Randoms.seeded(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retries x samples must be <= 20000000: 1000 x 1000000");
  }

  @Test
  void of_nulls_throwNullPointerException() {
    assertThatThrownBy(() -> BackoffSchedule.of(null, 1, 1, Randoms.seeded(1)))
        .isInstanceOf(NullPointerException.class).hasMessage("backoff");
    assertThatThrownBy(() -> BackoffSchedule.of(Backoff.none(), 1, 1, null))
        .isInstanceOf(NullPointerException.class).hasMessage("random");
  }

  @Test
  void of_saturatingStrategy_cumulativeSaturates() {
    BackoffSchedule schedule = BackoffSchedule.of(Backoff.exponential(Duration.ofDays(1000), 10), 30, 1,
        Randoms.seeded(1));
    assertThat(schedule.rows().get(29).worstCaseCumulativeNanos()).isEqualTo(Long.MAX_VALUE);
  }

  @Property(tries = 100)
  void of_anyStrategyAndSeed_statisticsAreOrdered(@ForAll("specs") String name, @ForAll long seed) {
    BackoffSchedule schedule = BackoffSchedule.of(BackoffSpec.of(name).toBackoff(), 12, 50, Randoms.seeded(seed));
    List<BackoffSchedule.Row> rows = schedule.rows();
    long previousCumulative = 0;
    for (BackoffSchedule.Row row : rows) {
      assertThat(row.minNanos()).isLessThanOrEqualTo(row.medianNanos());
      assertThat(row.medianNanos()).isLessThanOrEqualTo(row.p90Nanos());
      assertThat(row.p90Nanos()).isLessThanOrEqualTo(row.maxNanos());
      assertThat(row.worstCaseCumulativeNanos()).isGreaterThanOrEqualTo(previousCumulative);
      previousCumulative = row.worstCaseCumulativeNanos();
      for (long wait : schedule.samplesNanos(row.retry())) {
        assertThat(wait).isBetween(row.minNanos(), row.maxNanos());
      }
    }
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<String> specs() {
    return net.jqwik.api.Arbitraries.of(BackoffSpec.NAMES);
  }

  @Test
  void sampleNanos_eachSampleIsOneSequenceDrawnInTurn() {
    // Sample 0 draws retries 1 and 2 first (0.1, 0.2), then sample 1 (0.3, 0.4).
    BackoffSchedule schedule = BackoffSchedule.of(Backoff.constant(Duration.ofNanos(1000)).withFullJitter(), 2, 2,
        Randoms.uniforms(0.1, 0.2, 0.3, 0.4));

    assertThat(schedule.sampleNanos(0, 1)).isEqualTo(100);
    assertThat(schedule.sampleNanos(0, 2)).isEqualTo(200);
    assertThat(schedule.sampleNanos(1, 1)).isEqualTo(300);
    assertThat(schedule.sampleNanos(1, 2)).isEqualTo(400);
  }
}
