package io.github.backoff.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.TwoSampleKolmogorovSmirnov;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ServerCalls;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The {@code grpc} preset against grpc-java 1.85.1's own retry. Measured: 300 calls on an in-process channel with
 * {@code enableRetry()} and A6's example policy (0.1 s, x2, 1 s, 4 attempts) against a server that always answers
 * UNAVAILABLE; the gaps between attempts at the server, retry by retry, respect the preset's bounds in the way load
 * cannot fake. Drawn: grpc-java's own {@code RetriableStream.intervalWithJitter} has the preset's distribution
 * (two-sample Kolmogorov-Smirnov, alpha 1e-6) and not full jitter's.
 */
class GrpcPresetReferenceTest {
  private static final int CALLS = 300;
  private static final double ALPHA = 1e-6;

  @Test
  void builtInRetry_measuredGaps_withinThePresetsBounds() throws Exception {
    Map<String, List<Long>> arrivals = new ConcurrentHashMap<>();
    String name = "preset-reference-" + System.nanoTime();
    Server server = InProcessServerBuilder.forName(name).addService(ServerServiceDefinition.builder("test.Faults")
        .addMethod(FaultService.UNARY, ServerCalls.asyncUnaryCall((request, out) -> {
          arrivals.computeIfAbsent(request, k -> new CopyOnWriteArrayList<>()).add(System.nanoTime());
          out.onError(Status.UNAVAILABLE.asRuntimeException());
        })).build()).build().start();
    Map<String, Object> retryPolicy = Map.of("maxAttempts", 4.0, "initialBackoff", "0.1s", "maxBackoff", "1s",
        "backoffMultiplier", 2.0, "retryableStatusCodes", List.of("UNAVAILABLE"));
    ManagedChannel channel = InProcessChannelBuilder.forName(name).enableRetry().defaultServiceConfig(Map.of(
        "methodConfig", List.of(Map.of("name", List.of(Map.of("service", "test.Faults")),
            "retryPolicy", retryPolicy)))).build();
    try {
      List<RecordingListener> calls = new ArrayList<>();
      for (int i = 0; i < CALLS; i++) {
        RecordingListener l = new RecordingListener();
        var call = channel.newCall(FaultService.UNARY, CallOptions.DEFAULT);
        call.start(l, new Metadata());
        call.request(2);
        call.sendMessage("call-" + i);
        call.halfClose();
        calls.add(l);
      }
      for (RecordingListener l : calls) {
        assertThat(l.awaitClose().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
      }
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    assertThat(arrivals).hasSize(CALLS).allSatisfy((call, times) -> assertThat(times).hasSize(4));
    // At the server, a gap is the wait plus the time to fail and to answer: never shorter than the wait, longer by
    // however busy the machine is. So the bounds, which load cannot move below: no gap is shorter than the preset's
    // shortest wait, 0.8 t (U(0.4, 1.2) and full jitter put dozens of 300 there), and the shortest gap is near it
    // (below t: a jitter that never goes below t would not be).
    Backoff preset = Preset.grpc().backoff();
    for (int retry = 1; retry <= 3; retry++) {
      int r = retry;
      long[] measured = arrivals.values().stream().mapToLong(t -> (t.get(r) - t.get(r - 1)) / 1000).toArray();
      long lo = preset.minDelayNanos(retry) / 1000;
      long hi = preset.maxDelayNanos(retry) / 1000;
      System.out.printf("grpc built-in retry %d: shortest gap %d us, bounds [%d, %d) us; %s%n", retry,
          Arrays.stream(measured).min().orElseThrow(), lo, lo + (hi - lo) / 2, summary(measured));
      assertThat(Arrays.stream(measured).min().orElseThrow()).as("retry %d: %s", retry, summary(measured))
          .isGreaterThanOrEqualTo(lo).isLessThan(lo + (hi - lo) / 2);
    }
  }

  @Test
  void intervalWithJitter_grpcJavasOwnDraws_haveThePresetsDistribution() throws Exception {
    // grpc-java's own jitter function (the one RetriableStream applies to each capped interval), 20,000 draws per
    // retry against as many of the preset's: the same distribution, load or not.
    // RetriableStream is package-private; its static intervalWithJitter is what each retry's wait comes from.
    java.lang.reflect.Method jitter = Class.forName("io.grpc.internal.RetriableStream")
        .getDeclaredMethod("intervalWithJitter", long.class);
    jitter.setAccessible(true);
    Backoff preset = Preset.grpc().backoff();
    SplittableRandom random = new SplittableRandom(33);
    int n = 20_000;
    for (int retry = 1; retry <= 5; retry++) {
      long interval = Math.min(100_000_000L << (retry - 1), 1_000_000_000L);
      long[] grpc = new long[n];
      long[] ours = new long[n];
      long[] fullJitter = new long[n];
      for (int i = 0; i < n; i++) {
        grpc[i] = (long) jitter.invoke(null, interval) / 1000;
        ours[i] = preset.delayNanos(retry, 0, random) / 1000;
        fullJitter[i] = (long) (interval * random.nextDouble()) / 1000;
      }
      double critical = TwoSampleKolmogorovSmirnov.criticalValue(n, n, ALPHA);
      assertThat(TwoSampleKolmogorovSmirnov.statistic(grpc, ours)).as("retry %d", retry).isLessThan(critical);
      assertThat(TwoSampleKolmogorovSmirnov.statistic(grpc, fullJitter)).as("retry %d: tells full jitter apart", retry)
          .isGreaterThan(critical);
      assertThat(Arrays.stream(grpc).min().orElseThrow()).isGreaterThanOrEqualTo(preset.minDelayNanos(retry) / 1000);
      assertThat(Arrays.stream(grpc).max().orElseThrow()).isLessThanOrEqualTo(preset.maxDelayNanos(retry) / 1000);
    }
  }

  private static String summary(long[] micros) {
    long[] s = micros.clone();
    Arrays.sort(s);
    return String.format("min %d us, median %d us, max %d us", s[0], s[s.length / 2], s[s.length - 1]);
  }
}
