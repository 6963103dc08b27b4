package io.github.backoff.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * {@link BackoffRetryStrategy} in a real {@code DynamoDbClient} and {@code DynamoDbAsyncClient} against a loopback
 * {@link FaultServer} answering as DynamoDB does: 500s, {@code ThrottlingException} bodies, {@code x-amz-retry-after}.
 */
class BackoffRetryStrategyTest {
  static FaultServer server;
  final List<Object> events = new CopyOnWriteArrayList<>();
  final RetryPolicy<Object> policy = RetryPolicy.builder()
      .withBackoff(Backoff.constant(Duration.ofMillis(10)))
      .withMaxAttempts(3)
      .onEvent(events::add)
      .build();

  @BeforeAll
  static void start() {
    server = FaultServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void everyScriptedReplyWasUsed() {
    assertThat(server.pendingReplies()).isZero();
  }

  /** The requests since {@code before}: one server for the class, so each test counts its own. */
  static List<RecordedRequest> since(int before) {
    List<RecordedRequest> all = server.requests();
    return all.subList(before, all.size());
  }

  static Duration gap(List<RecordedRequest> requests, int i) {
    return Duration.ofNanos(requests.get(i).arrivalNanos() - requests.get(i - 1).arrivalNanos());
  }

  @Test
  void sync_500Twice_retriesUntilTheTablesCome() {
    int before = server.requestCount();
    server.enqueue(DynamoDbFaults.internal500(), DynamoDbFaults.internal500(), DynamoDbFaults.tables());
    try (DynamoDbClient dynamo = DynamoDbFaults.client(server, BackoffRetryStrategy.of(policy))) {
      assertThat(dynamo.listTables().tableNames()).containsExactly("orders");
    }
    List<RecordedRequest> seen = since(before);
    assertThat(seen).hasSize(3).allSatisfy(r -> assertThat(r.header("X-Amz-Target"))
        .isEqualTo("DynamoDB_20120810.ListTables"));
  }

  @Test
  void sync_bare500WithoutAnErrorCode_isRetried() {
    int before = server.requestCount();
    server.enqueue(FaultReply.status(500), DynamoDbFaults.tables());
    try (DynamoDbClient dynamo = DynamoDbFaults.client(server, BackoffRetryStrategy.of(policy))) {
      assertThat(dynamo.listTables().tableNames()).containsExactly("orders");
    }
    assertThat(since(before)).hasSize(2);
  }

  @Test
  void sync_throttlingExceptionBodies_areRetriedAsThrottling() {
    int before = server.requestCount();
    BackoffRetryStrategy strategy = BackoffRetryStrategy.of(policy);
    server.enqueue(DynamoDbFaults.throttling(), DynamoDbFaults.throttling(), DynamoDbFaults.tables());
    try (DynamoDbClient dynamo = DynamoDbFaults.client(server, strategy)) {
      assertThat(dynamo.listTables().tableNames()).containsExactly("orders");
    }
    assertThat(since(before)).hasSize(3);
    assertThat(events).filteredOn(RetryScheduled.class::isInstance).hasSize(2)
        .allSatisfy(e -> assertThat(((RetryScheduled<?>) e).kind()).isEqualTo(Preset.THROTTLING_KIND));
    // Two throttling retries cost 5 each; the success refunds the last one's cost.
    assertThat(strategy.budget().orElseThrow().available()).isEqualTo(500 - 5);
  }

  @Test
  void sync_validationError_isNotRetried() {
    int before = server.requestCount();
    server.enqueue(DynamoDbFaults.error(400, "ValidationException"));
    try (DynamoDbClient dynamo = DynamoDbFaults.client(server, BackoffRetryStrategy.of(policy))) {
      assertThatThrownBy(dynamo::listTables).isInstanceOfSatisfying(DynamoDbException.class,
          e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
    }
    assertThat(since(before)).hasSize(1);
  }

  @Test
  void sync_500Always_failsWithTheLastErrorAfterTheAttempts() {
    int before = server.requestCount();
    server.enqueue(DynamoDbFaults.internal500(), DynamoDbFaults.internal500(), DynamoDbFaults.internal500());
    try (DynamoDbClient dynamo = DynamoDbFaults.client(server, BackoffRetryStrategy.of(policy))) {
      assertThatThrownBy(dynamo::listTables).isInstanceOfSatisfying(DynamoDbException.class,
          e -> assertThat(e.statusCode()).isEqualTo(500));
    }
    assertThat(since(before)).hasSize(3);
  }

  @Test
  void sync_amzRetryAfter_lengthensTheWait() {
    int before = server.requestCount();
    server.enqueue(DynamoDbFaults.withHint(DynamoDbFaults.internal500(), Duration.ofMillis(400)),
        DynamoDbFaults.tables());
    try (DynamoDbClient dynamo = DynamoDbFaults.client(server, BackoffRetryStrategy.of(policy))) {
      dynamo.listTables();
    }
    assertThat(gap(since(before), 1)).isGreaterThanOrEqualTo(Duration.ofMillis(400));
  }

  @Test
  void sync_amzRetryAfterOfAMinute_isClampedAboveTheBackoff() {
    int before = server.requestCount();
    BackoffRetryStrategy strategy = BackoffRetryStrategy.of(policy, HttpRetryOptions.builder()
        .withRetryAfterMillisHeader(HttpRetryDelays.AMZ_RETRY_AFTER, Duration.ofMillis(300)).build());
    server.enqueue(DynamoDbFaults.withHint(DynamoDbFaults.throttling(), Duration.ofMinutes(1)),
        DynamoDbFaults.tables());
    try (DynamoDbClient dynamo = DynamoDbFaults.client(server, strategy)) {
      dynamo.listTables();
    }
    // 10 ms of backoff plus at most 300 ms: the minute asked for is not waited.
    assertThat(gap(since(before), 1)).isBetween(Duration.ofMillis(300), Duration.ofSeconds(5));
  }

  @Test
  void async_amzRetryAfterAndThrottling_areReadFromTheFailuresResponse() throws Exception {
    int before = server.requestCount();
    server.enqueue(DynamoDbFaults.withHint(DynamoDbFaults.throttling(), Duration.ofMillis(400)),
        DynamoDbFaults.internal500(), DynamoDbFaults.tables());
    try (DynamoDbAsyncClient dynamo = DynamoDbFaults.asyncClient(server, BackoffRetryStrategy.of(policy))) {
      assertThat(dynamo.listTables().get(10, TimeUnit.SECONDS).tableNames()).containsExactly("orders");
    }
    List<RecordedRequest> seen = since(before);
    assertThat(seen).hasSize(3);
    assertThat(gap(seen, 1)).isGreaterThanOrEqualTo(Duration.ofMillis(400));
    assertThat(events).filteredOn(RetryScheduled.class::isInstance).extracting(e -> ((RetryScheduled<?>) e).kind())
        .first().isEqualTo(Preset.THROTTLING_KIND);
  }

  @Test
  void async_500Always_failsAfterTheAttempts() {
    int before = server.requestCount();
    server.enqueue(DynamoDbFaults.internal500(), DynamoDbFaults.internal500(), DynamoDbFaults.internal500());
    try (DynamoDbAsyncClient dynamo = DynamoDbFaults.asyncClient(server, BackoffRetryStrategy.of(policy))) {
      assertThatThrownBy(() -> dynamo.listTables().get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(DynamoDbException.class);
    }
    assertThat(since(before)).hasSize(3);
  }

  @Test
  void toBuilder_roundTripsAndTheSdksSettersChangeThePolicy() {
    BackoffRetryStrategy strategy = BackoffRetryStrategy.of(policy);

    BackoffRetryStrategy same = strategy.toBuilder().build();
    BackoffRetryStrategy two = strategy.toBuilder().maxAttempts(2).build();

    assertThat(same.maxAttempts()).isEqualTo(3);
    assertThat(same.policy()).isSameAs(policy);
    assertThat(same.options()).isSameAs(strategy.options());
    assertThat(same.useClientDefaults()).isFalse();
    assertThat(two.maxAttempts()).isEqualTo(2);
    int before = server.requestCount();
    server.enqueue(DynamoDbFaults.internal500(), DynamoDbFaults.internal500());
    try (DynamoDbClient dynamo = DynamoDbFaults.client(server, two)) {
      assertThatThrownBy(dynamo::listTables).isInstanceOf(DynamoDbException.class);
    }
    assertThat(since(before)).hasSize(2);
  }
}
