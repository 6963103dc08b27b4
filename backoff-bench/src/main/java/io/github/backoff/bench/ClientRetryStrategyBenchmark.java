package io.github.backoff.bench;

import io.github.backoff.RetryPolicy;
import io.github.backoff.aws.BackoffRetryStrategy;
import io.github.backoff.httpclient5.BackoffHttpRequestRetryStrategy;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.message.BasicHttpResponse;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryStrategy;

/**
 * What a client's retry interface costs per request, answered by Backoff and by the client's own default, called
 * as the client calls it, without the network (the exchange itself is the same for both): HttpClient 5's
 * {@code HttpRequestRetryStrategy} ({@link DefaultHttpRequestRetryStrategy} against
 * {@code BackoffHttpRequestRetryStrategy}) and the AWS SDK's {@code RetryStrategy} (its standard strategy against
 * {@code BackoffRetryStrategy.of(Preset.awsSdk2026())}), on the success path (one attempt) and with one retry (a 503,
 * then a success; the wait is decided, not waited). HttpClient's context exists before the strategy is asked (the
 * client made it and put the request in it), so one context is reused here, as a client reusing its context does;
 * the SDK's token requests are made per operation, as the SDK makes them. Vert.x's {@code WebClient} has no retry of
 * its own to compare with.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ClientRetryStrategyBenchmark {
  private final HttpGet get = new HttpGet("http://localhost/items");
  private final HttpResponse ok = new BasicHttpResponse(200);
  private final HttpResponse unavailable = new BasicHttpResponse(503);
  private final HttpRequestRetryStrategy httpDefault = new DefaultHttpRequestRetryStrategy();
  private final HttpRequestRetryStrategy httpBackoff = BackoffHttpRequestRetryStrategy.of(
      RetryPolicy.<HttpResponse>builder().withBackoff(Backoff.exponential(Duration.ofMillis(100))
          .withCap(Duration.ofSeconds(5)).withFullJitter()).build());

  /** The same without the default budget, to tell the budget's share of each path from the rest. */
  private final HttpRequestRetryStrategy httpBackoffNoBudget = BackoffHttpRequestRetryStrategy.builder(
      RetryPolicy.<HttpResponse>builder().withBackoff(Backoff.exponential(Duration.ofMillis(100))
          .withCap(Duration.ofSeconds(5)).withFullJitter()).build()).withoutBudget().build();

  private final RetryStrategy awsStandard = AwsRetryStrategy.standardRetryStrategy();
  private final RetryStrategy awsBackoff = BackoffRetryStrategy.of(Preset.awsSdk2026());
  private final AcquireInitialTokenRequest scope = AcquireInitialTokenRequest.create("dynamodb");
  private final AwsServiceException error500 = AwsServiceException.builder()
      .statusCode(500)
      .awsErrorDetails(AwsErrorDetails.builder().errorCode("InternalServerError")
          .sdkHttpResponse(SdkHttpResponse.builder().statusCode(500).build()).build())
      .build();

  private final HttpClientContext exchangeContext = HttpClientContext.create();

  {
    exchangeContext.setRequest(get);
  }

  private HttpClientContext context() {
    return exchangeContext;
  }

  private static boolean httpSuccess(HttpRequestRetryStrategy strategy, HttpResponse ok, HttpClientContext context) {
    return strategy.retryRequest(ok, 1, context);
  }

  private static long httpOneRetry(HttpRequestRetryStrategy strategy, HttpResponse unavailable, HttpResponse ok,
      HttpClientContext context) {
    long waited = 0;
    if (strategy.retryRequest(unavailable, 1, context)) {
      waited = strategy.getRetryInterval(unavailable, 1, context).toMilliseconds();
    }
    return strategy.retryRequest(ok, 2, context) ? -1 : waited;
  }

  private static Object awsSuccess(RetryStrategy strategy, AcquireInitialTokenRequest scope) {
    AcquireInitialTokenResponse token = strategy.acquireInitialToken(scope);
    return strategy.recordSuccess(RecordSuccessRequest.create(token.token()));
  }

  private static Object awsOneRetry(RetryStrategy strategy, AcquireInitialTokenRequest scope, Throwable failure) {
    AcquireInitialTokenResponse token = strategy.acquireInitialToken(scope);
    RefreshRetryTokenResponse retry = strategy.refreshRetryToken(RefreshRetryTokenRequest.builder()
        .token(token.token()).failure(failure).build());
    return strategy.recordSuccess(RecordSuccessRequest.create(retry.token()));
  }

  /** HttpClient 5, one attempt that succeeds: its default strategy. */
  @Benchmark
  public boolean httpclient5SuccessDefault() {
    return httpSuccess(httpDefault, ok, context());
  }

  /** HttpClient 5, one attempt that succeeds: Backoff. */
  @Benchmark
  public boolean httpclient5SuccessBackoff() {
    return httpSuccess(httpBackoff, ok, context());
  }

  /** HttpClient 5, one attempt that succeeds: Backoff without a budget. */
  @Benchmark
  public boolean httpclient5SuccessBackoffNoBudget() {
    return httpSuccess(httpBackoffNoBudget, ok, context());
  }

  /** HttpClient 5, a 503 then a success: its default strategy. */
  @Benchmark
  public long httpclient5OneRetryDefault() {
    return httpOneRetry(httpDefault, unavailable, ok, context());
  }

  /** HttpClient 5, a 503 then a success: Backoff. */
  @Benchmark
  public long httpclient5OneRetryBackoff() {
    return httpOneRetry(httpBackoff, unavailable, ok, context());
  }

  /** HttpClient 5, a 503 then a success: Backoff without a budget (the budget's share of the retry). */
  @Benchmark
  public long httpclient5OneRetryBackoffNoBudget() {
    return httpOneRetry(httpBackoffNoBudget, unavailable, ok, context());
  }

  /** AWS SDK, one attempt that succeeds: the SDK's standard strategy. */
  @Benchmark
  public Object awsSuccessStandard() {
    return awsSuccess(awsStandard, scope);
  }

  /** AWS SDK, one attempt that succeeds: Backoff. */
  @Benchmark
  public Object awsSuccessBackoff() {
    return awsSuccess(awsBackoff, scope);
  }

  /** AWS SDK, a 500 then a success: the SDK's standard strategy. */
  @Benchmark
  public Object awsOneRetryStandard() {
    return awsOneRetry(awsStandard, scope, error500);
  }

  /** AWS SDK, a 500 then a success: Backoff. */
  @Benchmark
  public Object awsOneRetryBackoff() {
    return awsOneRetry(awsBackoff, scope, error500);
  }
}
