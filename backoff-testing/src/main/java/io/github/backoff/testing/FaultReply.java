package io.github.backoff.testing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a {@link FaultServer} does with one request: an HTTP response (a status, headers, a body, possibly slow), or
 * a fault that no well-behaved server produces on purpose (a connection reset, a close without a response, a stall,
 * a truncated body). Replies are queued with {@link FaultServer#enqueue} or returned by a dispatcher.
 *
 * <pre>{@code
 * server.enqueue(
 *     FaultReply.status(503).withRetryAfter(Duration.ofSeconds(2)),       // Retry-After: 2
 *     FaultReply.status(429).withRetryAfterDate(Instant.parse("2026-11-21T12:00:03Z")),
 *     FaultReply.status(503).withAmzRetryAfter(Duration.ofMillis(250)),  // x-amz-retry-after: 250
 *     FaultReply.reset(),                                                 // TCP reset, no response
 *     FaultReply.ok("done").withBodyThrottle(1, Duration.ofMillis(5)));   // one byte every 5 ms
 * }</pre>
 *
 * <p>Immutable and thread-safe: every {@code withX} method returns a new reply, so one reply may be queued many
 * times and shared between servers.
 */
public final class FaultReply {
  /** How the server treats the connection. */
  enum Kind { RESPOND, RESET, CLOSE, STALL, RESET_AFTER_FIRST_BYTE, TRUNCATE }

  private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

  final Kind kind;
  final int status;
  final List<String> headers; // name, value, name, value...
  final byte[] body;
  final long headersDelayNanos;
  final long throttleBytes;
  final long throttlePeriodNanos;
  final boolean closeConnection;

  private FaultReply(Kind kind, int status, List<String> headers, byte[] body, long headersDelayNanos,
      long throttleBytes, long throttlePeriodNanos, boolean closeConnection) {
    this.kind = kind;
    this.status = status;
    this.headers = List.copyOf(headers);
    this.body = body;
    this.headersDelayNanos = headersDelayNanos;
    this.throttleBytes = throttleBytes;
    this.throttlePeriodNanos = throttlePeriodNanos;
    this.closeConnection = closeConnection;
  }

  private static FaultReply of(Kind kind) {
    return new FaultReply(kind, 0, List.of(), new byte[0], 0, 0, 0, true);
  }

  private FaultReply copy(List<String> headers, byte[] body, long headersDelayNanos, long throttleBytes,
      long throttlePeriodNanos, boolean closeConnection) {
    return new FaultReply(kind, status, headers, body, headersDelayNanos, throttleBytes, throttlePeriodNanos,
        closeConnection);
  }

  /**
   * A response with {@code status} and an empty body.
   *
   * @throws IllegalArgumentException if {@code status} is not in [100, 999]
   */
  public static FaultReply status(int status) {
    if (status < 100 || status > 999) {
      throw new IllegalArgumentException("status must be in [100, 999]: " + status);
    }
    return new FaultReply(Kind.RESPOND, status, List.of(), new byte[0], 0, 0, 0, false);
  }

  /** A 200 response with {@code body} (UTF-8). */
  public static FaultReply ok(String body) {
    return status(200).withBody(body);
  }

  /**
   * Closes the connection with a TCP reset (SO_LINGER 0) after reading the request, before any byte of a
   * response: the client sees "connection reset".
   */
  public static FaultReply reset() {
    return of(Kind.RESET);
  }

  /**
   * Closes the connection normally (a FIN) after reading the request, without a byte of a response: a keep-alive
   * race or a crashed worker; the client sees an unexpected end of stream.
   */
  public static FaultReply close() {
    return of(Kind.CLOSE);
  }

  /**
   * Never answers: the connection stays open until the client gives up (its timeout or a cancel closes it) or the
   * server closes. The request is still counted.
   */
  public static FaultReply stall() {
    return of(Kind.STALL);
  }

  /** Sends the first byte of a status line, then resets the connection. */
  public static FaultReply resetAfterFirstByte() {
    return of(Kind.RESET_AFTER_FIRST_BYTE);
  }

  /**
   * A 200 response that promises {@code promised} bytes of body, sends {@code sent} of them and closes: a truncated
   * body.
   *
   * @throws IllegalArgumentException if {@code sent} is negative or not less than {@code promised}
   */
  public static FaultReply truncatedBody(int promised, int sent) {
    if (sent < 0 || sent >= promised) {
      throw new IllegalArgumentException("sent must be in [0, promised): " + sent + ", promised " + promised);
    }
    byte[] body = new byte[sent];
    java.util.Arrays.fill(body, (byte) 'x');
    return new FaultReply(Kind.TRUNCATE, 200, List.of("Content-Length", Integer.toString(promised)), body, 0, 0, 0,
        true);
  }

  /** This reply with {@code body} (UTF-8). */
  public FaultReply withBody(String body) {
    return withBody(Objects.requireNonNull(body, "body").getBytes(StandardCharsets.UTF_8));
  }

  /** This reply with {@code body} (copied). */
  public FaultReply withBody(byte[] body) {
    requireResponse("withBody");
    return copy(headers, Objects.requireNonNull(body, "body").clone(), headersDelayNanos, throttleBytes,
        throttlePeriodNanos, closeConnection);
  }

  /**
   * This reply with one more header (a name may repeat). {@code Content-Length} and {@code Connection} are written
   * by the server.
   *
   * @throws IllegalArgumentException if the name is empty, or the name or value holds a line break
   */
  public FaultReply withHeader(String name, String value) {
    requireResponse("withHeader");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    if (name.isEmpty() || name.indexOf('\r') >= 0 || name.indexOf('\n') >= 0 || value.indexOf('\r') >= 0
        || value.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("header must be a non-empty name and a value without line breaks: "
          + name + ": " + value);
    }
    List<String> copy = new ArrayList<>(headers);
    copy.add(name);
    copy.add(value);
    return copy(copy, body, headersDelayNanos, throttleBytes, throttlePeriodNanos, closeConnection);
  }

  /**
   * This reply with {@code Retry-After} in delta-seconds: the whole seconds of {@code delay}, rounded up (a
   * fraction of a second cannot be said in this form).
   *
   * @throws IllegalArgumentException if {@code delay} is negative
   */
  public FaultReply withRetryAfter(Duration delay) {
    requireNonNegative("delay", delay);
    long seconds = delay.getSeconds() + (delay.getNano() > 0 ? 1 : 0);
    return withHeader("Retry-After", Long.toString(seconds));
  }

  /** This reply with {@code Retry-After} as an HTTP-date (IMF-fixdate, second precision), e.g. {@code Sat, 21 Nov
   * 2026 12:00:03 GMT}. */
  public FaultReply withRetryAfterDate(Instant when) {
    Objects.requireNonNull(when, "when");
    return withHeader("Retry-After", HTTP_DATE.format(when));
  }

  /**
   * This reply with the millisecond hint {@code x-amz-retry-after: <millis>} that AWS services send.
   *
   * @throws IllegalArgumentException if {@code delay} is negative
   */
  public FaultReply withAmzRetryAfter(Duration delay) {
    requireNonNegative("delay", delay);
    return withHeader("x-amz-retry-after", Long.toString(delay.toMillis()));
  }

  /**
   * This reply sent only after {@code delay} (the server holds the request, as a slow backend does); the wait ends
   * early if the server closes. With a capacity limit the request stays in service meanwhile.
   *
   * @throws IllegalArgumentException if {@code delay} is negative
   */
  public FaultReply withHeadersDelay(Duration delay) {
    requireNonNegative("delay", delay);
    return new FaultReply(kind, status, headers, body, delay.toNanos(), throttleBytes, throttlePeriodNanos,
        closeConnection);
  }

  /**
   * This reply with its body sent slowly: the headers at once, then {@code bytes} bytes of body after each
   * {@code period} (MockWebServer's {@code throttleBody}).
   *
   * @throws IllegalArgumentException if {@code bytes} is not positive or {@code period} is negative
   */
  public FaultReply withBodyThrottle(long bytes, Duration period) {
    requireResponse("withBodyThrottle");
    if (bytes <= 0) {
      throw new IllegalArgumentException("bytes must be > 0: " + bytes);
    }
    requireNonNegative("period", period);
    return copy(headers, body, headersDelayNanos, bytes, period.toNanos(), closeConnection);
  }

  /** This reply followed by closing the connection ({@code Connection: close}): the next request needs a new one. */
  public FaultReply withConnectionClose() {
    requireResponse("withConnectionClose");
    return copy(headers, body, headersDelayNanos, throttleBytes, throttlePeriodNanos, true);
  }

  /** The status code, or 0 for a fault that sends no status. */
  public int statusCode() {
    return kind == Kind.RESPOND || kind == Kind.TRUNCATE ? status : 0;
  }

  /** The first value of header {@code name} (any case), or null. */
  public String header(String name) {
    for (int i = 0; i < headers.size(); i += 2) {
      if (headers.get(i).equalsIgnoreCase(name)) {
        return headers.get(i + 1);
      }
    }
    return null;
  }

  private void requireResponse(String method) {
    if (kind != Kind.RESPOND) {
      throw new IllegalStateException(method + " applies to a response, not to a " + kind.name().toLowerCase(
          Locale.ROOT) + " fault");
    }
  }

  private static void requireNonNegative(String name, Duration d) {
    Objects.requireNonNull(d, name);
    if (d.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative: " + d);
    }
  }

  @Override
  public String toString() {
    return kind == Kind.RESPOND ? "FaultReply[" + status + ", " + headers + ", " + body.length + " bytes]"
        : "FaultReply[" + kind.name().toLowerCase(Locale.ROOT) + "]";
  }
}
