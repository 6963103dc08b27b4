package io.github.backoff.sim.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EstimateTest {
  @Test
  void t975_nineDegreesOfFreedom_isTheTableValue() {
    assertThat(Estimate.t975(9)).isEqualTo(2.262);
    assertThat(Estimate.t975(1)).isEqualTo(12.706);
    assertThat(Estimate.t975(30)).isEqualTo(2.042);
  }

  @Test
  void t975_betweenTableRows_interpolatesInOneOverDf() {
    assertThat(Estimate.t975(40)).isEqualTo(2.021, within(1e-12));
    assertThat(Estimate.t975(120)).isEqualTo(1.980, within(1e-12));
    assertThat(Estimate.t975(50)).isBetween(2.000, 2.021); // table: 2.009
    assertThat(Estimate.t975(50)).isEqualTo(2.009, within(0.002));
    assertThat(Estimate.t975(1_000_000)).isEqualTo(1.960, within(1e-4));
  }

  @Test
  void t975_zeroDegrees_isRejected() {
    assertThatThrownBy(() -> Estimate.t975(0)).hasMessage("df: must be >= 1: 0");
  }

  @Test
  void of_fiveValues_isTheStudentTInterval() {
    Estimate e = Estimate.of(new double[] {1, 2, 3, 4, 5});
    double half = 2.776 * Math.sqrt(2.5) / Math.sqrt(5);
    assertThat(e.mean()).isEqualTo(3);
    assertThat(e.low()).isEqualTo(3 - half, within(1e-12));
    assertThat(e.high()).isEqualTo(3 + half, within(1e-12));
    assertThat(e.halfWidth()).isEqualTo(half, within(1e-12));
    assertThat(e.n()).isEqualTo(5);
  }

  @Test
  void of_oneValue_hasNoWidth() {
    Estimate e = Estimate.of(new double[] {7});
    assertThat(e).isEqualTo(new Estimate(7, 7, 7, 1));
  }

  @Test
  void of_firstN_ignoresTheRest() {
    assertThat(Estimate.of(new double[] {2, 2, 100}, 2)).isEqualTo(new Estimate(2, 2, 2, 2));
    assertThatThrownBy(() -> Estimate.of(new double[] {1}, 2)).hasMessage("n: must be in [1, 1]: 2");
  }
}
