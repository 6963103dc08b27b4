package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.httprules.RateLimitRules.Family;
import io.github.backoff.httprules.RateLimitRules.Format;
import io.github.backoff.httprules.RateLimitRules.Reset;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The header families of {@link RateLimitRules#defaults()} with each API's real header set, which reset is chosen
 * (the exhausted one, else the longest), when a family applies (429/503, or a remaining of 0), and the quota rule.
 */
class RateLimitRulesTest {
  private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
  private static final RateLimitRules RULES = RateLimitRules.defaults();

  private static Function<String, String> headers(String... nameValues) {
    Map<String, String> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 0; i < nameValues.length; i += 2) {
      map.put(nameValues[i], nameValues[i + 1]);
    }
    return map::get;
  }

  @Test
  void namedWait_openAi429_tokensExhausted_waitsForTheTokensReset() {
    Function<String, String> h = headers(
        "x-ratelimit-limit-requests", "60", "x-ratelimit-limit-tokens", "150000",
        "x-ratelimit-remaining-requests", "59", "x-ratelimit-remaining-tokens", "0",
        "x-ratelimit-reset-requests", "1s", "x-ratelimit-reset-tokens", "6m0s");

    assertThat(RULES.namedWait(429, h, NOW)).contains(Duration.ofMinutes(6));
  }

  @Test
  void namedWait_openAi429_requestsExhausted_waitsForTheRequestsResetNotTheLongerTokensOne() {
    Function<String, String> h = headers(
        "x-ratelimit-remaining-requests", "0", "x-ratelimit-remaining-tokens", "149000",
        "x-ratelimit-reset-requests", "12ms", "x-ratelimit-reset-tokens", "20s");

    assertThat(RULES.namedWait(429, h, NOW)).contains(Duration.ofMillis(12));
  }

  @Test
  void namedWait_openAi429_noneExhausted_waitsForTheLongestReset() {
    Function<String, String> h = headers("x-ratelimit-reset-requests", "1.5s", "x-ratelimit-reset-tokens", "300ms");

    assertThat(RULES.namedWait(429, h, NOW)).contains(Duration.ofMillis(1500));
  }

  @Test
  void namedWait_retryAfterMs_winsOverTheOpenAiResets() {
    Function<String, String> h = headers("retry-after-ms", "2500", "x-ratelimit-reset-requests", "6m0s",
        "x-ratelimit-remaining-requests", "0");

    assertThat(RULES.namedWait(429, h, NOW)).contains(Duration.ofMillis(2500));
  }

  @Test
  void namedWait_anthropic429_waitsUntilTheExhaustedLimitsInstant() {
    Function<String, String> h = headers(
        "anthropic-ratelimit-requests-remaining", "10", "anthropic-ratelimit-requests-reset", "2026-11-27T12:00:01Z",
        "anthropic-ratelimit-input-tokens-remaining", "0",
        "anthropic-ratelimit-input-tokens-reset", "2026-11-27T12:00:30Z",
        "anthropic-ratelimit-output-tokens-remaining", "8000",
        "anthropic-ratelimit-output-tokens-reset", "2026-11-27T12:00:02Z");

    assertThat(RULES.namedWait(429, h, NOW)).contains(Duration.ofSeconds(30));
  }

  @Test
  void namedWait_anthropicInstantInThePast_isNoWait() {
    Function<String, String> h = headers("anthropic-ratelimit-requests-reset", "2026-11-27T11:59:00Z");

    assertThat(RULES.namedWait(429, h, NOW)).contains(Duration.ZERO);
  }

  @Test
  void namedWait_ietfRateLimitList_waitsForTheExhaustedPolicy() {
    Function<String, String> h = headers("RateLimit-Policy", "\"burst\";q=100;w=60,\"daily\";q=1000;w=86400",
        "RateLimit", "\"burst\";r=0;t=30, \"daily\";r=500;t=3600");

    assertThat(RULES.namedWait(429, h, NOW)).contains(Duration.ofSeconds(30));
  }

  @Test
  void namedWait_ietfOlderDictionaryForm_isRead() {
    assertThat(RULES.namedWait(503, headers("RateLimit", "limit=10, remaining=0, reset=7"), NOW))
        .contains(Duration.ofSeconds(7));
  }

  @Test
  void namedWait_gitHub403WithRemainingZero_waitsUntilTheEpochReset() {
    long reset = NOW.getEpochSecond() + 42;
    Function<String, String> h = headers("X-RateLimit-Limit", "5000", "X-RateLimit-Remaining", "0",
        "X-RateLimit-Used", "5000", "X-RateLimit-Reset", Long.toString(reset), "X-RateLimit-Resource", "core");

    assertThat(RULES.namedWait(403, h, NOW)).contains(Duration.ofSeconds(42));
  }

  @Test
  void namedWait_rateLimitResetInSeconds_isAWaitNotAnEpoch() {
    assertThat(RULES.namedWait(429, headers("RateLimit-Reset", "90"), NOW)).contains(Duration.ofSeconds(90));
  }

  @Test
  void namedWait_a500WithOpenAisEverydayHeaders_namesNothing() {
    Function<String, String> h = headers("x-ratelimit-remaining-requests", "59", "x-ratelimit-reset-requests", "6m0s");

    assertThat(RULES.namedWait(500, h, NOW)).isEmpty();
  }

  @Test
  void namedWait_garbageInEveryFamily_namesNothing() {
    Function<String, String> h = headers("retry-after-ms", "soon", "x-ratelimit-reset-requests", "6 minutes",
        "anthropic-ratelimit-requests-reset", "tomorrow", "RateLimit", "\"x\";r=0;t=-1",
        "RateLimit-Reset", "-5", "X-RateLimit-Reset", "0x10");

    assertThat(RULES.namedWait(429, h, NOW)).isEmpty();
  }

  @Test
  void namedWait_noneRules_namesNothing() {
    assertThat(RateLimitRules.none().namedWait(429, headers("retry-after-ms", "100"), NOW)).isEmpty();
  }

  @Test
  void with_aUsersFamily_isTriedAfterTheKnownOnes() {
    RateLimitRules rules = RULES.with(new Family("acme", List.of(
        new Reset("acme-quota-reset", "acme-quota-left", Format.SECONDS))));

    assertThat(rules.namedWait(403, headers("acme-quota-reset", "12", "acme-quota-left", "0"), NOW))
        .contains(Duration.ofSeconds(12));
    assertThat(rules.families()).hasSize(RULES.families().size() + 1);
    assertThat(RULES.namedWait(403, headers("acme-quota-reset", "12", "acme-quota-left", "0"), NOW)).isEmpty();
  }

  @Test
  void isQuotaExhausted_openAiInsufficientQuotaBody_isQuota() {
    String body = "{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and billing"
        + " details.\",\"type\":\"insufficient_quota\",\"param\":null,\"code\":\"insufficient_quota\"}}";

    assertThat(RULES.isQuotaExhausted(429, Optional.empty(), Duration.ofMinutes(1), () -> body)).isTrue();
  }

  @Test
  void isQuotaExhausted_openAiRateLimitBody_isNotQuota() {
    String body = "{\"error\":{\"message\":\"Rate limit reached for gpt-4o on requests per min (RPM): Limit 3,"
        + " Used 3.\",\"type\":\"requests\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}";

    assertThat(RULES.isQuotaExhausted(429, Optional.of(Duration.ofSeconds(20)), Duration.ofMinutes(1), () -> body))
        .isFalse();
  }

  @Test
  void isQuotaExhausted_geminiDailyQuota_isQuota() {
    String body = "{\"error\":{\"code\":429,\"message\":\"You exceeded your current quota\",\"status\":"
        + "\"RESOURCE_EXHAUSTED\",\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.QuotaFailure\","
        + "\"violations\":[{\"quotaId\":\"GenerateRequestsPerDayPerProjectPerModel-FreeTier\"}]}]}}";

    assertThat(RULES.isQuotaExhausted(429, Optional.empty(), Duration.ofMinutes(1), () -> body)).isTrue();
  }

  @Test
  void isQuotaExhausted_resetHoursAwayAboveTheCeiling_isQuota_butNotBelowAnHourOrWithinTheCeiling() {
    Duration ceiling = Duration.ofMinutes(1);

    assertThat(RULES.isQuotaExhausted(429, Optional.of(Duration.ofHours(9)), ceiling, () -> null)).isTrue();
    assertThat(RULES.isQuotaExhausted(429, Optional.of(Duration.ofMinutes(59)), ceiling, () -> null)).isFalse();
    assertThat(RULES.isQuotaExhausted(429, Optional.of(Duration.ofHours(9)), Duration.ofHours(10), () -> null))
        .isFalse();
  }

  @Test
  void isQuotaExhausted_notA429_neverReadsTheBody() {
    assertThat(RULES.isQuotaExhausted(503, Optional.of(Duration.ofDays(1)), Duration.ofMinutes(1), () -> {
      throw new AssertionError("body read on a 503");
    })).isFalse();
  }

  @Test
  void isQuotaExhausted_markerBeyondMaxBodyChars_isNotSeen() {
    String body = "x".repeat(100) + "insufficient_quota";

    assertThat(RULES.withMaxBodyChars(100).isQuotaExhausted(429, Optional.empty(), Duration.ofMinutes(1),
        () -> body)).isFalse();
    assertThat(RULES.withMaxBodyChars(200).isQuotaExhausted(429, Optional.empty(), Duration.ofMinutes(1),
        () -> body)).isTrue();
  }

  @Test
  void withQuotaMarkers_aUsersMarker_marksQuota() {
    assertThat(RULES.withQuotaMarkers("plan_limit_exceeded").isQuotaExhausted(429, Optional.empty(),
        Duration.ofMinutes(1), () -> "{\"code\":\"plan_limit_exceeded\"}")).isTrue();
  }

  @Test
  void validation_badArguments_areRefusedNamingThem() {
    assertThatThrownBy(() -> RULES.withQuotaMarkers("")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("quota marker");
    assertThatThrownBy(() -> RULES.withMaxBodyChars(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxChars must be in 0..1048576: -1");
    assertThatThrownBy(() -> RULES.withQuotaResetAtLeast(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("atLeast must not be negative");
    assertThatThrownBy(() -> new Family("empty", List.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one reset: empty");
    assertThatThrownBy(() -> new Reset("bad header", null, Format.SECONDS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RULES.with(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("family");
  }

  @Test
  void formats_knownValues() {
    assertThat(Format.GO_DURATION.parse("1h2m3.5s", NOW)).contains(Duration.ofMillis(3_723_500));
    assertThat(Format.GO_DURATION.parse("250us", NOW)).contains(Duration.ofNanos(250_000));
    assertThat(Format.GO_DURATION.parse("3\u00b5s", NOW)).contains(Duration.ofNanos(3_000));
    assertThat(Format.GO_DURATION.parse("0", NOW)).contains(Duration.ZERO);
    assertThat(Format.GO_DURATION.parse("7", NOW)).isEmpty(); // Go requires a unit on anything but 0
    assertThat(Format.GO_DURATION.parse("-1s", NOW)).isEmpty();
    assertThat(Format.GO_DURATION.parse("1d", NOW)).isEmpty();
    assertThat(Format.MILLIS.parse("20.5", NOW)).contains(Duration.ofNanos(20_500_000));
    assertThat(Format.MILLIS.parse(".", NOW)).isEmpty();
    assertThat(Format.RFC3339_INSTANT.parse("2026-11-27T13:00:00+01:00", NOW)).contains(Duration.ZERO);
    assertThat(Format.RFC3339_INSTANT.parse("2026-11-27t12:00:05.5z", NOW)).contains(Duration.ofMillis(5500));
    assertThat(Format.SECONDS_OR_EPOCH.parse("999999999", NOW)).contains(Duration.ofSeconds(999_999_999));
    assertThat(Format.SECONDS_OR_EPOCH.parse("1000000000", NOW)).contains(Duration.ZERO); // an epoch long past
    assertThat(Format.IETF_RATELIMIT.parse("\"a\";r=5;t=10, \"b\";r=9;t=20", NOW)).contains(Duration.ofSeconds(20));
    assertThat(Format.IETF_RATELIMIT.parse("\"a\";r=0;t=10;pk=:abc:, \"b\";r=9;t=20", NOW))
        .contains(Duration.ofSeconds(10));
    assertThat(Format.IETF_RATELIMIT.parse("\"a\";r=0;t=10,", NOW)).isEmpty();
  }
}
