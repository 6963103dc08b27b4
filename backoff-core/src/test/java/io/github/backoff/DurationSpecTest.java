package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationSpecTest {

  @ParameterizedTest
  @CsvSource({
      "250ms, 250000000",
      "1.5s, 1500000000",
      "2m, 120000000000",
      "2min, 120000000000",
      "1m30s, 90000000000",
      "1h15m, 4500000000000",
      "1s500ms, 1500000000",
      "25 ms, 25000000",
      "500us, 500000",
      "500µs, 500000",
      "10ns, 10",
      "1d, 86400000000000",
      ".5s, 500000000",
      "PT20S, 20000000000",
      "pt1m30s, 90000000000",
      "0, 0",
      "0.0, 0",
      "0ms, 0",
      "1.5ns, 2",
  })
  void parse_acceptedForms_readAsWritten(String text, long nanos) {
    assertThat(DurationSpec.parse(text)).isEqualTo(Duration.ofNanos(nanos));
  }

  @Test
  void parse_bareNumber_isRefusedShowingTheUnitForms() {
    assertThatThrownBy(() -> DurationSpec.parse("20")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("\"20\" has no unit: write 20ms, 20s, 1m30s or PT20S");
    assertThatThrownBy(() -> DurationSpec.parse("1.5")).hasMessageContaining("\"1.5\" has no unit: write 1.5ms");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-5ms", "-PT1S", "PT-1S"})
  void parse_negative_isRefused(String text) {
    assertThatThrownBy(() -> DurationSpec.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is negative: a duration must be >= 0");
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "5 lightyears", "5x", "ms", "", "5ms fast"})
  void parse_notADuration_isRefusedShowingTheForms(String text) {
    assertThatThrownBy(() -> DurationSpec.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not a duration: write " + DurationSpec.FORMS);
  }

  @Test
  void parse_unitsOutOfOrderOrRepeated_areRefused() {
    assertThatThrownBy(() -> DurationSpec.parse("30s1m")).hasMessageContaining("write the largest first");
    assertThatThrownBy(() -> DurationSpec.parse("1s1s")).hasMessageContaining("repeats a unit");
  }

  @Test
  void parse_beyondLongNanos_isRefused() {
    assertThatThrownBy(() -> DurationSpec.parse("300000d")).hasMessageContaining("is too long");
    assertThatThrownBy(() -> DurationSpec.parse("PT3000000H")).hasMessageContaining("is too long");
    assertThatThrownBy(() -> DurationSpec.parse("P")).hasMessageContaining("is not an ISO-8601 duration");
  }

  @ParameterizedTest
  @CsvSource({"0, 0", "50000000, 50ms", "2000000000, 2s", "1500000000, 1500ms", "120000000000, 2m",
      "90000000000, 90s", "10800000000000, 3h", "86400000000000, 1d", "1500, 1500ns", "1000, 1us"})
  void format_writesTheLargestWholeUnit(long nanos, String expected) {
    assertThat(DurationSpec.format(Duration.ofNanos(nanos))).isEqualTo(expected);
  }

  @Test
  void format_negative_isRefused() {
    assertThatThrownBy(() -> DurationSpec.format(Duration.ofMillis(-1))).isInstanceOf(IllegalArgumentException.class);
  }

  @Property
  void format_thenParse_isTheSameDuration(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long nanos) {
    Duration d = Duration.ofNanos(nanos);
    assertThat(DurationSpec.parse(DurationSpec.format(d))).isEqualTo(d);
  }
}
