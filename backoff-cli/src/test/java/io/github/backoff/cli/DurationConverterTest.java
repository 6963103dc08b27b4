package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {
  private final DurationConverter converter = new DurationConverter();

  @ParameterizedTest
  @CsvSource({
      "250ms, PT0.25S",
      "1.5s, PT1.5S",
      "2m, PT2M",
      "2min, PT2M",
      "500us, PT0.0005S",
      "10ns, PT0.00000001S",
      "1h, PT1H",
      "0, PT0S",
      "PT1S, PT1S",
      "pt0.5s, PT0.5S",
      "0.1ms, PT0.0001S",
      "3 s, PT3S",
  })
  void convert_validDuration_parses(String text, String iso) {
    assertThat(converter.convert(text)).isEqualTo(Duration.parse(iso));
  }

  @Test
  void convert_negative_throwsNamingIt() {
    assertThatThrownBy(() -> converter.convert("-5ms")).isInstanceOf(TypeConversionException.class)
        .hasMessage("\"-5ms\" is negative: a duration must be >= 0");
    assertThatThrownBy(() -> converter.convert("PT-1S")).isInstanceOf(TypeConversionException.class)
        .hasMessage("\"PT-1S\" is negative: a duration must be >= 0");
  }

  @Test
  void convert_unknownUnit_throwsShowingTheForms() {
    assertThatThrownBy(() -> converter.convert("5xs")).isInstanceOf(TypeConversionException.class)
        .hasMessage("\"5xs\" is not a duration: write " + io.github.backoff.DurationSpec.FORMS);
  }

  @Test
  void convert_bareNumber_isRefusedShowingTheUnitForms() {
    assertThatThrownBy(() -> converter.convert("5")).isInstanceOf(TypeConversionException.class)
        .hasMessage("\"5\" has no unit: write 5ms, 5s, 1m30s or PT5S");
  }

  @Test
  void convert_notADuration_throws() {
    assertThatThrownBy(() -> converter.convert("soon")).isInstanceOf(TypeConversionException.class)
        .hasMessage("\"soon\" is not a duration: write " + io.github.backoff.DurationSpec.FORMS);
    assertThatThrownBy(() -> converter.convert("PTx")).isInstanceOf(TypeConversionException.class)
        .hasMessage("\"PTx\" is not an ISO-8601 duration: write " + io.github.backoff.DurationSpec.FORMS);
  }

  @Test
  void convert_tooLong_throws() {
    assertThatThrownBy(() -> converter.convert("9999999999h")).isInstanceOf(TypeConversionException.class)
        .hasMessage("\"9999999999h\" is too long: at most about 292 years");
  }
}
