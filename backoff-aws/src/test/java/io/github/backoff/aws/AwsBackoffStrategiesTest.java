package io.github.backoff.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

class AwsBackoffStrategiesTest {
  @Test
  void computeDelay_attemptOne_isNoWait_attemptNIsRetryNMinusOne() {
    BackoffStrategy sdk = AwsBackoffStrategies.of(Backoff.exponential(Duration.ofMillis(100)));

    assertThat(sdk.computeDelay(1)).isZero();
    assertThat(sdk.computeDelay(2)).isEqualTo(Duration.ofMillis(100));
    assertThat(sdk.computeDelay(4)).isEqualTo(Duration.ofMillis(400));
    assertThat(sdk.computeDelay(Integer.MAX_VALUE)).isPositive(); // saturates, never overflows
  }

  @Test
  void computeDelay_jittered_staysWithinTheStrategysBounds() {
    Backoff backoff = Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(1)).withFullJitter();
    BackoffStrategy sdk = AwsBackoffStrategies.of(backoff, new SplittableRandom(7));

    for (int attempt = 2; attempt < 50; attempt++) {
      assertThat(sdk.computeDelay(attempt).toNanos()).isBetween(backoff.minDelayNanos(attempt - 1),
          backoff.maxDelayNanos(attempt - 1));
    }
  }

  @Test
  void computeDelay_attemptBelowOne_isRefused() {
    assertThatThrownBy(() -> AwsBackoffStrategies.of(Backoff.constant(Duration.ofMillis(1))).computeDelay(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("attempt must be >= 1: 0");
  }

  @Test
  void inTheSdksStandardStrategy_itsWaitsAreBackoffs() {
    RetryStrategy standard = AwsRetryStrategy.standardRetryStrategy().toBuilder()
        .backoffStrategy(AwsBackoffStrategies.of(Backoff.constant(Duration.ofMillis(300))))
        .build();
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(DynamoDbFaults.internal500(), DynamoDbFaults.tables());
      try (DynamoDbClient dynamo = DynamoDbFaults.client(server, standard)) {
        dynamo.listTables();
      }
      List<RecordedRequest> seen = server.requests();
      assertThat(seen).hasSize(2);
      assertThat(Duration.ofNanos(seen.get(1).arrivalNanos() - seen.get(0).arrivalNanos()))
          .isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }
  }
}
