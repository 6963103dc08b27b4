package io.github.backoff.httprules;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses HTTP's {@code Retry-After} header (RFC 9110, section 10.2.3): either delta-seconds ({@code "120"}) or an
 * HTTP-date in any of the three forms a recipient must accept (section 5.6.7):
 * <pre>
 * Sun, 06 Nov 1994 08:49:37 GMT    ; IMF-fixdate
 * Sunday, 06-Nov-94 08:49:37 GMT   ; obsolete RFC 850 format
 * Sun Nov  6 08:49:37 1994         ; ANSI C's asctime() format
 * </pre>
 *
 * <p>Every Backoff HTTP client (backoff-http, backoff-okhttp, backoff-spring-web) uses it for 429 and 503 responses;
 * it is public for code that reads the header itself, e.g. in its own {@link io.github.backoff.DelayOverride}.
 *
 * <pre>{@code
 * Optional<Duration> wait = RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null),
 *     Instant.now());
 * }</pre>
 *
 * <p>Parsing is lenient where senders commonly stray and nothing is ambiguous: names are matched ignoring case,
 * and an IMF-fixdate may have a one-digit day (as {@code DateTimeFormatter.RFC_1123_DATE_TIME} writes it). The day
 * name is not checked against the date.
 *
 * <p>Stateless and thread-safe. Malformed values (including negative or fractional numbers) give an empty result,
 * never an exception, so a server's garbage falls back to the caller's own delay.
 */
public final class RetryAfter {
  private static final String MONTHS = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
  private static final Pattern IMF_FIXDATE = Pattern.compile(
      "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{1,2}) " + MONTHS + " (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern RFC_850 = Pattern.compile(
      "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-" + MONTHS
          + "-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern ASCTIME = Pattern.compile(
      "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) " + MONTHS + " ([ \\d]\\d) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})",
      Pattern.CASE_INSENSITIVE);
  private static final String MONTH_NAMES = "janfebmaraprmayjunjulaugsepoctnovdec";
  /** Delta-seconds (or a millisecond hint) longer than this saturate: no server means a wait of 30 000 years. */
  private static final int MAX_DIGITS = 18;

  private RetryAfter() {}

  /**
   * The wait a {@code Retry-After} value asks for, measured from {@code now} for the HTTP-date form. A date in
   * the past asks for no wait ({@link Duration#ZERO}). Huge delta-seconds saturate rather than overflow.
   *
   * @param value the header's value; surrounding spaces and tabs are ignored; {@code null} gives an empty result
   * @param now the current time, to turn an HTTP-date into a wait
   * @return the wait, or empty if {@code value} is null, blank, negative or not a valid delta-seconds or HTTP-date
   * @throws NullPointerException if {@code now} is null
   */
  public static Optional<Duration> parse(String value, Instant now) {
    Objects.requireNonNull(now, "now");
    if (value == null) {
      return Optional.empty();
    }
    String v = trim(value);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    long seconds = parseWholeNumber(v);
    if (seconds >= 0) {
      return Optional.of(Duration.ofSeconds(seconds));
    }
    return parseHttpDate(v, now).map(at -> at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
  }

  /**
   * Parses an HTTP-date in any of its three forms. A two-digit RFC 850 year is read, as RFC 9110 requires, as the
   * most recent year with those digits that is not more than 50 years after {@code now}.
   *
   * @param value the date; surrounding spaces and tabs are ignored; {@code null} gives an empty result
   * @param now the current time, used only for two-digit years
   * @return the instant, or empty if {@code value} is not a valid HTTP-date
   * @throws NullPointerException if {@code now} is null
   */
  public static Optional<Instant> parseHttpDate(String value, Instant now) {
    Objects.requireNonNull(now, "now");
    if (value == null) {
      return Optional.empty();
    }
    String v = trim(value);
    try {
      Matcher m = IMF_FIXDATE.matcher(v);
      if (m.matches()) {
        return Optional.of(instant(Integer.parseInt(m.group(3)), m.group(2), m.group(1), m, 4));
      }
      m = RFC_850.matcher(v);
      if (m.matches()) {
        return Optional.of(instant(fullYear(Integer.parseInt(m.group(3)), now), m.group(2), m.group(1), m, 4));
      }
      m = ASCTIME.matcher(v);
      if (m.matches()) {
        return Optional.of(instant(Integer.parseInt(m.group(6)), m.group(1), m.group(2).trim(), m, 3));
      }
    } catch (DateTimeException e) {
      // A well-formed but impossible date, e.g. 31 Feb or 25:00:00: as malformed as any other garbage.
    }
    return Optional.empty();
  }

  private static Instant instant(int year, String month, String day, Matcher m, int timeGroup) {
    int monthNumber = MONTH_NAMES.indexOf(month.toLowerCase(Locale.ROOT)) / 3 + 1;
    return LocalDateTime.of(year, monthNumber, Integer.parseInt(day),
            Integer.parseInt(m.group(timeGroup)), Integer.parseInt(m.group(timeGroup + 1)),
            Integer.parseInt(m.group(timeGroup + 2)))
        .toInstant(ZoneOffset.UTC);
  }

  private static int fullYear(int twoDigits, Instant now) {
    int currentYear = LocalDateTime.ofInstant(now, ZoneOffset.UTC).getYear();
    int year = currentYear - Math.floorMod(currentYear, 100) + twoDigits;
    return year > currentYear + 50 ? year - 100 : year;
  }

  /**
   * {@code v} (already trimmed) as a non-negative whole number, saturated at {@link Long#MAX_VALUE} beyond 18 digits;
   * or -1 if it is empty or not ASCII digits only.
   */
  static long parseWholeNumber(String v) {
    if (v.isEmpty() || !isDigits(v)) {
      return -1;
    }
    return v.length() > MAX_DIGITS ? Long.MAX_VALUE : Long.parseLong(v);
  }

  /** Whether {@code v} is ASCII digits only (true for the empty string). */
  static boolean isDigits(String v) {
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** Strips optional whitespace (SP and HTAB only, as RFC 9110's OWS). */
  static String trim(String v) {
    int start = 0;
    int end = v.length();
    while (start < end && (v.charAt(start) == ' ' || v.charAt(start) == '\t')) {
      start++;
    }
    while (end > start && (v.charAt(end - 1) == ' ' || v.charAt(end - 1) == '\t')) {
      end--;
    }
    return v.substring(start, end);
  }
}
