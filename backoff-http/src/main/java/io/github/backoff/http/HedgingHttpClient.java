package io.github.backoff.http;

import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.Hedger;
import io.github.backoff.httprules.HttpRetryRules;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Hedged requests for {@link HttpClient}: when a request has not been answered within the policy's hedging delay,
 * the same request is sent again, the first response wins and the other exchanges are cancelled. Cuts tail
 * latency; see {@code docs/hedging.md}.
 *
 * <pre>{@code
 * HedgePolicy<HttpResponse<?>> policy = HedgePolicy.<HttpResponse<?>>builder()
 *     .withPercentileDelay(95.0, Duration.ofMillis(50))
 *     .withBudget(RetryBudget.ratio(0.05, Duration.ofSeconds(10), 1, Ticker.SYSTEM))
 *     .build();
 * HedgingHttpClient http = HedgingHttpClient.of(HttpClient.newHttpClient(), policy);
 * CompletableFuture<HttpResponse<String>> response = http.sendAsync(request, BodyHandlers.ofString());
 * }</pre>
 *
 * <p><b>What is hedged.</b> Only a request that may be sent twice: its method is idempotent, or it carries an
 * {@value HttpRetryRules#IDEMPOTENCY_KEY} header ({@link HttpRetryRules}), and its body, if any, can be sent
 * again (a JDK publisher of known length: {@code BodyPublishers.ofString}, {@code ofByteArray},
 * {@code ofFile}). Any other request is sent once, as the wrapped client would send it. A server sees up to
 * {@code 1 + maxHedges} identical requests for one call; the losers are cancelled ({@code cancel(true)}, which
 * makes the JDK client abort their exchanges).
 *
 * <p><b>What counts as an answer.</b> Any response, whatever its status, and any failure, unless the policy says
 * otherwise ({@code hedgeIfResult(r -> r.statusCode() == 503)}, {@code hedgeOn(ConnectException.class)}).
 * Combine with retries outside: {@code Retrier.callAsync(() -> hedging.sendAsync(request, handler))}.
 *
 * <p>Immutable and thread-safe: one instance serves any number of concurrent calls, like the client it wraps
 * (which it never closes or changes). Use one per downstream service, since its {@link Hedger} keeps the latencies
 * of an adaptive delay.
 */
public final class HedgingHttpClient {

  private final HttpClient client;
  private final Hedger<HttpResponse<?>> hedger;

  private HedgingHttpClient(HttpClient client, Hedger<HttpResponse<?>> hedger) {
    this.client = client;
    this.hedger = hedger;
  }

  /**
   * Hedges {@code client}'s idempotent requests under {@code policy}, with the system ticker and a shared daemon
   * scheduler.
   *
   * @throws NullPointerException if an argument is null
   */
  public static HedgingHttpClient of(HttpClient client, HedgePolicy<HttpResponse<?>> policy) {
    Objects.requireNonNull(policy, "policy");
    return of(client, Hedger.of(policy));
  }

  /**
   * Hedges {@code client}'s idempotent requests with {@code hedger} (to inject its ticker and scheduler).
   *
   * @throws NullPointerException if an argument is null
   */
  public static HedgingHttpClient of(HttpClient client, Hedger<HttpResponse<?>> hedger) {
    return new HedgingHttpClient(Objects.requireNonNull(client, "client"), Objects.requireNonNull(hedger, "hedger"));
  }

  /** The wrapped client. */
  public HttpClient client() {
    return client;
  }

  /**
   * Whether {@code request} is hedged: an idempotent method or an {@value HttpRetryRules#IDEMPOTENCY_KEY} header,
   * and a body that can be sent again, as {@link RetryingHttpClient#isReplayable} decides for retries (wrap a
   * publisher with {@link RetryingHttpClient#replayable} if each subscription gets the whole body).
   *
   * @throws NullPointerException if {@code request} is null
   */
  public static boolean isHedgeable(HttpRequest request) {
    Objects.requireNonNull(request, "request");
    boolean idempotent = HttpRetryRules.isIdempotent(request.method())
        || request.headers().firstValue(HttpRetryRules.IDEMPOTENCY_KEY).isPresent();
    return idempotent && RetryingHttpClient.isReplayable(request);
  }

  /**
   * Sends {@code request}, hedged if {@link #isHedgeable}, else once. The first attempt starts on the calling
   * thread; hedges start on the hedger's scheduler.
   *
   * @return a future completed with the first response (or failure) that the policy accepts; cancelling it
   *     cancels every exchange in flight
   * @throws NullPointerException if an argument is null
   */
  @SuppressWarnings("unchecked")
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    Objects.requireNonNull(handler, "handler");
    if (!isHedgeable(request)) {
      return client.sendAsync(request, handler);
    }
    CompletableFuture<? extends HttpResponse<?>> hedged = hedger.callAsync(() -> client.sendAsync(request, handler));
    return (CompletableFuture<HttpResponse<T>>) hedged;
  }

  @Override
  public String toString() {
    return "HedgingHttpClient(" + hedger.policy() + ")";
  }
}
