package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.httprules.RateLimitRules.Format;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Each header family's value grammar, as properties: a value written by the grammar parses to the wait it states;
 * anything at all, garbage included, parses without throwing, and what it gives is never negative.
 */
class RateLimitRulesPropertiesTest {
  private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

  @Property
  void goDuration_hoursMinutesSecondsMillis_parseToTheirSum(@ForAll @IntRange(max = 99) int h,
      @ForAll @IntRange(max = 59) int m, @ForAll @IntRange(max = 59) int s, @ForAll @IntRange(max = 999) int ms) {
    String value = (h > 0 ? h + "h" : "") + (m > 0 ? m + "m" : "") + s + "s" + ms + "ms";

    assertThat(Format.GO_DURATION.parse(value, NOW))
        .contains(Duration.ofHours(h).plusMinutes(m).plusSeconds(s).plusMillis(ms));
  }

  @Property
  void goDuration_decimalSeconds_parseToTheNanosecond(@ForAll @IntRange(max = 100_000) int whole,
      @ForAll @IntRange(max = 999_999_999) int nanos) {
    String frac = String.format("%09d", nanos);

    assertThat(Format.GO_DURATION.parse(whole + "." + frac + "s", NOW))
        .contains(Duration.ofSeconds(whole).plusNanos(nanos));
  }

  @Property
  void millis_wholeNumbers_parseToMilliseconds(@ForAll @LongRange(max = 1_000_000_000_000L) long millis) {
    assertThat(Format.MILLIS.parse(" " + millis + "\t", NOW)).contains(Duration.ofMillis(millis));
  }

  @Property
  void rfc3339_anyInstantWithAnyOffset_isTheWaitUntilIt(
      @ForAll @LongRange(min = -86_400, max = 864_000) long offsetSeconds,
      @ForAll @IntRange(min = -12, max = 14) int zoneHours) {
    Instant at = NOW.plusSeconds(offsetSeconds);
    String value = DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(at.atOffset(ZoneOffset.ofHours(zoneHours)));

    assertThat(Format.RFC3339_INSTANT.parse(value, NOW))
        .contains(offsetSeconds > 0 ? Duration.ofSeconds(offsetSeconds) : Duration.ZERO);
  }

  @Property
  void secondsOrEpoch_belowTenToTheNine_isSeconds_aboveIsAnEpoch(
      @ForAll @LongRange(max = RateLimitRules.EPOCH_SECONDS_FROM - 1) long seconds,
      @ForAll @LongRange(max = 10_000_000) long ahead) {
    assertThat(Format.SECONDS_OR_EPOCH.parse(Long.toString(seconds), NOW)).contains(Duration.ofSeconds(seconds));
    assertThat(Format.SECONDS_OR_EPOCH.parse(Long.toString(NOW.getEpochSecond() + ahead), NOW))
        .contains(Duration.ofSeconds(ahead));
  }

  @Property
  void ietfRateLimit_listItems_waitForTheLongestExhaustedOne(@ForAll("items") List<long[]> items) {
    StringBuilder value = new StringBuilder();
    long exhausted = -1;
    long any = -1;
    for (int i = 0; i < items.size(); i++) {
      long r = items.get(i)[0];
      long t = items.get(i)[1];
      value.append(i == 0 ? "" : ", ").append("\"p").append(i).append("\";r=").append(r).append(";t=").append(t);
      any = Math.max(any, t);
      if (r == 0) {
        exhausted = Math.max(exhausted, t);
      }
    }

    assertThat(Format.IETF_RATELIMIT.parse(value.toString(), NOW))
        .contains(Duration.ofSeconds(exhausted >= 0 ? exhausted : any));
  }

  @Provide
  Arbitrary<List<long[]>> items() {
    return Combinators.combine(Arbitraries.longs().between(0, 3), Arbitraries.longs().between(0, 100_000))
        .as((r, t) -> new long[] {r, t}).list().ofMinSize(1).ofMaxSize(5);
  }

  @Property(tries = 2000)
  void everyFormat_anyString_neverThrowsAndIsNeverNegative(@ForAll("garbage") String value) {
    for (Format f : Format.values()) {
      Optional<Duration> wait = f.parse(value, NOW);
      assertThat(wait.filter(Duration::isNegative)).isEmpty();
    }
    assertThat(RateLimitRules.defaults().namedWait(429, name -> value, NOW).filter(Duration::isNegative)).isEmpty();
  }

  @Provide
  Arbitrary<String> garbage() {
    Arbitrary<String> grammarish = Arbitraries.strings().withChars("0123456789.;,=\"hmsun\u00b5:-+TZtr ")
        .ofMaxLength(40);
    Arbitrary<String> anything = Arbitraries.strings().all().ofMaxLength(40);
    Arbitrary<String> huge = Arbitraries.strings().numeric().ofMinLength(19).ofMaxLength(60).map(d -> d + "h");
    return Arbitraries.oneOf(grammarish, anything, huge);
  }

  @Property
  void goDuration_hugeValues_saturateInsteadOfOverflowing(@ForAll @IntRange(min = 19, max = 40) int digits) {
    assertThat(Format.GO_DURATION.parse("9".repeat(digits) + "h", NOW))
        .hasValueSatisfying(d -> assertThat(d.toNanos()).isEqualTo(Long.MAX_VALUE));
  }
}
