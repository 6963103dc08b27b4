package io.github.backoff.httprules;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.budget.CostClass;
import io.github.backoff.internal.Checks;
import io.github.backoff.preset.Preset;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.UnknownHostException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.FileSystemException;
import java.security.cert.CertificateException;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * HTTP's retry rules, in one place for every HTTP client (backoff-http for the JDK client, backoff-okhttp,
 * backoff-spring-web for {@code RestClient}, {@code RestTemplate} and {@code WebClient}, and any user code): which
 * methods may be sent twice, which statuses are worth another attempt, which statuses may carry a
 * {@code Retry-After}, and which I/O failures another attempt could cure. Plain Java with no HTTP library types, so
 * each client adapts its own request and response types to it.
 *
 * <pre>{@code
 * boolean mayRetry = HttpRetryRules.isIdempotent(request.method())
 *     || request.header(HttpRetryRules.IDEMPOTENCY_KEY) != null;
 * boolean worthIt = HttpRetryRules.DEFAULT_RETRYABLE_STATUSES.contains(response.code());
 * }</pre>
 *
 * <p>Stateless and thread-safe; the sets are immutable.
 */
public final class HttpRetryRules {
  /** The status codes retried by default: 429, 500, 502, 503 and 504. */
  public static final Set<Integer> DEFAULT_RETRYABLE_STATUSES = Set.of(429, 500, 502, 503, 504);
  /** The methods RFC 9110 (section 9.2.2) defines as idempotent: GET, HEAD, OPTIONS, TRACE, PUT, DELETE. */
  public static final Set<String> IDEMPOTENT_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE");
  /** The request header that makes a request of any method retryable: the server deduplicates by its value. */
  public static final String IDEMPOTENCY_KEY = "Idempotency-Key";
  /** The header a 429 or 503 response may carry to say when to come back (RFC 9110, section 10.2.3). */
  public static final String RETRY_AFTER = "Retry-After";
  /**
   * The statuses that mean "slow down" rather than "something broke": 429 Too Many Requests. A 503 may come from
   * an overloaded server too, but also from one that is down, so it counts as an ordinary transient failure, as
   * in the AWS SDKs (which tell throttling apart by status 429 and by error codes such as {@code Throttling}).
   */
  public static final Set<Integer> THROTTLING_STATUSES = Set.of(429);
  /**
   * The name of the kind of failure ({@code RetryKind}) every HTTP client adds for throttling responses: it only makes
   * the budget charge a throttling retry its throttling cost; listeners see it in {@code RetryScheduled.kind()}. A
   * kind of this name in the user's policy replaces it, such as the one {@code Preset.policyBuilder(isThrottling)}
   * adds: the same name.
   *
   * <pre>{@code
   * boolean throttled = event.kind().equals(HttpRetryRules.THROTTLING_KIND);
   * }</pre>
   */
  public static final String THROTTLING_KIND = Preset.THROTTLING_KIND;

  private HttpRetryRules() {}

  /**
   * {@code statuses} as an immutable set, for a client's configuration: each must be a status code, in
   * {@code 100..599}; duplicates collapse.
   *
   * @throws NullPointerException if {@code statuses} is null
   * @throws IllegalArgumentException if a status is outside {@code 100..599}, naming it
   */
  public static Set<Integer> statusSet(int... statuses) {
    Checks.requireNonNull(statuses, "statuses");
    Set<Integer> set = new LinkedHashSet<>();
    for (int status : statuses) {
      Checks.requireArgument(status >= 100 && status <= 599, "statuses must be in 100..599: %s", status);
      set.add(status);
    }
    return Set.copyOf(set);
  }

  /**
   * {@code methods} as an immutable set, for a client's configuration: each must be a non-empty token of visible
   * ASCII characters (methods are case-sensitive, as in HTTP); duplicates collapse.
   *
   * @throws NullPointerException if {@code methods} or one of them is null
   * @throws IllegalArgumentException if a method is empty or contains a space or control character, naming it
   */
  public static Set<String> methodSet(String... methods) {
    Checks.requireNonNull(methods, "methods");
    Set<String> set = new LinkedHashSet<>();
    for (String method : methods) {
      Checks.requireNonNull(method, "methods[i]");
      Checks.requireArgument(!method.isEmpty() && method.chars().allMatch(c -> c > ' ' && c < 127),
          "methods must be HTTP tokens: \"%s\"", method);
      set.add(method);
    }
    return Set.copyOf(set);
  }

  /**
   * {@code header}, after checking it can name a header field: non-empty, visible ASCII, no colon.
   *
   * @throws NullPointerException if {@code header} is null
   * @throws IllegalArgumentException if it cannot name a header field, naming it
   */
  public static String requireHeaderName(String header) {
    Checks.requireNonNull(header, "header");
    Checks.requireArgument(!header.isEmpty() && header.chars().allMatch(c -> c > ' ' && c < 127 && c != ':'),
        "header must be an HTTP token: \"%s\"", header);
    return header;
  }

  /** Whether {@code method} is one of {@link #IDEMPOTENT_METHODS} (methods are case-sensitive, as in HTTP). */
  public static boolean isIdempotent(String method) {
    return IDEMPOTENT_METHODS.contains(method);
  }

  /** Whether a response with {@code status} may carry a {@code Retry-After} that the client follows: 429 or 503. */
  public static boolean honoursRetryAfter(int status) {
    return status == 429 || status == 503;
  }

  /** Whether {@code status} is a throttling status ({@link #THROTTLING_STATUSES}): the server asks to slow down. */
  public static boolean isThrottlingStatus(int status) {
    return THROTTLING_STATUSES.contains(status);
  }

  /**
   * The class of cost a retry budget charges for retrying a response with {@code status}:
   * {@link CostClass#THROTTLING} for a {@link #isThrottlingStatus throttling status} (5 units in the AWS SDKs' 2026
   * retry quota), {@link CostClass#TRANSIENT} for any other (14 units). A failed exchange (an exception, a timeout
   * included) is {@link CostClass#TRANSIENT}.
   */
  public static CostClass costClassOf(int status) {
    return isThrottlingStatus(status) ? CostClass.THROTTLING : CostClass.TRANSIENT;
  }

  /**
   * Whether a failed attempt's exception is worth another attempt: an {@link IOException} such as a refused or
   * reset connection, a connect or request timeout (an {@code IOException} such as
   * {@code java.net.http.HttpTimeoutException} or {@code java.net.SocketTimeoutException}), a
   * connection closed mid-response, or the core's {@link AttemptTimeoutException}. Not retried, because another
   * attempt would fail the same way: {@link UnknownHostException}, {@link ProtocolException}, a TLS peer that cannot
   * be verified or a certificate that is refused, and failures writing or decoding the body locally
   * ({@link FileSystemException}, {@link CharacterCodingException}). Neither is anything that is not an {@code IOException} (a plain
   * {@link TimeoutException} included: it does not come from the exchange), nor {@code null}.
   */
  public static boolean isRetryableFailure(Throwable failure) {
    if (failure instanceof AttemptTimeoutException || failure instanceof ConnectException) {
      return true;
    }
    if (!(failure instanceof IOException)) {
      return false;
    }
    return !(failure instanceof UnknownHostException || failure instanceof ProtocolException
        || failure instanceof SSLPeerUnverifiedException || failure instanceof FileSystemException
        || failure instanceof CharacterCodingException
        || failure instanceof SSLHandshakeException && hasCause(failure, CertificateException.class));
  }

  private static boolean hasCause(Throwable failure, Class<? extends Throwable> type) {
    for (Throwable t = failure.getCause(); t != null && t != failure; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
