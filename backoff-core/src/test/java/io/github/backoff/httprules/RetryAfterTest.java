package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RetryAfterTest {
  private static final Instant NOW = Instant.parse("1994-11-06T08:49:30Z");

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "0|0",
      "1|1",
      "120|120",
      "' 7\t'|7",
      "0000000042|42",
      "86400|86400"})
  void parse_deltaSeconds_isThatManySeconds(String value, long seconds) {
    assertThat(RetryAfter.parse(value, NOW)).contains(Duration.ofSeconds(seconds));
  }

  @Test
  void parse_hugeDeltaSeconds_saturates() {
    assertThat(RetryAfter.parse("99999999999999999999999999", NOW)).contains(Duration.ofSeconds(Long.MAX_VALUE));
    assertThat(RetryAfter.parse("999999999999999999", NOW)).contains(Duration.ofSeconds(999999999999999999L));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "-1", "-120", "+5", "1.5", "1e3", "soon", "5 s", "0x10", "١٢",
      "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 94 08:49:37 GMT",
      "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
      "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov 06 08:49:37 1994 GMT", "2026-11-21T12:00:00Z"})
  void parse_malformedOrNegative_isEmpty(String value) {
    assertThat(RetryAfter.parse(value, NOW)).isEmpty();
  }

  @Test
  void parse_null_isEmpty() {
    assertThat(RetryAfter.parse(null, NOW)).isEmpty();
    assertThat(RetryAfter.parseHttpDate(null, NOW)).isEmpty();
  }

  @Test
  void parse_nullNow_throwsNpe() {
    assertThatThrownBy(() -> RetryAfter.parse("1", null)).isInstanceOf(NullPointerException.class).hasMessage("now");
    assertThatThrownBy(() -> RetryAfter.parseHttpDate("x", null)).isInstanceOf(NullPointerException.class)
        .hasMessage("now");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "Sun, 06 Nov 1994 08:49:37 GMT",     // IMF-fixdate
      "Sunday, 06-Nov-94 08:49:37 GMT",    // RFC 850
      "Sun Nov  6 08:49:37 1994",          // asctime
      "sun, 06 nov 1994 08:49:37 gmt",     // names in another case
      "Sun, 6 Nov 1994 08:49:37 GMT",      // one-digit day, as RFC_1123_DATE_TIME writes it
      "  Sun, 06 Nov 1994 08:49:37 GMT\t"})
  void parse_httpDateInTheFuture_isTheWaitUntilThen(String value) {
    assertThat(RetryAfter.parse(value, NOW)).contains(Duration.ofSeconds(7));
    assertThat(RetryAfter.parseHttpDate(value, NOW)).contains(Instant.parse("1994-11-06T08:49:37Z"));
  }

  @Test
  void parse_httpDateInThePastOrNow_isZero() {
    assertThat(RetryAfter.parse("Sun, 06 Nov 1994 08:49:30 GMT", NOW)).contains(Duration.ZERO);
    assertThat(RetryAfter.parse("Sat, 05 Nov 1994 08:49:37 GMT", NOW)).contains(Duration.ZERO);
  }

  @Test
  void parseHttpDate_asctimeTwoDigitDay_isParsed() {
    assertThat(RetryAfter.parseHttpDate("Wed Nov 16 08:49:37 1994", NOW))
        .contains(Instant.parse("1994-11-16T08:49:37Z"));
  }

  @Test
  void parseHttpDate_rfc850TwoDigitYear_isTheLatestYearNotMoreThan50YearsAhead() {
    Instant now = Instant.parse("2026-06-01T00:00:00Z");
    assertThat(RetryAfter.parseHttpDate("Thursday, 01-Jan-76 00:00:00 GMT", now))
        .contains(Instant.parse("2076-01-01T00:00:00Z"));
    assertThat(RetryAfter.parseHttpDate("Friday, 01-Jan-77 00:00:00 GMT", now))
        .contains(Instant.parse("1977-01-01T00:00:00Z"));
    assertThat(RetryAfter.parseHttpDate("Saturday, 21-Nov-26 12:00:00 GMT", now))
        .contains(Instant.parse("2026-11-21T12:00:00Z"));
  }

  @Test
  void parseHttpDate_deltaSeconds_isEmpty() {
    assertThat(RetryAfter.parseHttpDate("120", NOW)).isEmpty();
  }

  @Test
  void parse_farFutureDate_isLongWait() {
    Optional<Duration> wait = RetryAfter.parse("Fri, 31 Dec 9999 23:59:59 GMT", NOW);
    assertThat(wait).isPresent();
    assertThat(wait.get()).isGreaterThan(Duration.ofDays(365L * 8000));
  }
}
