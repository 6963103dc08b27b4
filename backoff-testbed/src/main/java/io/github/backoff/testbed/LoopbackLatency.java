package io.github.backoff.testbed;

import io.github.backoff.RetryPolicy;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.sim.overload.NetworkLatency;
import io.github.backoff.testing.FaultServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Measures what a loopback request costs on this machine beyond the server's own work: the round trip of a
 * {@code PUT} through a {@link RetryingHttpClient} to a {@link FaultServer} set up as the testbed's (one slot, a
 * fixed service time of {@link #SERVICE}), minus that service time, with the same client set-up as the testbed
 * (HTTP/1.1, a pool of two threads, {@code sendAsync}). The service time is there so that the measurement includes
 * what the testbed's every reply pays: the server thread's wake-up after its service (late on a loaded machine).
 * That is the overload model's network latency ({@link NetworkLatency}) for a comparison with the testbed.
 *
 * <pre>{@code
 * LoopbackLatency.Measurement m = LoopbackLatency.measure(1000, Duration.ofMillis(2));
 * NetworkLatency latency = m.asLognormal();           // lognormal:MEAN,SD
 * }</pre>
 *
 * <p>Stateless and thread-safe; a measurement takes {@code count × spacing} and some warm-up.
 */
public final class LoopbackLatency {
  private static final int WARM_UP = 300;
  /** The service time of each measured request, subtracted from its round trip. */
  public static final Duration SERVICE = Duration.ofMillis(2);

  private LoopbackLatency() {}

  /**
   * Round-trip times of loopback requests, in seconds.
   *
   * @param count how many were measured (after the warm-up)
   * @param mean their mean
   * @param sd their standard deviation
   * @param p50 their median
   * @param p99 their 99th percentile
   */
  public record Measurement(int count, double mean, double sd, double p50, double p99) {
    /** The statistics of {@code times} (seconds); all NaN if there are none. */
    static Measurement of(double[] times) {
      int count = times.length;
      if (count == 0) {
        return new Measurement(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
      }
      double sum = 0;
      for (double t : times) {
        sum += t;
      }
      double mean = sum / count;
      double squares = 0;
      for (double t : times) {
        squares += (t - mean) * (t - mean);
      }
      double[] sorted = times.clone();
      Arrays.sort(sorted);
      return new Measurement(count, mean, count < 2 ? 0 : Math.sqrt(squares / (count - 1)),
          sorted[(int) Math.ceil(0.5 * count) - 1], sorted[(int) Math.ceil(0.99 * count) - 1]);
    }

    /** A log-normal with this mean and standard deviation (a constant if the deviation is 0). */
    public NetworkLatency asLognormal() {
      return NetworkLatency.lognormal(mean, sd);
    }

    @Override
    public String toString() {
      return String.format(java.util.Locale.ROOT, "%d requests: mean %.3f ms, sd %.3f ms, p50 %.3f ms, p99 %.3f ms",
          count, mean * 1e3, sd * 1e3, p50 * 1e3, p99 * 1e3);
    }
  }

  /**
   * Sends {@code count} requests one after another, {@code spacing} apart (after a warm-up of 300), and measures
   * each from {@code sendAsync} to its completion, less the service time.
   *
   * @throws IllegalArgumentException if {@code count < 10} or {@code spacing} is negative
   * @throws IllegalStateException if a request fails
   */
  public static Measurement measure(int count, Duration spacing) {
    if (count < 10) {
      throw new IllegalArgumentException("count must be >= 10: " + count);
    }
    if (spacing.isNegative()) {
      throw new IllegalArgumentException("spacing must not be negative: " + spacing);
    }
    ExecutorService pool = Executors.newFixedThreadPool(2, Testbed.daemon("loopback-latency"));
    try (FaultServer server = FaultServer.builder().withMaxConcurrency(1).withServiceTime(SERVICE).start()) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(pool).build();
      RetryingHttpClient client = RetryingHttpClient.builder(http,
          RetryPolicy.builder().withMaxAttempts(1).withAttemptTimeout(Duration.ofSeconds(5)).build())
          .withoutBudget().build();
      HttpRequest request = HttpRequest.newBuilder(server.uri("/work")).PUT(HttpRequest.BodyPublishers.noBody())
          .build();
      double[] times = new double[count];
      long next = System.nanoTime();
      for (int i = -WARM_UP; i < count; i++) {
        Testbed.parkUntil(next);
        long start = System.nanoTime();
        HttpResponse<Void> response = client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
            .get(10, TimeUnit.SECONDS);
        long took = Math.max(0, System.nanoTime() - start - SERVICE.toNanos());
        if (response.statusCode() != 200) {
          throw new IllegalStateException("loopback request answered " + response.statusCode());
        }
        if (i >= 0) {
          times[i] = took / 1e9;
        }
        next = System.nanoTime() + spacing.toNanos();
      }
      return Measurement.of(times);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while measuring the loopback latency", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("a loopback request failed: " + e, e);
    } finally {
      pool.shutdownNow();
    }
  }
}
