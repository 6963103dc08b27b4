/**
 * Client-side rate limiting: {@link io.github.backoff.ratelimit.AdaptiveRateLimiter}, the AWS SDKs' "adaptive"
 * retry mode, a token bucket whose rate follows CUBIC on throttling responses and may delay even first attempts; and
 * {@link io.github.backoff.ratelimit.SharedReset}, "no requests until T" learned from a server's named reset and
 * waited for by every caller of a client (every Backoff HTTP client keeps one; see docs/llm.md).
 *
 * <pre>{@code
 * AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create();            // one per throttled resource
 * RetryPolicy<String> policy = Preset.awsSdk2026().<String>policyBuilder((r, f) -> f instanceof Throttled)
 *     .withRateLimiter(limiter)
 *     .build();
 * }</pre>
 */
package io.github.backoff.ratelimit;
