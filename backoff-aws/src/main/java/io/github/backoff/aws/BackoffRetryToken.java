package io.github.backoff.aws;

import io.github.backoff.StandaloneExecution;
import software.amazon.awssdk.retries.api.RetryToken;

/**
 * The token of one SDK call: the core's execution (its attempts, previous delay, start and the budget it took),
 * handed by the SDK from attempt to attempt.
 */
final class BackoffRetryToken implements RetryToken {
  final String scope;
  final StandaloneExecution<Object> execution;

  BackoffRetryToken(String scope, StandaloneExecution<Object> execution) {
    this.scope = scope;
    this.execution = execution;
  }

  @Override
  public String toString() {
    return "BackoffRetryToken[scope=" + scope + ", failedAttempts=" + execution.failedAttempts() + "]";
  }
}
