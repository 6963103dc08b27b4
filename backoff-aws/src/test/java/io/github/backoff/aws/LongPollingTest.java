package io.github.backoff.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;

/**
 * Long-polling operations (SQS {@code ReceiveMessage} and the like; no DynamoDB operation is one, so no client test
 * reaches this): when the budget refuses a retry, the token's failure carries the strategy's delay, which the SDK
 * waits before failing. Driven through the SDK's own request types, as its retry stage drives a strategy.
 */
class LongPollingTest {
  /** A budget that refuses every retry. */
  static final RetryBudget EMPTY = new RetryBudget() {
    @Override
    public void onRequest() {}

    @Override
    public void onFailure() {}

    @Override
    public long tryAcquireRetry(Throwable failure) {
      return -1;
    }

    @Override
    public void onSuccess(long acquired) {}
  };

  final BackoffRetryStrategy strategy = BackoffRetryStrategy.of(RetryPolicy.builder()
      .withBackoff(Backoff.constant(Duration.ofMillis(250)))
      .withBudget(EMPTY)
      .build());
  final AwsServiceException error500 = AwsServiceException.builder().statusCode(500).build();

  TokenAcquisitionFailedException refusedRetry(boolean longPolling) {
    RetryToken token = strategy.acquireInitialToken(AcquireInitialTokenRequest.create("sqs")).token();
    return catchThrowableOfType(TokenAcquisitionFailedException.class, () -> strategy.refreshRetryToken(
        RefreshRetryTokenRequest.builder().token(token).failure(error500).isLongPolling(longPolling).build()));
  }

  @Test
  void refreshRetryToken_budgetRefusesALongPoll_failureCarriesTheStrategysDelay() {
    TokenAcquisitionFailedException e = refusedRetry(true);

    assertThat(e.delay()).contains(Duration.ofMillis(250));
    assertThat(e.getCause()).isInstanceOfSatisfying(RetryException.class,
        stop -> assertThat(stop.reason()).isEqualTo(StopReason.BUDGET_DENIED));
  }

  @Test
  void refreshRetryToken_budgetRefusesAnOrdinaryCall_failsAtOnce() {
    TokenAcquisitionFailedException e = refusedRetry(false);

    assertThat(e.delay()).isEmpty();
    assertThat(e.getCause()).isInstanceOf(RetryException.class);
  }
}
