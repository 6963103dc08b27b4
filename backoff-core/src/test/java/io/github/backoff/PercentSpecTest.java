package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PercentSpecTest {

  @ParameterizedTest
  @CsvSource({"50%, 0.5", "2.5%, 0.025", "0.1%, 0.001", "100%, 1", "2 %, 0.02", "0, 0", "0%, 0", ".5%, 0.005"})
  void parse_percentages_readAsFractions(String text, double fraction) {
    assertThat(PercentSpec.parse(text)).isEqualTo(fraction);
  }

  @Test
  void parse_bareNumber_isRefusedSayingBothReadings() {
    assertThatThrownBy(() -> PercentSpec.parse("0.5")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("\"0.5\" has no % sign: write 0.5% or, for a fraction of 0.5, 50%");
    assertThatThrownBy(() -> PercentSpec.parse("2")).hasMessage("\"2\" has no % sign: write 2% or, for a fraction "
        + "of 2, 200%");
  }

  @ParameterizedTest
  @ValueSource(strings = {"half", "%", "5%%", "5 percent"})
  void parse_notAPercentage_isRefused(String text) {
    assertThatThrownBy(() -> PercentSpec.parse(text)).hasMessageContaining("is not a percentage: write "
        + PercentSpec.FORMS);
  }

  @Test
  void parse_negative_isRefused() {
    assertThatThrownBy(() -> PercentSpec.parse("-2%")).hasMessageContaining("is negative");
  }

  @ParameterizedTest
  @CsvSource({"0.025, 2.5%", "0.5, 50%", "0, 0%", "1, 100%", "0.001, 0.1%"})
  void format_writesWhatParseReads(double fraction, String text) {
    assertThat(PercentSpec.format(fraction)).isEqualTo(text);
    assertThat(PercentSpec.parse(text)).isEqualTo(fraction);
  }
}
