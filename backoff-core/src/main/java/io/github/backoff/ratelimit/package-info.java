/**
 * Client-side rate limiting: {@link io.github.backoff.ratelimit.AdaptiveRateLimiter}, the AWS SDKs' "adaptive"
 * retry mode, a token bucket whose rate follows CUBIC on throttling responses and may delay even first attempts.
 *
 * <pre>{@code
 * AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create();            // one per throttled resource
 * RetryPolicy<String> policy = Preset.awsSdk2026().<String>policyBuilder((r, f) -> f instanceof Throttled)
 *     .withRateLimiter(limiter)
 *     .build();
 * }</pre>
 */
package io.github.backoff.ratelimit;
