package io.github.backoff.http;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.RetryException;
import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.httprules.spi.HttpResponseReader;
import io.github.backoff.httprules.spi.HttpRetryCall;
import io.github.backoff.httprules.spi.HttpRetryCalls;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * A {@link HttpClient} that retries under a {@link RetryPolicy}, following HTTP's rules. {@link #send} and
 * {@link #sendAsync} read like the client's own methods; the policy supplies the backoff strategy, the limits
 * (attempts, {@code maxElapsed} as the overall deadline, {@code attemptTimeout}) and the listeners.
 *
 * <pre>{@code
 * RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(200)).withCap(Duration.ofSeconds(5)).withFullJitter())
 *     .withMaxAttempts(4)
 *     .withMaxElapsed(Duration.ofSeconds(20))
 *     .onEvent(LoggingRetryListener.create())
 *     .build();
 * RetryingHttpClient http = RetryingHttpClient.of(HttpClient.newHttpClient(), policy);
 * HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString());
 * }</pre>
 *
 * <p><b>The HTTP rules</b> — which statuses, failures and requests are retried, {@code Retry-After} and millisecond
 * hints, the default retry budget, the deadline — are every Backoff client's, stated once in
 * {@link HttpRetryOptions}. What is this client's own follows. A request body that cannot be sent twice fails before
 * the first attempt ({@link #isReplayable}); a response retried for the policy's own {@code retryIfResult} has its
 * body made by the caller's handler, not read in advance: prefer retryable statuses. When retries stop on a
 * retryable status, its response is returned as the client would return it (or thrown inside a
 * {@link RetryException} if the policy was built with {@code throwOnRetryableResult()}).
 *
 * <p><b>Timeouts and the deadline.</b> The policy's {@code attemptTimeout} and {@code maxElapsed} (the deadline)
 * cover each attempt's whole exchange, body included: an attempt may take the shortest of the attempt timeout and
 * the time left before the deadline, after which its exchange is cancelled and it fails with a retryable
 * {@link HttpTimeoutException} (so no attempt runs past the deadline). "Whole exchange" means until the body
 * handler's body is complete: all of it for the buffering handlers ({@code ofString}, {@code ofByteArray},
 * {@code ofFile}, {@code discarding}, {@code ofByteArrayConsumer}, {@code replacing}, {@code fromSubscriber} and
 * {@code buffering} of these),
 * the response headers for the streaming ones ({@code ofInputStream}, {@code ofLines}, {@code ofPublisher}),
 * whose body is read by the caller after {@code send} returns, with no limit from the policy. The body of a
 * response with a retryable status is read within the attempt, whatever the handler. The request's own
 * {@code timeout} keeps the client's meaning, which ends at the response headers; each attempt is sent with a copy
 * whose timeout is cut to the attempt's limit if that is shorter (the response's {@link HttpResponse#request()} is
 * then that copy). These limits are computed with the builder's ticker and enforced in real time, like the
 * client's own timeout. The core's own timer for {@code attemptTimeout} still runs as a backstop; whichever fires
 * first, the attempt fails with a retryable {@link HttpTimeoutException} or {@link AttemptTimeoutException}.
 *
 * <p><b>What a server sees.</b> Each attempt is one {@code send} of the wrapped client, which may itself send
 * more than one request: it resends a GET or HEAD once, silently, when its connection fails before any byte of a
 * response (a reset, or a close without a response; every method if {@code jdk.httpclient.enableAllMethodRetry}
 * is set), and it follows redirects if configured to; at most {@code jdk.httpclient.redirects.retrylimit} (5)
 * requests per attempt in all. A request that we cancel (an attempt's limit, a cancelled future) is never resent.
 * So a server may see up to twice the attempts for a GET, exactly the attempts for a PUT. JDK 17 offers no
 * per-client switch; {@code -Djdk.httpclient.redirects.retrylimit=1} stops the resend for the whole JVM, and every
 * redirect and authentication retry with it.
 *
 * <p><b>How a call ended.</b> {@link #sendWithOutcome} and {@link #sendAsyncWithOutcome} return the final response
 * with the attempts made, the time taken and, if retries stopped on that response, why ({@link HttpRetryOutcome},
 * the one way every Backoff HTTP client reports it); when retries stop without a response, the call throws the core's
 * {@link RetryException}.
 *
 * <p><b>Bodies.</b> The body of a response with a retryable status is read into memory in full, so its connection
 * is reused; it reaches the caller's {@link HttpResponse.BodyHandler} only if retries stop on it. A response that
 * the policy's own {@code retryIfResult} retries keeps the handler's body; if that is a stream ({@code ofInputStream},
 * {@code ofLines}) it is closed, or a publisher ({@code ofPublisher}) cancelled, before the next attempt, or when
 * the call ends during the wait ({@link #sendAsync}'s future cancelled, {@link #send}'s thread interrupted), so its
 * connection is released, not reused. Listeners and
 * {@link RetryException#lastResult()} see such a response as an {@code HttpResponse<byte[]>}. A request body that
 * cannot be sent twice fails before the first attempt: see {@link #isReplayable} and {@link #replayable}.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of concurrent calls, like the
 * {@code HttpClient} it wraps (which it never closes or changes).
 *
 * <p><b>Interruption and cancellation.</b> If the thread calling {@link #send} is interrupted, the attempt in
 * flight or the wait ends, the thread's interrupt flag stays set and a {@link RetryException} with
 * {@link io.github.backoff.StopReason#INTERRUPTED} is thrown. Cancelling the future of {@link #sendAsync} cancels
 * the pending retry and the client's exchange in flight; no further attempt starts.
 */
public final class RetryingHttpClient {
  /** The status codes retried by default: 429, 500, 502, 503 and 504 ({@link HttpRetryRules}). */
  public static final Set<Integer> DEFAULT_RETRYABLE_STATUSES = HttpRetryRules.DEFAULT_RETRYABLE_STATUSES;
  /** The methods retried by default, the idempotent ones of RFC 9110 ({@link HttpRetryRules}). */
  public static final Set<String> IDEMPOTENT_METHODS = HttpRetryRules.IDEMPOTENT_METHODS;
  /** The longest {@code Retry-After} followed by default: one minute ({@link HttpRetryDelays}). */
  public static final Duration DEFAULT_MAX_RETRY_AFTER = HttpRetryDelays.DEFAULT_MAX_RETRY_AFTER;
  /** The request header that makes a request of any method retryable: the server deduplicates by its value. */
  public static final String IDEMPOTENCY_KEY = HttpRetryRules.IDEMPOTENCY_KEY;
  /**
   * The name of the kind of failure ({@link RetryKind}) this client adds for throttling responses (429): it only
   * makes the default budget charge a throttling retry 5 units instead of 14; listeners see it in
   * {@code RetryScheduled.kind()}. A kind of this name in the policy replaces it.
   */
  public static final String THROTTLING_KIND = HttpRetryRules.THROTTLING_KIND;

  /** Whether a request carries a header, for the shared rule ({@link HttpRetryCalls#isRetryable}). */
  private static final BiPredicate<HttpRequest, String> HAS_HEADER =
      (request, name) -> request.headers().firstValue(name).isPresent();
  private static final Set<Class<?>> REPLAYABLE_PUBLISHERS = replayablePublishers();

  /**
   * Reads the JDK's responses for the shared HTTP retry code. Only a response to be retried reaches it as an
   * attempt's failed result, and each such response is a {@link BufferedResponse} (see {@link RetriedCall}).
   */
  private static final HttpResponseReader READER = new HttpResponseReader() {
    @Override
    public int status(Object result) {
      return result instanceof HttpResponse<?> response ? response.statusCode() : -1;
    }

    @Override
    public String header(Object result, String name) {
      return result instanceof HttpResponse<?> response ? response.headers().firstValue(name).orElse(null) : null;
    }

    @Override
    public String bodyPrefix(Object result, int maxChars) {
      if (result instanceof BufferedResponse<?> buffered) { // a retried response: its body is in memory
        Object body = buffered.body();
        if (body instanceof byte[] bytes) {
          return HttpResponseReader.utf8Prefix(bytes, maxChars);
        }
        if (body instanceof String text) {
          return text.length() > maxChars ? text.substring(0, maxChars) : text;
        }
      }
      return null;
    }
  };

  private final HttpClient client;
  private final RetryPolicy<?> policy;
  private final HttpRetryOptions options;
  private final HttpRetryCalls calls;
  private final Predicate<Object> retryableResult;
  private final HttpAttemptObserver observer;

  RetryingHttpClient(HttpClient client, RetryPolicy<?> policy, HttpRetryOptions options,
      HttpAttemptObserver observer) {
    this.client = client;
    this.policy = policy;
    this.options = options;
    this.observer = observer;
    // RetriedCall wraps every response that is to be retried (a retryable status, or the policy's own result
    // condition) in a BufferedResponse, so that is the retryable result.
    this.calls = HttpRetryCalls.create(policy, options, READER, r -> r instanceof BufferedResponse, null);
    RetryPolicy<Object> base = calls.policy();
    this.retryableResult = base::isRetryableResult;
  }

  /**
   * A client that retries {@code client}'s requests under {@code policy} with the default rules. The policy may be
   * typed as the caller uses it: {@code RetryPolicy<HttpResponse<String>>}, {@code RetryPolicy<HttpResponse<?>>} or
   * {@code RetryPolicy<Object>}. Its conditions see this client's responses: on a retryable status with the body as
   * the bytes read (as listeners see it), on any other with the body handler's body; so a condition of a
   * {@code RetryPolicy<HttpResponse<String>>} reads the body only on statuses that are not retryable.
   *
   * @throws NullPointerException if an argument is null
   */
  public static RetryingHttpClient of(HttpClient client, RetryPolicy<?> policy) {
    return builder(client, policy).build();
  }

  /**
   * A client that retries {@code client}'s requests under {@code policy} with {@code options}, the settings every
   * HTTP client shares.
   *
   * @throws NullPointerException if an argument is null
   */
  public static RetryingHttpClient of(HttpClient client, RetryPolicy<?> policy, HttpRetryOptions options) {
    return new RetryingHttpClientBuilder(client, policy, Objects.requireNonNull(options, "options")).build();
  }

  /**
   * A builder to change the retryable statuses and methods, the {@code Retry-After} limit, or the sources of
   * time and randomness.
   *
   * @throws NullPointerException if an argument is null
   */
  public static RetryingHttpClientBuilder builder(HttpClient client, RetryPolicy<?> policy) {
    return new RetryingHttpClientBuilder(client, policy, HttpRetryOptions.defaults());
  }

  /**
   * Sends {@code request}, retrying as the class description says, and returns the first response that is not
   * retried: a success, a status that is not retryable, or the last retryable one when retries stop.
   *
   * @return the response, its body made by {@code handler}
   * @throws RetryException if the attempts end in failures (the last one is the cause, e.g. a
   *     {@link ConnectException}), if the policy's abort conditions or limits stop on a failure, if retries stop on
   *     a retryable status and the policy throws on retryable results, or with
   *     {@link io.github.backoff.StopReason#INTERRUPTED} if the calling thread is interrupted
   * @throws IllegalArgumentException if the request may be retried but its body cannot be sent twice
   *     ({@link #isReplayable}); no attempt is made
   * @throws NullPointerException if an argument is null
   */
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    RetriedCall<T> call = call(request, handler);
    return call.finish(call.run());
  }

  /**
   * Sends {@code request} as {@link #send} does, and returns its final response with the attempts made, the time
   * taken and, if retries stopped on this response, why ({@link HttpRetryOutcome#stopReason()}).
   *
   * <pre>{@code
   * HttpRetryOutcome<HttpResponse<String>> outcome = http.sendWithOutcome(request, BodyHandlers.ofString());
   * if (outcome.stopReason().isPresent()) { ... }   // a 503 after the last attempt, a 429 asking for a day, ...
   * }</pre>
   *
   * @throws RetryException as {@link #send} does, when retries stop on a failure (it carries the same facts)
   * @throws IllegalArgumentException if the request may be retried but its body cannot be sent twice
   * @throws NullPointerException if an argument is null
   */
  public <T> HttpRetryOutcome<HttpResponse<T>> sendWithOutcome(HttpRequest request,
      HttpResponse.BodyHandler<T> handler) {
    RetriedCall<T> call = call(request, handler);
    return call.outcome(call.finish(call.run()));
  }

  /**
   * Sends {@code request} asynchronously, retrying as {@link #send} does; no thread is held while a retry waits.
   * The first attempt starts on the calling thread.
   *
   * @return a future completed with the response {@link #send} would return, or exceptionally with the
   *     {@link RetryException} it would throw; cancelling it cancels the pending retry and the exchange in flight
   * @throws IllegalArgumentException if the request may be retried but its body cannot be sent twice; no attempt
   *     is made
   * @throws NullPointerException if an argument is null
   */
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    return sendAsync(request, handler, (exchange, response) -> response);
  }

  /**
   * {@link #sendWithOutcome} asynchronously: as {@link #sendAsync}, completed with the outcome.
   *
   * @throws IllegalArgumentException if the request may be retried but its body cannot be sent twice
   * @throws NullPointerException if an argument is null
   */
  public <T> CompletableFuture<HttpRetryOutcome<HttpResponse<T>>> sendAsyncWithOutcome(HttpRequest request,
      HttpResponse.BodyHandler<T> handler) {
    return sendAsync(request, handler, RetriedCall::outcome);
  }

  private <T, V> CompletableFuture<V> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
      BiFunction<RetriedCall<T>, HttpResponse<T>, V> outcomeOf) {
    RetriedCall<T> call = call(request, handler);
    CompletableFuture<Object> retried = call.runAsync();
    CompletableFuture<V> response = HttpRetryCall.linkedTo(retried);
    retried.whenComplete((outcome, failure) -> {
      if (failure != null) {
        if (RetriedCall.unwrap(failure) instanceof CancellationException) {
          call.discardRetriedResponse(); // cancelled while a retry waited: nobody will read its response
        }
        response.completeExceptionally(RetriedCall.unwrap(failure));
        return;
      }
      try {
        call.finishAsync(outcome).whenComplete((r, f) -> {
          if (f != null) {
            response.completeExceptionally(RetriedCall.unwrap(f));
          } else {
            try {
              response.complete(outcomeOf.apply(call, r));
            } catch (RuntimeException | Error e) {
              response.completeExceptionally(e);
            }
          }
        });
      } catch (RuntimeException | Error e) {
        response.completeExceptionally(e);
      }
    });
    return response;
  }

  private <T> RetriedCall<T> call(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(handler, "handler");
    boolean retryable = isRetryable(request);
    if (retryable && !isReplayable(request)) {
      throw new IllegalArgumentException("the body of " + request.method() + " " + request.uri()
          + " cannot be sent twice (" + request.bodyPublisher().orElseThrow().getClass().getName()
          + "), so the request cannot be retried: use BodyPublishers.ofByteArray, ofString or ofFile, or wrap the"
          + " publisher with RetryingHttpClient.replayable(...) if each subscription gets the whole body");
    }
    return new RetriedCall<>(client, request, handler, retryable, retryableResult, calls, observer);
  }

  /**
   * Whether this client may retry {@code request}: its method is retryable (idempotent by default), or it
   * carries an {@value #IDEMPOTENCY_KEY} header.
   *
   * @throws NullPointerException if {@code request} is null
   */
  public boolean isRetryable(HttpRequest request) {
    return calls.isRetryable(request, request.method(), HAS_HEADER);
  }

  /**
   * Whether {@code request}'s body can be sent again: no body, a body from the JDK's {@code BodyPublishers}
   * {@code noBody}, {@code ofString}, {@code ofByteArray}, {@code ofByteArrays} or {@code ofFile}, or one wrapped
   * with {@link #replayable}. Not replayable: {@code ofInputStream} (its stream is read once), {@code fromPublisher},
   * {@code concat} and any other publisher, whose second subscription may get nothing.
   *
   * @throws NullPointerException if {@code request} is null
   */
  public static boolean isReplayable(HttpRequest request) {
    Optional<HttpRequest.BodyPublisher> body = request.bodyPublisher();
    if (body.isEmpty()) {
      return true;
    }
    Class<?> type = body.get().getClass();
    return body.get() instanceof Replayable || REPLAYABLE_PUBLISHERS.contains(type);
  }

  /**
   * Marks {@code publisher} as one that gives the whole body to each subscriber, so requests with it can be
   * retried; e.g. {@code ofInputStream} with a supplier that opens a new stream each time:
   * <pre>{@code
   * HttpRequest upload = HttpRequest.newBuilder(uri)
   *     .PUT(RetryingHttpClient.replayable(BodyPublishers.ofInputStream(() -> open(path))))
   *     .build();
   * }</pre>
   *
   * @return a publisher that delegates to {@code publisher}
   * @throws NullPointerException if {@code publisher} is null
   */
  public static HttpRequest.BodyPublisher replayable(HttpRequest.BodyPublisher publisher) {
    return new Replayable(Objects.requireNonNull(publisher, "publisher"));
  }

  /**
   * Whether a failed attempt's exception is retried by default (the shared rule,
   * {@link HttpRetryRules#isRetryableFailure}): an {@link IOException} such as a refused or reset
   * connection, {@link java.net.http.HttpConnectTimeoutException}, {@link HttpTimeoutException} or a connection
   * closed mid-response, or the core's {@link AttemptTimeoutException}. Not retried, because another attempt would
   * fail the same way: {@link UnknownHostException}, {@link ProtocolException}, a TLS peer that cannot be verified
   * or a certificate that is refused, and failures of the body handler writing or decoding the body
   * ({@link FileSystemException}, {@link CharacterCodingException}).
   */
  public static boolean isRetryableFailure(Throwable failure) {
    return HttpRetryRules.isRetryableFailure(failure);
  }

  /** The wrapped client. */
  public HttpClient client() {
    return client;
  }

  /**
   * The policy given to the builder (without the HTTP rules this client adds). Typed as before for compatibility:
   * its conditions see the client's responses, whatever the policy's declared result type.
   */
  @SuppressWarnings("unchecked")
  public RetryPolicy<? super HttpResponse<?>> policy() {
    return (RetryPolicy<? super HttpResponse<?>>) policy;
  }

  /** The options this client was built with, the settings every HTTP client shares. */
  public HttpRetryOptions options() {
    return options;
  }

  /** The status codes that are retried. */
  public Set<Integer> retryableStatuses() {
    return options.retryableStatuses();
  }

  /** The methods that are retried; all of them if {@link RetryingHttpClientBuilder#retryAllMethods()} was set. */
  public Optional<Set<String>> retryableMethods() {
    return options.retryableMethods();
  }

  /** The longest {@code Retry-After} that is followed. */
  public Duration maxRetryAfter() {
    return options.maxRetryAfter();
  }

  /**
   * The retry budget all calls of this client share: the policy's own if it has one, else the default one made
   * for this client ({@link RetryBudget#retryQuota2026()}), or empty after
   * {@link RetryingHttpClientBuilder#withoutBudget()}.
   */
  public Optional<RetryBudget> budget() {
    return calls.budget();
  }

  /** The millisecond hint header followed, if one was configured (e.g. {@code x-amz-retry-after}). */
  public Optional<String> retryAfterMillisHeader() {
    return options.retryAfterMillisHeader();
  }

  @Override
  public String toString() {
    return "RetryingHttpClient[statuses=" + options.retryableStatuses() + ", methods="
        + options.retryableMethods().map(Object::toString).orElse("all") + ", maxRetryAfter=" + options.maxRetryAfter()
        + options.retryAfterMillisHeader().map(h -> ", hintHeader=" + h + " (at most "
            + options.maxHintAboveBackoff() + " above the backoff)").orElse("")
        + ", budget=" + calls.budget().orElse(null) + ", policy=" + policy + "]";
  }

  private static Set<Class<?>> replayablePublishers() {
    Set<Class<?>> types = new HashSet<>();
    types.add(BodyPublishers.noBody().getClass());
    types.add(BodyPublishers.ofString("").getClass());
    types.add(BodyPublishers.ofByteArray(new byte[0]).getClass());
    types.add(BodyPublishers.ofByteArray(new byte[0], 0, 0).getClass());
    types.add(BodyPublishers.ofByteArrays(List.of()).getClass());
    filePublisherType().ifPresent(types::add);
    return Set.copyOf(types);
  }

  /**
   * The class of {@code BodyPublishers.ofFile}'s publishers, learnt as the others' are: from a publisher made through
   * the public API, never by a JDK-internal class name that an update may change. {@code ofFile} needs a readable
   * file, and only checks it (it opens the file when a request is sent), so the probe is a file every JDK runtime
   * image has ({@code release}, else {@code lib/modules} under {@code java.home}). Without one, file bodies count as
   * not replayable: the conservative answer (such a request fails before its first attempt, unless wrapped with
   * {@link #replayable}); never a wrong yes.
   */
  static Optional<Class<?>> filePublisherType() {
    String home = System.getProperty("java.home");
    if (home == null) {
      return Optional.empty();
    }
    for (Path probe : List.of(Path.of(home, "release"), Path.of(home, "lib", "modules"))) {
      try {
        return Optional.of(BodyPublishers.ofFile(probe).getClass());
      } catch (FileNotFoundException | RuntimeException e) {
        // Not there or not readable (or refused by a security policy): try the next, else give up.
      }
    }
    return Optional.empty();
  }

  /** A publisher the user vouches for: it gives the whole body to each subscriber. */
  private static final class Replayable implements HttpRequest.BodyPublisher {
    private final HttpRequest.BodyPublisher delegate;

    Replayable(HttpRequest.BodyPublisher delegate) {
      this.delegate = delegate;
    }

    @Override
    public long contentLength() {
      return delegate.contentLength();
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      delegate.subscribe(subscriber);
    }
  }
}
