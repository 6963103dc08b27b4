/**
 * HTTP's retry rules shared by every HTTP integration: idempotent methods and the {@code Idempotency-Key} header,
 * retryable and throttling statuses, retryable I/O failures ({@link io.github.backoff.httprules.HttpRetryRules}),
 * the {@code Retry-After} header in both its forms ({@link io.github.backoff.httprules.RetryAfter}), how long to
 * wait on a server's hint: {@code Retry-After} spread above its floor, millisecond hints such as
 * {@code x-amz-retry-after} clamped the AWS way ({@link io.github.backoff.httprules.HttpRetryDelays}), and each
 * attempt's timeout under the deadline ({@link io.github.backoff.httprules.AttemptDeadline}), and the policy a client
 * derives from its user's ({@link io.github.backoff.httprules.HttpRetryPolicies}), and what a call's caller learns
 * of its retries: the final response, the attempts, the time and why retries stopped
 * ({@link io.github.backoff.httprules.HttpRetryOutcome}). Plain Java, no HTTP
 * library types: backoff-http and backoff-okhttp adapt their own request and response types to it, so the rules
 * are written once.
 *
 * <pre>{@code
 * Optional<Duration> wait = RetryAfter.parse(response.header(HttpRetryRules.RETRY_AFTER), Instant.now());
 * }</pre>
 *
 * <p>Every type here is stateless and thread-safe, except {@code HttpRetryOutcome}, an immutable value.
 */
package io.github.backoff.httprules;
