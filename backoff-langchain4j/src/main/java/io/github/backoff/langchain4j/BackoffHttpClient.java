package io.github.backoff.langchain4j;

import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * A LangChain4j {@link HttpClient} that retries each request under a {@link RetryPolicy}, with the HTTP rules every
 * Backoff client shares ({@link HttpRetryOptions}): retryable statuses and failures, the waits a server names
 * ({@code Retry-After}, {@code retry-after-ms}, OpenAI's {@code x-ratelimit-reset-requests} and
 * {@code -tokens}, Anthropic's {@code anthropic-ratelimit-*-reset}, the IETF {@code RateLimit} fields), a 429 that
 * means "out of quota" stopping at once ({@link io.github.backoff.StopReason#QUOTA_EXHAUSTED}), the ceiling on a
 * named wait, the policy's deadline and budget, and one reset shared by the calls of the client. Give its builder to
 * a LangChain4j model ({@code OpenAiChatModel.builder().httpClientBuilder(...)}) and switch the model's own retry
 * off ({@code maxRetries(0)}), or the two retry loops multiply: a model's {@code maxRetries(2)} around a policy of
 * 5 attempts sends up to 15 requests.
 *
 * <pre>{@code
 * RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(500)).withCap(Duration.ofSeconds(20)).withFullJitter())
 *     .withMaxAttempts(5)
 *     .withMaxElapsed(Duration.ofMinutes(2))
 *     .build();
 * ChatModel model = OpenAiChatModel.builder()
 *     .httpClientBuilder(BackoffHttpClient.builder(policy).retryAllMethods())
 *     .maxRetries(0)
 *     .apiKey(apiKey).modelName("gpt-4o-mini")
 *     .build();
 * }</pre>
 *
 * <p><b>Why not a decorator of any LangChain4j client.</b> LangChain4j's {@code HttpClient} SPI reports a response
 * outside 2xx as an {@code HttpException} with the status and the body only: the headers are gone, so a decorator
 * around another LangChain4j client (its JDK client, its Spring {@code RestClient} one) could not follow a
 * {@code Retry-After} or a rate-limit reset. This client therefore sends with the JDK's {@code java.net.http}
 * client itself, through backoff-http's {@link RetryingHttpClient} (the glue of the JDK client on the core's HTTP
 * SPI), and sees every response whole. On LangChain4j's Spring {@code RestClient} client, put backoff-spring-web's
 * interceptor on the {@code RestClient.Builder} instead.
 *
 * <p><b>Requests.</b> A request is retried if its method is retryable (the idempotent ones by default) or it carries
 * an {@code Idempotency-Key} header: LangChain4j's model calls are POSTs, so a model's client needs
 * {@link BackoffHttpClientBuilder#retryAllMethods()} (OpenAI and Anthropic apply nothing for a 429 or a refused
 * connection; a 5xx may have spent tokens on an answer that was lost). A form-data request (an audio transcription)
 * is sent as one buffered multipart body, so it can be sent again.
 *
 * <p><b>{@link #execute(HttpRequest)}</b> runs on the calling thread, on the core's synchronous driver; it returns
 * the 2xx response, or throws a {@link RetriedHttpException} (LangChain4j's {@code HttpException}, with the headers,
 * the attempts and why retries stopped) for the final response outside 2xx, or the core's {@link RetryException}
 * when retries stop on a failure (a refused connection, a timeout; its cause is the last one). If the calling thread
 * is interrupted, the attempt in flight or the wait ends, a {@code RetryException} with
 * {@link io.github.backoff.StopReason#INTERRUPTED} is thrown and the thread's interrupt flag stays set (LangChain4j's
 * own retry loop then stops too).
 *
 * <p><b>Streaming ({@link #execute(HttpRequest, ServerSentEventParser, ServerSentEventListener)}).</b> A streamed
 * call is retried only before its response opens: a 429, a 5xx or a refused connection is retried (asynchronously,
 * no thread held while it waits) and the listener sees nothing of it; once a 2xx response has opened
 * ({@code onOpen}), no event it sent is ever repeated: a failure after that reaches {@code onError} and is not
 * retried, because the listener has already acted on the events before it. The final error response reaches
 * {@code onError} as a {@link RetriedHttpException}, a failure as the {@code RetryException}. The events are
 * parsed, and the listener called, on a thread of the JDK client's executor if it was given one
 * ({@link BackoffHttpClientBuilder#withJdkClientBuilder}), else of a cached pool of this client's daemon threads
 * ({@value #STREAM_THREAD}N, none while no stream is open, each ended after 60 s idle): reading a stream blocks for
 * as long as the model writes, so never on a thread of the core's. An exception a listener throws is logged and
 * ignored.
 *
 * <p><b>Timeouts.</b> The builder's connect timeout is the JDK client's; its read timeout is each request's timeout,
 * which ends at the response headers (as in LangChain4j's JDK client), cut to the policy's {@code attemptTimeout}
 * and the time left before {@code maxElapsed}.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of concurrent calls.
 */
public final class BackoffHttpClient implements HttpClient {
  /** The prefix of the names of the threads that read streams when the JDK client has no executor of its own. */
  public static final String STREAM_THREAD = "backoff-langchain4j-stream-";

  private static final System.Logger LOG = System.getLogger("io.github.backoff.langchain4j");

  private final RetryingHttpClient http;
  private final Duration readTimeout;
  /** Where a stream's events are parsed and its listener called: a thread that may block for the whole stream. */
  private final Executor streams;

  BackoffHttpClient(RetryingHttpClient http, Duration readTimeout, Executor streams) {
    this.http = http;
    this.readTimeout = readTimeout;
    this.streams = streams;
  }

  /**
   * A builder of clients that retry under {@code policy}; give it to a model's {@code httpClientBuilder}.
   *
   * @param policy the strategy, limits, conditions, budget and listeners; it sees the JDK's responses
   * @return a new builder with the default HTTP rules
   * @throws NullPointerException if {@code policy} is null
   */
  public static BackoffHttpClientBuilder builder(RetryPolicy<? super HttpResponse<?>> policy) {
    return new BackoffHttpClientBuilder(Objects.requireNonNull(policy, "policy"), HttpRetryOptions.defaults());
  }

  /**
   * A builder of clients that retry under {@code policy} with {@code options}, the settings every HTTP client
   * shares; each option may still be changed once on the builder.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @param options the statuses, methods, {@code Retry-After} ceiling, rate-limit rules, budget and sources of time
   * @return a new builder
   * @throws NullPointerException if an argument is null
   */
  public static BackoffHttpClientBuilder builder(RetryPolicy<? super HttpResponse<?>> policy,
      HttpRetryOptions options) {
    return new BackoffHttpClientBuilder(Objects.requireNonNull(policy, "policy"),
        Objects.requireNonNull(options, "options"));
  }

  /**
   * Sends {@code request}, retrying as the class description says.
   *
   * @param request the request
   * @return the final response, with a status in 2xx
   * @throws RetriedHttpException if the final response's status is outside 2xx
   * @throws RetryException if retries stop on a failure, on interruption, or before any attempt
   * @throws NullPointerException if {@code request} is null
   */
  @Override
  public SuccessfulHttpResponse execute(HttpRequest request) {
    HttpRetryOutcome<HttpResponse<byte[]>> outcome = http.sendWithOutcome(
        Requests.toJdk(Objects.requireNonNull(request, "request"), readTimeout), BodyHandlers.ofByteArray());
    HttpResponse<byte[]> response = outcome.response();
    if (!isSuccessful(response.statusCode())) {
      throw error(outcome, response.body());
    }
    return SuccessfulHttpResponse.builder()
        .statusCode(response.statusCode())
        .headers(response.headers().map())
        .body(response.body())
        .build();
  }

  /**
   * Sends {@code request} and streams its server-sent events to {@code listener}, retrying only before the response
   * opens, as the class description says; returns at once.
   *
   * @param request the request
   * @param parser parses the events of a 2xx response's body
   * @param listener gets {@code onOpen}, the events and {@code onClose}, or {@code onError}
   * @throws NullPointerException if an argument is null
   */
  @Override
  public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(parser, "parser");
    Objects.requireNonNull(listener, "listener");
    java.net.http.HttpRequest jdkRequest;
    try {
      jdkRequest = Requests.toJdk(request, readTimeout);
    } catch (RuntimeException e) {
      quietly(() -> listener.onError(e));
      return;
    }
    CompletableFuture<HttpRetryOutcome<HttpResponse<InputStream>>> sent;
    try {
      sent = http.sendAsyncWithOutcome(jdkRequest, BodyHandlers.ofInputStream());
    } catch (RuntimeException e) {
      quietly(() -> listener.onError(e));
      return;
    }
    // Never on the thread that completed the exchange (it may be one of the core's shared workers, after a retry):
    // reading the stream blocks for as long as the model writes.
    sent.whenCompleteAsync((outcome, failure) -> {
      if (failure != null) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause()
            : failure;
        quietly(() -> listener.onError(t));
        return;
      }
      stream(outcome, parser, listener);
    }, streams);
  }

  private static void stream(HttpRetryOutcome<HttpResponse<InputStream>> outcome, ServerSentEventParser parser,
      ServerSentEventListener listener) {
    HttpResponse<InputStream> response = outcome.response();
    try (InputStream body = response.body()) {
      if (!isSuccessful(response.statusCode())) {
        RetriedHttpException error = error(outcome, body.readAllBytes());
        quietly(() -> listener.onError(error));
        return;
      }
      SuccessfulHttpResponse opened = SuccessfulHttpResponse.builder()
          .statusCode(response.statusCode())
          .headers(response.headers().map())
          .build();
      quietly(() -> listener.onOpen(opened));
      parser.parse(body, listener);
      quietly(listener::onClose);
    } catch (IOException | RuntimeException e) {
      quietly(() -> listener.onError(e));
    }
  }

  private static RetriedHttpException error(HttpRetryOutcome<? extends HttpResponse<?>> outcome, byte[] body) {
    HttpResponse<?> response = outcome.response();
    return new RetriedHttpException(response.statusCode(),
        body == null ? "" : new String(body, StandardCharsets.UTF_8), response.headers().map(),
        outcome.attempts(), outcome.elapsed(), outcome.stopReason());
  }

  private static boolean isSuccessful(int status) {
    return status >= 200 && status < 300;
  }

  /** Runs a listener's callback; what it throws is logged and ignored, so a listener cannot break the stream. */
  private static void quietly(Runnable callback) {
    try {
      callback.run();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "a server-sent event listener threw; ignored", e);
    }
  }

  /**
   * Whether this client may send {@code request} more than once: its method is retryable (the idempotent ones by
   * default, all after {@link BackoffHttpClientBuilder#retryAllMethods()}) or it carries an
   * {@code Idempotency-Key} header.
   *
   * @param request a request
   * @return whether it may be retried
   * @throws NullPointerException if {@code request} is null
   */
  public boolean isRetryable(HttpRequest request) {
    return http.isRetryable(Requests.toJdk(Objects.requireNonNull(request, "request"), readTimeout));
  }

  /**
   * The options, the settings every HTTP client shares.
   *
   * @return the options
   */
  public HttpRetryOptions options() {
    return http.options();
  }

  /**
   * The retry budget all calls of this client share: the policy's own if it has one, else the default one made for
   * this client, or empty after {@link BackoffHttpClientBuilder#withoutBudget()}.
   *
   * @return the budget, if any
   */
  public Optional<RetryBudget> budget() {
    return http.budget();
  }

  /**
   * Each request's own timeout (the builder's read timeout), if any.
   *
   * @return the timeout, if any
   */
  public Optional<Duration> readTimeout() {
    return Optional.ofNullable(readTimeout);
  }

  @Override
  public String toString() {
    return "BackoffHttpClient[readTimeout=" + readTimeout + ", " + http + "]";
  }
}
