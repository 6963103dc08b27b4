package snippets.aws;

// tag::strategy[]
// tag::policy[]
import io.github.backoff.aws.BackoffRetryStrategy;
// end::policy[]
// tag::waits[]
import io.github.backoff.preset.Preset;
// end::waits[]
import software.amazon.awssdk.regions.Region;
// tag::waits[]
import software.amazon.awssdk.retries.api.RetryStrategy;
// end::waits[]
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
// end::strategy[]
// tag::policy[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.LoggingRetryListener;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
// end::policy[]
// tag::waits[]
import io.github.backoff.aws.AwsBackoffStrategies;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
// end::waits[]

/** docs/aws.md's examples, compiled; {@code AwsSnippetsTest} runs them against a real server. */
final class AwsSnippets {
  private AwsSnippets() {}

  /** Endpoint and credentials come from the system properties the test sets ({@code aws.endpointUrl}, ...). */
  static DynamoDbClient client() {
    // tag::strategy[]
    RetryStrategy retry = BackoffRetryStrategy.of(Preset.awsDynamoDb2026());

    DynamoDbClient dynamo = DynamoDbClient.builder()
        .region(Region.EU_WEST_1)
        .overrideConfiguration(o -> o.retryStrategy(retry))
        .build();
    DynamoDbAsyncClient async = DynamoDbAsyncClient.builder()
        .region(Region.EU_WEST_1)
        .overrideConfiguration(o -> o.retryStrategy(retry))
        .build();
    // end::strategy[]
    async.close();
    return dynamo;
  }

  static BackoffRetryStrategy policy() {
    // tag::policy[]
    RetryPolicy<Object> policy = RetryPolicy.builder()
        .withBackoff(Backoff.decorrelatedJitter(Duration.ofMillis(50), Duration.ofSeconds(5)))
        .withMaxAttempts(5)
        .withMaxElapsed(Duration.ofSeconds(20))
        .withBudget(RetryBudget.retryQuota2026())   // one budget, shared by every client given this strategy
        .onEvent(LoggingRetryListener.create())
        .build();
    BackoffRetryStrategy retry = BackoffRetryStrategy.of(policy);
    // end::policy[]
    return retry;
  }

  static RetryStrategy waits() {
    // tag::waits[]
    RetryStrategy standard = AwsRetryStrategy.standardRetryStrategy().toBuilder()
        .backoffStrategy(AwsBackoffStrategies.of(Preset.awsSdk2026().backoff()))
        .build();
    // end::waits[]
    return standard;
  }
}
