package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.Randoms;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The real JDK client against a loopback {@link FaultServer} scripted with each API's real rate-limit header set:
 * the wait followed is the one the server named (virtual time; the spread's draw is 0), the ceiling and the quota
 * stop at once, and the server sees exactly the requests the rules allow.
 */
class RateLimitHeadersTest {
  private final ManualScheduler time = new ManualScheduler();
  private FaultServer server;

  @BeforeEach
  void start() {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private RetryingHttpClient http(int... statuses) {
    var options = HttpRetryOptions.builder().withTicker(time::nanoTime).withSleeper(time::sleep)
        .withScheduler(time).withRandom(Randoms.uniforms(0.0)).withClock(time.wallClock(Fixtures.EPOCH))
        .withMaxRetryAfter(Duration.ofMinutes(2));
    if (statuses.length > 0) {
      options.withRetryableStatuses(statuses);
    }
    return RetryingHttpClient.of(Fixtures.httpClient(), RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(100))).withMaxAttempts(3).build(), options.build());
  }

  private HttpRetryOutcome<HttpResponse<String>> get(RetryingHttpClient http) {
    return http.sendWithOutcome(HttpRequest.newBuilder(server.uri("/v1/chat/completions")).build(),
        BodyHandlers.ofString());
  }

  private long waitedMillis() {
    return TimeUnit.NANOSECONDS.toMillis(time.nanoTime());
  }

  @Test
  void openAi_429TokensExhausted_waitsForTheTokenResetThenGets200() {
    server.enqueue(FaultReply.status(429)
        .withHeader("x-ratelimit-limit-requests", "500").withHeader("x-ratelimit-limit-tokens", "30000")
        .withHeader("x-ratelimit-remaining-requests", "499").withHeader("x-ratelimit-remaining-tokens", "0")
        .withHeader("x-ratelimit-reset-requests", "120ms").withHeader("x-ratelimit-reset-tokens", "7.5s")
        .withBody("{\"error\":{\"message\":\"Rate limit reached for gpt-4o on tokens per min (TPM)\","
            + "\"type\":\"tokens\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}"),
        FaultReply.ok("{\"choices\":[]}"));

    HttpRetryOutcome<HttpResponse<String>> outcome = get(http());

    assertThat(outcome.response().statusCode()).isEqualTo(200);
    assertThat(outcome.stopReason()).isEmpty();
    assertThat(waitedMillis()).isEqualTo(7500);
    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void openAi_429InsufficientQuota_isNotRetried() {
    server.enqueue(FaultReply.status(429).withHeader("x-ratelimit-reset-requests", "1s")
        .withBody("{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and billing"
            + " details.\",\"type\":\"insufficient_quota\",\"param\":null,\"code\":\"insufficient_quota\"}}"),
        FaultReply.ok("never"));

    HttpRetryOutcome<HttpResponse<String>> outcome = get(http());

    assertThat(outcome.stopReason()).contains(StopReason.QUOTA_EXHAUSTED);
    assertThat(outcome.response().body()).as("the caller still gets the body").contains("insufficient_quota");
    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(waitedMillis()).isZero();
  }

  @Test
  void openAi_retryAfterMs_isFollowedToTheMillisecond() {
    server.enqueue(FaultReply.status(429).withHeader("retry-after-ms", "1234")
        .withHeader("x-ratelimit-reset-requests", "6m0s"), FaultReply.ok("ok"));

    get(http());

    assertThat(waitedMillis()).isEqualTo(1234);
  }

  @Test
  void anthropic_429WithRetryAfterAndResets_followsTheRetryAfter() {
    server.enqueue(FaultReply.status(429).withHeader("retry-after", "3")
        .withHeader("anthropic-ratelimit-requests-limit", "50")
        .withHeader("anthropic-ratelimit-requests-remaining", "0")
        .withHeader("anthropic-ratelimit-requests-reset", "2026-11-21T12:00:20Z")
        .withHeader("anthropic-ratelimit-input-tokens-remaining", "20000")
        .withHeader("anthropic-ratelimit-input-tokens-reset", "2026-11-21T12:00:01Z")
        .withBody("{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"Number of request"
            + " tokens has exceeded your per-minute rate limit\"}}"), FaultReply.ok("ok"));

    get(http());

    assertThat(waitedMillis()).isEqualTo(3000);
  }

  @Test
  void anthropic_429WithResetsOnly_waitsUntilTheExhaustedLimitsInstant() {
    server.enqueue(FaultReply.status(429)
        .withHeader("anthropic-ratelimit-requests-remaining", "0")
        .withHeader("anthropic-ratelimit-requests-reset", "2026-11-21T12:00:20Z")
        .withHeader("anthropic-ratelimit-output-tokens-remaining", "8000")
        .withHeader("anthropic-ratelimit-output-tokens-reset", "2026-11-21T12:00:59Z"), FaultReply.ok("ok"));

    get(http());

    assertThat(waitedMillis()).isEqualTo(20_000);
  }

  @Test
  void ietf_429RateLimitField_waitsForTheExhaustedPolicy() {
    server.enqueue(FaultReply.status(429)
        .withHeader("RateLimit-Policy", "\"burst\";q=100;w=60, \"daily\";q=1000;w=86400")
        .withHeader("RateLimit", "\"burst\";r=0;t=12, \"daily\";r=650;t=40000"), FaultReply.ok("ok"));

    get(http());

    assertThat(waitedMillis()).isEqualTo(12_000);
  }

  @Test
  void gitHub_403WithRemainingZero_waitsForTheEpochReset() {
    long reset = Fixtures.EPOCH.getEpochSecond() + 30;
    server.enqueue(FaultReply.status(403).withHeader("x-ratelimit-limit", "60")
        .withHeader("x-ratelimit-remaining", "0").withHeader("x-ratelimit-used", "60")
        .withHeader("x-ratelimit-reset", Long.toString(reset)).withHeader("x-ratelimit-resource", "core")
        .withBody("{\"message\":\"API rate limit exceeded\"}"), FaultReply.ok("ok"));

    HttpRetryOutcome<HttpResponse<String>> outcome = get(http(403, 429, 503));

    assertThat(outcome.response().statusCode()).isEqualTo(200);
    assertThat(waitedMillis()).isEqualTo(30_000);
  }

  @Test
  void resetAboveTheCeiling_stopsAtOnceWithDelayTooLong() {
    server.enqueue(FaultReply.status(429).withHeader("RateLimit-Reset", "600"), FaultReply.ok("never"));

    HttpRetryOutcome<HttpResponse<String>> outcome = get(http());

    assertThat(outcome.stopReason()).contains(StopReason.DELAY_TOO_LONG);
    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(waitedMillis()).isZero();
  }

  @Test
  void gemini_429DailyQuota_isNotRetried() {
    server.enqueue(FaultReply.status(429).withBody("{\"error\":{\"code\":429,\"message\":\"You exceeded your"
        + " current quota, please check your plan and billing details.\",\"status\":\"RESOURCE_EXHAUSTED\","
        + "\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.QuotaFailure\",\"violations\":[{\"quotaId\":"
        + "\"GenerateRequestsPerDayPerProjectPerModel-FreeTier\"}]},{\"@type\":\"type.googleapis.com/google.rpc."
        + "RetryInfo\",\"retryDelay\":\"55s\"}]}}"), FaultReply.ok("never"));

    assertThat(get(http()).stopReason()).contains(StopReason.QUOTA_EXHAUSTED);
    assertThat(server.requestCount()).isEqualTo(1);
  }
}
