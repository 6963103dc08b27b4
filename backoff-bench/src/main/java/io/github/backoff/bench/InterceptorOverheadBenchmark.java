package io.github.backoff.bench;

import io.github.backoff.RetryPolicy;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpResponse;

/**
 * The retry layer's own cost around one successful exchange, without the network: {@link RestClientBenchmark}'s
 * loopback calls take about 2 ms with a spread of ±1 ms, which hides anything a retry layer adds. Here the "exchange"
 * is an in-memory {@code ClientHttpRequestExecution} answering 200 at once, and each library wraps that same call:
 * Backoff's {@code RetryingRequestInterceptor.intercept}, Spring Framework 7's {@code RetryTemplate.execute}, and
 * resilience4j's {@code Retry.decorateSupplier}. {@link #direct} is the exchange alone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class InterceptorOverheadBenchmark {
  private static final byte[] BODY = new byte[0];

  private final HttpRequest request = new HttpRequest() {
    private final HttpHeaders headers = new HttpHeaders();
    private final java.util.Map<String, Object> attributes = new java.util.HashMap<>();

    @Override
    public HttpMethod getMethod() {
      return HttpMethod.GET;
    }

    @Override
    public URI getURI() {
      return URI.create("http://localhost/items");
    }

    @Override
    public HttpHeaders getHeaders() {
      return headers;
    }

    @Override
    public java.util.Map<String, Object> getAttributes() {
      return attributes;
    }
  };

  private final ClientHttpResponse ok = new ClientHttpResponse() {
    private final HttpHeaders headers = new HttpHeaders();

    @Override
    public HttpStatusCode getStatusCode() {
      return HttpStatus.OK;
    }

    @Override
    public String getStatusText() {
      return "OK";
    }

    @Override
    public HttpHeaders getHeaders() {
      return headers;
    }

    @Override
    public InputStream getBody() {
      return new ByteArrayInputStream(BODY);
    }

    @Override
    public void close() {}
  };

  private final ClientHttpRequestExecution execution = (req, body) -> ok;
  private final RetryingRequestInterceptor interceptor =
      RetryingRequestInterceptor.of(RetryPolicy.builder().withMaxAttempts(3).build());
  private final RetryTemplate retryTemplate = new RetryTemplate(org.springframework.core.retry.RetryPolicy.builder()
      .maxRetries(2).delay(Duration.ofMillis(100)).build());
  private final Supplier<ClientHttpResponse> resilience4j = Retry.decorateSupplier(
      Retry.of("bench", RetryConfig.custom().maxAttempts(3).waitDuration(Duration.ofMillis(100)).build()),
      this::exchange);

  private ClientHttpResponse exchange() {
    try {
      return execution.execute(request, BODY);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The exchange alone. */
  @Benchmark
  public ClientHttpResponse direct() {
    return exchange();
  }

  /** Backoff's interceptor around it (HTTP rules, default budget). */
  @Benchmark
  public ClientHttpResponse backoffInterceptor() throws IOException {
    return interceptor.intercept(request, BODY, execution);
  }

  /** Spring Framework 7's {@code RetryTemplate} around it. */
  @Benchmark
  public ClientHttpResponse springRetryTemplate() throws Exception {
    return retryTemplate.execute(this::exchange);
  }

  /** resilience4j's {@code Retry.decorateSupplier} around it. */
  @Benchmark
  public ClientHttpResponse resilience4jRetry() {
    return resilience4j.get();
  }
}
