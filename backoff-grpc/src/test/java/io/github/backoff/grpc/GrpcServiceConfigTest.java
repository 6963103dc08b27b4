package io.github.backoff.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.stub.ClientCalls;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class GrpcServiceConfigTest {
  private static FaultService server;
  private static final RetryPolicy<Object> A6 = Preset.grpc().policyBuilder().build();

  @BeforeAll
  static void start() throws Exception {
    server = new FaultService();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  void build_presetPolicy_writesA6sExampleWithDoublesAndProto3Durations() {
    GrpcServiceConfig config = GrpcServiceConfig.builder().withRetry("test.Faults", A6).withThrottling(10, 0.1)
        .build();

    assertThat(config.asMap()).isEqualTo(Map.of(
        "methodConfig", List.of(Map.of(
            "name", List.of(Map.of("service", "test.Faults")),
            "retryPolicy", Map.of("maxAttempts", 4.0, "initialBackoff", "0.1s", "maxBackoff", "1s",
                "backoffMultiplier", 2.0, "retryableStatusCodes", List.of("RESOURCE_EXHAUSTED", "UNAVAILABLE")))),
        "retryThrottling", Map.of("maxTokens", 10.0, "tokenRatio", 0.1)));
    assertThat(config.toJson()).isEqualTo("""
        {
          "methodConfig": [{
            "name": [{
              "service": "test.Faults"
            }],
            "retryPolicy": {
              "maxAttempts": 4,
              "initialBackoff": "0.1s",
              "maxBackoff": "1s",
              "backoffMultiplier": 2,
              "retryableStatusCodes": ["RESOURCE_EXHAUSTED", "UNAVAILABLE"]
            }
          }],
          "retryThrottling": {
            "maxTokens": 10,
            "tokenRatio": 0.1
          }
        }
        """);
  }

  @Test
  void asMap_realChannel_grpcJavaRetriesAsWritten() throws Exception {
    RetryPolicy<Object> policy = Preset.grpc(Duration.ofMillis(1), 2, Duration.ofMillis(4), 3).policyBuilder().build();
    GrpcServiceConfig config = GrpcServiceConfig.builder().withRetry("test.Faults/Unary", policy,
        Status.Code.UNAVAILABLE).build();
    ManagedChannel channel = InProcessChannelBuilder.forName(server.inProcessName())
        .defaultServiceConfig(config.asMap()).enableRetry().build();
    try {
      server.script(FaultService.fail(Status.Code.UNAVAILABLE), FaultService.fail(Status.Code.UNAVAILABLE));
      assertThat(ClientCalls.blockingUnaryCall(channel, FaultService.UNARY, CallOptions.DEFAULT, "x")).isEqualTo("ok");
      assertThat(server.arrivals).extracting(FaultService.Arrival::previousAttempts).containsExactly(null, "1", "2");

      server.script(FaultService.fail(Status.Code.UNAVAILABLE), FaultService.fail(Status.Code.UNAVAILABLE),
          FaultService.fail(Status.Code.UNAVAILABLE));
      assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, FaultService.UNARY, CallOptions.DEFAULT, "x"))
          .isInstanceOf(StatusRuntimeException.class);
      assertThat(server.arrivals).hasSize(3);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void withRetry_policysTokenBucket_becomesTheChannelsThrottling() {
    RetryBudget bucket = RetryBudget.tokenBucket(10, 0.1);
    RetryPolicy<Object> policy = A6.toBuilder().withBudget(bucket).build();

    GrpcServiceConfig config = GrpcServiceConfig.builder().withRetry("a.A", policy)
        .withRetry("b.B", Preset.grpc().policyBuilder().withBudget(bucket).build()).build();

    assertThat(config.asMap().get("retryThrottling")).isEqualTo(Map.of("maxTokens", 10.0, "tokenRatio", 0.1));
    assertThat(config.throttlingBudget()).hasValueSatisfying(b -> assertThat(b).hasToString(bucket.toString()));
  }

  @Test
  void withRetry_tokenBucketsThatDisagree_refusedNamingBoth() {
    GrpcServiceConfigBuilder builder = GrpcServiceConfig.builder()
        .withRetry("a.A", A6.toBuilder().withBudget(RetryBudget.tokenBucket(10, 0.1)).build());

    assertThatThrownBy(() -> builder.withRetry("b.B", A6.toBuilder().withBudget(RetryBudget.tokenBucket(20, 0.1))
        .build())).isInstanceOf(IllegalArgumentException.class).hasMessage("b.B: gRPC's retry cannot express budget"
            + " tokenBucket(maxTokens=20, tokenRatio=0.1, tokens=20.0): gRPC has one retryThrottling per channel, and"
            + " it is already maxTokens 10, tokenRatio 0.1 (from a.A's budget)");
    assertThatThrownBy(() -> builder.withThrottling(10, 0.1)).isInstanceOf(IllegalStateException.class)
        .hasMessage("throttling was already set (by a.A's budget)");
    assertThatThrownBy(() -> GrpcServiceConfig.builder().withThrottling(10, 0.2)
        .withRetry("a.A", A6.toBuilder().withBudget(RetryBudget.tokenBucket(10, 0.1)).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("(from withThrottling)");
  }

  @Test
  void withRetry_policysTokenBucket_realChannelThrottlesAsTheBudgetWould() throws Exception {
    // maxTokens 2: one failure leaves 1 token, not above half: grpc-java makes no retry, as the budget would deny it.
    RetryPolicy<Object> policy = Preset.grpc(Duration.ofMillis(1), 2, Duration.ofMillis(4), 3).policyBuilder()
        .withBudget(RetryBudget.tokenBucket(2, 0.1)).build();
    GrpcServiceConfig config = GrpcServiceConfig.builder().withRetry("test.Faults/Unary", policy).build();
    ManagedChannel channel = InProcessChannelBuilder.forName(server.inProcessName())
        .defaultServiceConfig(config.asMap()).enableRetry().build();
    try {
      server.script(FaultService.fail(Status.Code.UNAVAILABLE));
      assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, FaultService.UNARY, CallOptions.DEFAULT, "x"))
          .isInstanceOf(StatusRuntimeException.class);
      assertThat(server.arrivals).hasSize(1);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void withDefaultRetry_emptyName_andMaxElapsedAsTimeout() {
    RetryPolicy<Object> policy = Preset.grpc().policyBuilder().withMaxElapsed(Duration.ofMillis(2500)).build();

    Map<String, ?> config = GrpcServiceConfig.builder().withDefaultRetry(policy).build().asMap();

    @SuppressWarnings("unchecked")
    Map<String, Object> method = ((List<Map<String, Object>>) config.get("methodConfig")).get(0);
    assertThat(method.get("name")).isEqualTo(List.of(Map.of()));
    assertThat(method.get("timeout")).isEqualTo("2.5s");
  }

  @Test
  void duration_proto3Json() {
    assertThat(GrpcServiceConfigBuilder.duration(100_000_000L)).isEqualTo("0.1s");
    assertThat(GrpcServiceConfigBuilder.duration(1_000_000_000L)).isEqualTo("1s");
    assertThat(GrpcServiceConfigBuilder.duration(1)).isEqualTo("0.000000001s");
    assertThat(GrpcServiceConfigBuilder.duration(90_000_000_000L)).isEqualTo("90s");
  }

  @Test
  void withRetry_whatGrpcCannotExpress_refusedNamingMethodAndSetting() {
    Backoff a6 = Preset.grpc().backoff();
    Map<RetryPolicy<Object>, String> refused = Map.of(
        RetryPolicy.builder().withBackoff(Backoff.decorrelatedJitter(Duration.ofMillis(100), Duration.ofSeconds(1)))
            .withMaxAttempts(4).build(),
        "orders.Orders: gRPC's retry cannot express backoff decorrelated-jitter(base=100 ms, cap=1 s): gRPC waits",
        RetryPolicy.builder().withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(1))
            .withFullJitter()).withMaxAttempts(4).build(),
        "orders.Orders: gRPC's retry cannot express backoff ",
        RetryPolicy.builder().withBackoff(Backoff.exponential(Duration.ofMillis(100)).withRandomization(0.2))
            .withMaxAttempts(4).build(),
        "orders.Orders: gRPC's retry cannot express backoff ",
        RetryPolicy.builder().withBackoff(a6).withMaxAttempts(6).build(),
        "orders.Orders: gRPC's retry cannot express maxAttempts 6: grpc-java makes at most 5 attempts",
        RetryPolicy.builder().withBackoff(a6).withUnlimitedAttempts().build(),
        "orders.Orders: gRPC's retry cannot express maxAttempts unlimited",
        RetryPolicy.builder().withBackoff(a6).withMaxAttempts(1).build(),
        "orders.Orders: gRPC's retry cannot express maxAttempts 1",
        RetryPolicy.builder().withBackoff(a6).withBudget(RetryBudget.ratio()).build(),
        "orders.Orders: gRPC's retry cannot express budget ",
        RetryPolicy.builder().withBackoff(a6).withAttemptTimeout(Duration.ofSeconds(1)).build(),
        "orders.Orders: gRPC's retry cannot express attemptTimeout PT1S");
    refused.forEach((policy, message) -> assertThatThrownBy(
        () -> GrpcServiceConfig.builder().withRetry("orders.Orders", policy))
        .as(message).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(message));
  }

  @Test
  void withRetry_badNamesAndCodes_refused() {
    for (String name : List.of("", "/Get", "orders.Orders/", "a/b/c", " ")) {
      assertThatThrownBy(() -> GrpcServiceConfig.builder().withRetry(name, A6)).as(name)
          .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("name must be \"package.Service\"");
    }
    assertThatThrownBy(() -> GrpcServiceConfig.builder().withRetry("a.B", A6, new Status.Code[0]))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("a.B: codes must not be empty (gRPC then retries nothing)");
    assertThatThrownBy(() -> GrpcServiceConfig.builder().withRetry("a.B", A6, Status.Code.NOT_FOUND))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a.B: codes must not hold NOT_FOUND: another attempt gets the same answer");
    assertThatThrownBy(() -> GrpcServiceConfig.builder().withRetry("a.B", A6).withRetry("a.B", A6))
        .isInstanceOf(IllegalStateException.class).hasMessage("a.B was already given a retry policy");
  }

  @Test
  void withThrottling_checkedAsTheTokenBucket_andShareableAsABudget() {
    assertThatThrownBy(() -> GrpcServiceConfig.builder().withThrottling(0, 0.1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxTokens must be in [1, 1000]: 0");
    assertThatThrownBy(() -> GrpcServiceConfig.builder().withThrottling(10, 0.1234))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tokenRatio must have at most 3 decimal places (gRPC drops the rest): 0.1234");
    assertThatThrownBy(() -> GrpcServiceConfig.builder().withThrottling(10, 0.1).withThrottling(10, 0.1))
        .isInstanceOf(IllegalStateException.class).hasMessage("throttling was already set (by withThrottling)");

    assertThat(GrpcServiceConfig.builder().withThrottling(10, 0.5).build().throttlingBudget()).hasValueSatisfying(
        b -> assertThat(b.available()).isEqualTo(10.0));
    assertThat(GrpcServiceConfig.builder().build().throttlingBudget()).isEmpty();
  }
}
