package io.github.backoff.httprules.spi;

import io.github.backoff.internal.Checks;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;
import java.util.function.ToIntFunction;

/**
 * How the shared HTTP retry code reads a client's own response type: its status and a header. An attempt's result
 * reaches the core as an {@code Object}; a reader answers for results of its client's response type and says "not a
 * response" for anything else. The one piece a new HTTP client writes to use {@link HttpRetryCalls}.
 *
 * <pre>{@code
 * HttpResponseReader reader = HttpResponseReader.of(Response.class, Response::code, Response::header);
 * }</pre>
 *
 * <p>Implementations must be stateless and thread-safe.
 */
public interface HttpResponseReader {
  /**
   * The status code of {@code result}, or -1 if it is not a response of this client (or is null).
   *
   * @param result an attempt's result
   * @return the status, or -1
   */
  int status(Object result);

  /**
   * The first value of header {@code name} of {@code result} (names are case-insensitive, as in HTTP), or null if
   * it has none or is not a response of this client.
   *
   * @param result an attempt's result
   * @param name the header's name
   * @return the value, or null
   */
  String header(Object result, String name);

  /**
   * The first {@code maxChars} characters of {@code result}'s body, for telling an exhausted quota from a rate limit
   * on a 429 ({@code RateLimitRules}); null if this client cannot read them without consuming what the caller gets
   * or reading unboundedly. Called only on a 429 that is to be retried, at most once per attempt. The default reads
   * nothing: a client whose retried responses are buffered overrides it.
   *
   * @param result an attempt's result
   * @param maxChars how many characters at most
   * @return the text, or null
   */
  default String bodyPrefix(Object result, int maxChars) {
    return null;
  }

  /**
   * The first {@code maxChars} bytes of a buffered body decoded as UTF-8 (a character cut in two becomes U+FFFD),
   * for a {@link #bodyPrefix} over bytes in memory.
   *
   * @param body the body's bytes, or null
   * @param maxChars how many bytes at most are decoded
   * @return the text, or null if {@code body} is null
   */
  static String utf8Prefix(byte[] body, int maxChars) {
    return body == null ? null
        : new String(body, 0, Math.min(body.length, Math.max(0, maxChars)), StandardCharsets.UTF_8);
  }

  /**
   * A reader of responses of {@code type}.
   *
   * @param type the client's response type
   * @param status reads a response's status code
   * @param header reads a response's header, null when absent
   * @param <S> the response type
   * @return a reader
   * @throws NullPointerException if an argument is null
   */
  static <S> HttpResponseReader of(Class<S> type, ToIntFunction<? super S> status,
      BiFunction<? super S, String, String> header) {
    Checks.requireNonNull(type, "type");
    Checks.requireNonNull(status, "status");
    Checks.requireNonNull(header, "header");
    return new HttpResponseReader() {
      @Override
      public int status(Object result) {
        return type.isInstance(result) ? status.applyAsInt(type.cast(result)) : -1;
      }

      @Override
      public String header(Object result, String name) {
        return type.isInstance(result) ? header.apply(type.cast(result), name) : null;
      }

      @Override
      public String toString() {
        return "HttpResponseReader[" + type.getName() + "]";
      }
    };
  }
}
