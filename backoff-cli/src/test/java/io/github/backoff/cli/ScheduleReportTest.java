package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScheduleReportTest {

  @ParameterizedTest
  @CsvSource({
      "0, 0",
      "512, 512 ns",
      "51200, 51.2 us",
      "250000000, 250 ms",
      "1500000000, 1.5 s",
      "65500000000, 65.5 s",
      "900000000000, 15 min",
      "104857600000000, 29.127 h",
      "9223372036854775807, forever",
  })
  void human_picksAReadableUnit(long nanos, String expected) {
    assertThat(ScheduleReport.human(nanos)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
      "0, 0",
      "51200, 0.0512",
      "1500000000, 1500",
      "1, 0.000001",
  })
  void millis_isExactAndPlain(long nanos, String expected) {
    assertThat(ScheduleReport.millis(nanos)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "plain | \"plain\"",
      "say \"hi\" | \"say \\\"hi\\\"\"",
      "back\\slash | \"back\\\\slash\"",
  })
  void quote_escapesForJson(String text, String expected) {
    assertThat(ScheduleReport.quote(text)).isEqualTo(expected);
  }
}
