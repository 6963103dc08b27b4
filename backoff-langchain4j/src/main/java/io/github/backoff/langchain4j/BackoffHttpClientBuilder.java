package io.github.backoff.langchain4j;

import dev.langchain4j.http.client.HttpClientBuilder;
import io.github.backoff.RetryPolicy;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.spi.HttpRetryBuilder;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Builds a {@link BackoffHttpClient}: a LangChain4j {@link HttpClientBuilder}, to give to a model's
 * {@code httpClientBuilder}, with the HTTP options every Backoff client shares ({@link HttpRetryBuilder}: retryable
 * statuses and methods, the ceiling on a named wait, rate-limit rules, millisecond hint header, default budget,
 * sources of time and randomness), reached by {@link BackoffHttpClient#builder}.
 *
 * <pre>{@code
 * OpenAiChatModel model = OpenAiChatModel.builder()
 *     .httpClientBuilder(BackoffHttpClient.builder(policy)
 *         .retryAllMethods()                           // a model's calls are POSTs
 *         .withMaxRetryAfter(Duration.ofSeconds(90)))  // the ceiling on a wait the server names
 *     .maxRetries(0)
 *     .apiKey(apiKey).modelName("gpt-4o-mini")
 *     .timeout(Duration.ofSeconds(60))              // becomes this builder's read timeout
 *     .build();
 * }</pre>
 *
 * <p><b>Timeouts.</b> {@link #connectTimeout(Duration)} and {@link #readTimeout(Duration)} are LangChain4j's: a model
 * sets them when it builds its client (its {@code timeout}, else 15 s and 60 s for OpenAI's), so unlike the Backoff
 * options they may be set again, the last one winning. The connect timeout is the JDK client's; the read timeout is
 * each request's timeout, which ends at the response headers.
 *
 * <p>Each option of {@link HttpRetryBuilder} is set once (a second set is refused with an
 * {@link IllegalStateException}), and so is {@link #withJdkClientBuilder}. Not thread-safe: confine a builder to one
 * thread. {@link #build()} copies the settings: each client it builds has its own JDK client, budget and shared
 * reset, and the pool of threads that read its streams unless the JDK client has an executor of its own.
 */
public final class BackoffHttpClientBuilder extends HttpRetryBuilder<BackoffHttpClientBuilder>
    implements HttpClientBuilder {
  private final RetryPolicy<?> policy;
  private HttpClient.Builder jdkClientBuilder;
  private Duration connectTimeout;
  private Duration readTimeout;

  BackoffHttpClientBuilder(RetryPolicy<?> policy, HttpRetryOptions options) {
    super(options);
    this.policy = policy;
  }

  /**
   * The JDK client's builder to build the client from (for a proxy, an SSL context, an executor, HTTP/1.1 only);
   * by default {@link HttpClient#newBuilder()}. Its connect timeout is set from {@link #connectTimeout(Duration)}
   * when one is set.
   *
   * @param builder the JDK client's builder
   * @return this builder
   * @throws NullPointerException if {@code builder} is null
   * @throws IllegalStateException if a JDK client builder was already set on this builder
   */
  public BackoffHttpClientBuilder withJdkClientBuilder(HttpClient.Builder builder) {
    Objects.requireNonNull(builder, "builder");
    if (jdkClientBuilder != null) {
      throw new IllegalStateException("jdkClientBuilder was already set to " + jdkClientBuilder
          + "; each option may be set once per builder (refused: " + builder + ")");
    }
    this.jdkClientBuilder = builder;
    return this;
  }

  /**
   * The connect timeout set, or null if none.
   *
   * @return the timeout, or null
   */
  @Override
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /**
   * The JDK client's connect timeout; null for none (the JDK's default). May be set again.
   *
   * @param timeout the timeout, or null
   * @return this builder
   * @throws IllegalArgumentException if {@code timeout} is zero or negative
   */
  @Override
  public BackoffHttpClientBuilder connectTimeout(Duration timeout) {
    this.connectTimeout = positive(timeout, "connectTimeout");
    return this;
  }

  /**
   * The read timeout set, or null if none.
   *
   * @return the timeout, or null
   */
  @Override
  public Duration readTimeout() {
    return readTimeout;
  }

  /**
   * Each request's timeout, which ends at the response headers; null for none. May be set again.
   *
   * @param timeout the timeout, or null
   * @return this builder
   * @throws IllegalArgumentException if {@code timeout} is zero or negative
   */
  @Override
  public BackoffHttpClientBuilder readTimeout(Duration timeout) {
    this.readTimeout = positive(timeout, "readTimeout");
    return this;
  }

  private static Duration positive(Duration timeout, String name) {
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException(name + " must be positive: " + timeout);
    }
    return timeout;
  }

  /**
   * A new client with the current settings, on a new JDK client.
   *
   * @return the client
   */
  @Override
  public BackoffHttpClient build() {
    HttpClient.Builder jdk = jdkClientBuilder != null ? jdkClientBuilder : HttpClient.newBuilder();
    if (connectTimeout != null) {
      jdk.connectTimeout(connectTimeout);
    }
    HttpClient client = jdk.build();
    Executor streams = client.executor().orElseGet(BackoffHttpClientBuilder::streamThreads);
    return new BackoffHttpClient(RetryingHttpClient.of(client, policy, options()), readTimeout, streams);
  }

  /** A cached pool of daemon threads: none until a stream opens, each ended after 60 s idle. */
  private static Executor streamThreads() {
    AtomicInteger count = new AtomicInteger();
    return Executors.newCachedThreadPool(task -> {
      Thread thread = new Thread(task, BackoffHttpClient.STREAM_THREAD + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }
}
