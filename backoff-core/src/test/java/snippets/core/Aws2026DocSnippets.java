package snippets.core;

// tag::strategies[]
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
// end::strategies[]
// tag::standard[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.preset.Preset;
import java.time.Duration;
// end::standard[]
// tag::per-kind[]
import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
// end::per-kind[]
// tag::adaptive[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
// end::adaptive[]
// tag::non-reserving[]
import io.github.backoff.Sleeper;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import java.util.function.Supplier;
// end::non-reserving[]
import java.util.List;
import java.util.Optional;

/** The code blocks of docs/aws-2026.md; {@link Aws2026ExampleTest} runs them in virtual time. */
final class Aws2026DocSnippets {
  private Aws2026DocSnippets() {}

  /** The page's stand-in for an HTTP response: a status and the x-amz-retry-after header, if any. */
  record Response(int statusCode, Optional<String> retryAfterMillis) {
    static Response of(int status) {
      return new Response(status, Optional.empty());
    }
  }

  /** The page's stand-in for a client's "slow down" exception. */
  static final class ResourceExhausted extends RuntimeException {}

  static List<Backoff> strategies() {
    // tag::strategies[]
    Backoff transientErrors = Backoff.exponential(Duration.ofMillis(50), 2.0)    // 25 ms for DynamoDB
        .withCap(Duration.ofSeconds(20)).withFullJitter();                        // capped, then jittered
    Backoff throttling = Backoff.exponential(Duration.ofSeconds(1), 2.0)
        .withCap(Duration.ofSeconds(20)).withFullJitter();
    // end::strategies[]
    return List.of(transientErrors, throttling);
  }

  // tag::standard[]
  static Duration retryAfter(Response response) {
    if (response == null || response.retryAfterMillis().isEmpty()) {
      return null; // the strategy's wait
    }
    try {
      return Duration.ofMillis(Long.parseLong(response.retryAfterMillis().get()));
    } catch (NumberFormatException e) {
      return null; // invalid values are ignored, as the SDKs do
    }
  }

  static RetryPolicy<Response> aws2026(RetryBudget quota) {
    Preset aws = Preset.awsSdk2026();
    return aws.<Response>policyBuilder((response, failure) -> response != null && response.statusCode() == 429)
        .retryIfResult(response -> aws.isRetryableStatus(response.statusCode()))
        .withDelayHint(context -> retryAfter(context.result()), Duration.ofSeconds(5)) // null result: it threw
        .withBudget(quota)
        .build();
  }
  // end::standard[]

  // tag::per-kind[]
  static RetryPolicy<String> perKind() {
    return RetryPolicy.<String>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(50), 2.0).withCap(Duration.ofSeconds(20))
            .withFullJitter())
        .withBackoffFor(RetryKind.<String>onFailure("exhausted", f -> f instanceof ResourceExhausted,
                Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofSeconds(20)).withFullJitter())
            .withCostClass(CostClass.THROTTLING))
        .withMaxAttempts(4)
        .withBudget(RetryBudget.retryQuota(500, 14, 14, 5))
        .build();
  }
  // end::per-kind[]

  // tag::adaptive[]
  static RetryPolicy<Response> adaptive(AdaptiveRateLimiter limiter) {
    return aws2026(RetryBudget.retryQuota2026()).toBuilder()
        .withRateLimiter(limiter) // one limiter per throttled resource
        .build();
  }
  // end::adaptive[]

  // tag::non-reserving[]
  static Response callNonReserving(AdaptiveRateLimiter limiter, Sleeper sleeper, Supplier<Response> send)
      throws InterruptedException {
    limiter.acquire(sleeper);           // waits and re-checks until a whole token is in the bucket, then takes it
    Response response = send.get();
    limiter.onResponse(response.statusCode() == 429);
    return response;
  }
  // AdaptiveRateLimiter limiter = AdaptiveRateLimiter.nonReserving(Ticker.SYSTEM); // botocore's bucket
  // end::non-reserving[]
}
