package io.github.backoff.aws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.preset.Preset;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * docs/aws.md's side-by-side, measured: the SDK's own standard strategy ({@code AwsRetryStrategy
 * .standardRetryStrategy()}) and {@code BackoffRetryStrategy.of(Preset.awsSdk2026())} in real DynamoDB clients, on
 * the same scripted server. Each scenario prints the line the docs quote; the assertions are about Backoff's side
 * (the SDK's is what it is).
 */
class StandardStrategyComparisonTest {
  static FaultServer server;

  @BeforeAll
  static void start() {
    server = FaultServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Supplier<RetryStrategy> sdk() {
    return AwsRetryStrategy::standardRetryStrategy;
  }

  static Supplier<RetryStrategy> ours() {
    return () -> BackoffRetryStrategy.of(Preset.awsSdk2026());
  }

  static String label(Supplier<RetryStrategy> strategy) {
    return strategy.get() instanceof BackoffRetryStrategy ? "Backoff aws-sdk-2026" : "SDK standard";
  }

  /** Runs ListTables with {@code strategy} against {@code replies}; the requests the server saw. */
  static List<RecordedRequest> run(Supplier<RetryStrategy> strategy, boolean async, FaultReply... replies)
      throws Exception {
    int before = server.requestCount();
    server.enqueue(replies);
    if (async) {
      try (DynamoDbAsyncClient dynamo = DynamoDbFaults.asyncClient(server, strategy.get())) {
        dynamo.listTables().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
      }
    } else {
      try (DynamoDbClient dynamo = DynamoDbFaults.client(server, strategy.get())) {
        try {
          dynamo.listTables();
        } catch (RuntimeException e) {
          // the outcome is in the requests the server saw
        }
      }
    }
    List<RecordedRequest> all = server.requests();
    return all.subList(before, all.size());
  }

  static long gapMillis(List<RecordedRequest> seen) {
    return TimeUnit.NANOSECONDS.toMillis(seen.get(1).arrivalNanos() - seen.get(0).arrivalNanos());
  }

  @Test
  void amzRetryAfter_onAThrottlingError_sync() throws Exception {
    for (Supplier<RetryStrategy> s : List.of(sdk(), ours())) {
      List<RecordedRequest> seen = run(s, false,
          DynamoDbFaults.throttling().withAmzRetryAfter(Duration.ofMillis(1500)), DynamoDbFaults.tables());
      System.out.printf("sync, ThrottlingException with x-amz-retry-after: 1500, %s: %d requests, waited %d ms%n",
          label(s), seen.size(), gapMillis(seen));
      if (s.get() instanceof BackoffRetryStrategy) {
        assertThat(gapMillis(seen)).isGreaterThanOrEqualTo(1500);
      }
    }
  }

  @Test
  void amzRetryAfter_onA500_async() throws Exception {
    for (Supplier<RetryStrategy> s : List.of(sdk(), ours())) {
      List<RecordedRequest> seen = run(s, true,
          DynamoDbFaults.internal500().withAmzRetryAfter(Duration.ofMillis(1500)), DynamoDbFaults.tables());
      System.out.printf("async, 500 with x-amz-retry-after: 1500, %s: %d requests, waited %d ms%n", label(s),
          seen.size(), gapMillis(seen));
      if (s.get() instanceof BackoffRetryStrategy) {
        assertThat(gapMillis(seen)).isGreaterThanOrEqualTo(1500);
      }
    }
  }

  @Test
  void retryAfterOfAnHour_on503_sync() throws Exception {
    for (Supplier<RetryStrategy> s : List.of(sdk(), ours())) {
      int before = server.requestCount();
      // A thread of its own, not the common pool: on 2 CPUs the pool has one worker, which the SDK's hour-long sleep
      // of the first run would keep from the second.
      CompletableFuture<List<RecordedRequest>> call = CompletableFuture.supplyAsync(() -> {
        try {
          // Only the 503 is scripted: a retry would get the server's default answer.
          return run(s, false, DynamoDbFaults.error(503, "ServiceUnavailable").withRetryAfter(Duration.ofHours(1)));
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, runnable -> {
        Thread thread = new Thread(runnable, "retry-after-3600");
        thread.setDaemon(true);
        thread.start();
      });
      long start = System.nanoTime();
      try {
        List<RecordedRequest> seen = call.get(s.get() instanceof BackoffRetryStrategy ? 20 : 3, TimeUnit.SECONDS);
        System.out.printf("sync, 503 with Retry-After: 3600, %s: %d requests, returned after %d ms%n", label(s),
            seen.size(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        if (s.get() instanceof BackoffRetryStrategy) {
          assertThat(seen).hasSize(1); // DELAY_TOO_LONG: the error is returned at once
        }
      } catch (TimeoutException e) {
        System.out.printf("sync, 503 with Retry-After: 3600, %s: still waiting after 3 s, %d requests%n", label(s),
            server.requestCount() - before);
        assertThat(s.get()).isNotInstanceOf(BackoffRetryStrategy.class);
      }
    }
  }

  @Test
  void twoThrottlingErrors_thenSuccess_sync() throws Exception {
    for (Supplier<RetryStrategy> s : List.of(sdk(), ours())) {
      List<RecordedRequest> seen = run(s, false, DynamoDbFaults.throttling(), DynamoDbFaults.throttling(),
          DynamoDbFaults.tables());
      long total = TimeUnit.NANOSECONDS.toMillis(seen.get(seen.size() - 1).arrivalNanos() - seen.get(0).arrivalNanos());
      System.out.printf("sync, 2 ThrottlingExceptions then 200, %s: %d requests, %d ms from first to last%n",
          label(s), seen.size(), total);
      assertThat(seen).hasSize(3);
    }
  }
}
