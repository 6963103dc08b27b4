/**
 * Backoff for the AWS SDK for Java 2.x: {@link io.github.backoff.aws.BackoffRetryStrategy} is the SDK's
 * {@code RetryStrategy} answered by a Backoff {@code RetryPolicy} (the SDK's throttling and transient errors,
 * {@code x-amz-retry-after} and {@code Retry-After} clamped, a retry budget refunded on success), and
 * {@link io.github.backoff.aws.AwsBackoffStrategies} turns any Backoff strategy into the SDK's {@code BackoffStrategy}.
 *
 * <pre>{@code
 * DynamoDbClient dynamo = DynamoDbClient.builder()
 *     .overrideConfiguration(o -> o.retryStrategy(BackoffRetryStrategy.of(policy)))
 *     .build();
 * }</pre>
 */
package io.github.backoff.aws;
