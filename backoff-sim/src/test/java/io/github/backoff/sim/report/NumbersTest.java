package io.github.backoff.sim.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumbersTest {

  @Test
  void fixed3_roundsToThreeDecimals() {
    assertThat(Numbers.fixed3(1.23456)).isEqualTo("1.235");
    assertThat(Numbers.fixed3(2)).isEqualTo("2.000");
    assertThat(Numbers.fixed3(-0.0001)).isEqualTo("0.000");
    assertThat(Numbers.fixed3(Double.NaN)).isEmpty();
  }

  @Test
  void grouped_insertsThousandsSeparators() {
    assertThat(Numbers.grouped(1234567.891, 1)).isEqualTo("1,234,567.9");
    assertThat(Numbers.grouped(-1234, 0)).isEqualTo("-1,234");
    assertThat(Numbers.grouped(999, 2)).isEqualTo("999.00");
    assertThat(Numbers.grouped(Double.NaN, 2)).isEqualTo("-");
  }
}
