package io.github.backoff.bench;

import com.sun.net.httpserver.HttpServer;
import io.github.backoff.RetryPolicy;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The cost of a retry around a successful {@code RestClient} GET against a loopback server (the JDK's
 * {@code HttpServer}, answering 200 "ok"): without retries, through {@link RetryingRequestInterceptor}, wrapped in
 * Spring Framework 7's {@code RetryTemplate}, and wrapped by resilience4j's {@code Retry.decorateSupplier}. Every
 * variant: 3 attempts at most, JDK request factory over HTTP/1.1, nothing fails. The figure of interest is each one's time and
 * allocation minus {@link #plain}'s.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RestClientBenchmark {
  private HttpServer server;
  private ExecutorService serverThreads;
  private URI uri;
  private RestClient plainClient;
  private RestClient interceptedClient;
  private RestClient passThroughClient;
  private RetryTemplate retryTemplate;
  private Supplier<String> resilience4j;

  @Setup(Level.Trial)
  public void start() throws Exception {
    byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
    // Without TCP_NODELAY the server's header and body writes meet the client's delayed ACK: ~40 ms per call.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      exchange.getRequestBody().readAllBytes();
      exchange.sendResponseHeaders(200, ok.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(ok);
      }
    });
    serverThreads = Executors.newFixedThreadPool(2);
    server.setExecutor(serverThreads);
    server.start();
    uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/items");

    // HTTP/1.1: the JDK client's default HTTP/2 would try an h2c upgrade the JDK server does not do.
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    plainClient = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory(http)).build();
    RetryPolicy<Object> policy = RetryPolicy.builder().withMaxAttempts(3).build();
    interceptedClient = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory(http))
        .requestInterceptor(RetryingRequestInterceptor.of(policy)).build();
    // Any interceptor makes Spring buffer the request and run the interceptor chain: this one only passes the call on,
    // so interceptor() minus passThroughInterceptor() is what Backoff's interceptor itself costs.
    passThroughClient = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory(http))
        .requestInterceptor((request, body, execution) -> execution.execute(request, body)).build();
    retryTemplate = new RetryTemplate(org.springframework.core.retry.RetryPolicy.builder()
        .maxRetries(2).delay(Duration.ofMillis(100)).build());
    Retry retry = Retry.of("bench", RetryConfig.custom().maxAttempts(3).waitDuration(Duration.ofMillis(100)).build());
    resilience4j = Retry.decorateSupplier(retry, () -> get(plainClient));
  }

  @TearDown(Level.Trial)
  public void stop() {
    server.stop(0);
    serverThreads.shutdownNow();
  }

  private String get(RestClient client) {
    return client.get().uri(uri).retrieve().body(String.class);
  }

  /** No retry at all: the baseline. */
  @Benchmark
  public String plain() {
    return get(plainClient);
  }

  /** Backoff's interceptor on the client (HTTP rules, default budget). */
  @Benchmark
  public String interceptor() {
    return get(interceptedClient);
  }

  /** A pass-through interceptor: Spring's own cost of having an interceptor at all. */
  @Benchmark
  public String passThroughInterceptor() {
    return get(passThroughClient);
  }

  /** Spring Framework 7's {@code RetryTemplate} around the call. */
  @Benchmark
  public String springRetryTemplate() throws Exception {
    return retryTemplate.execute(() -> get(plainClient));
  }

  /** resilience4j's {@code Retry.decorateSupplier} around the call. */
  @Benchmark
  public String resilience4jRetry() {
    return resilience4j.get();
  }
}
