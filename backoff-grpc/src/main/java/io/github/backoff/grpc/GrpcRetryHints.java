package io.github.backoff.grpc;

import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * What a server's trailers say about retrying, by gRFC A6 and Google's AIP-194: the {@value #PUSHBACK} trailer and a
 * {@code google.rpc.RetryInfo} in {@code grpc-status-details-bin}. The RetryInfo is decoded from the protobuf wire
 * format here, so that backoff-grpc needs no protobuf runtime; only the three messages on the path are read
 * ({@code google.rpc.Status.details}, {@code google.protobuf.Any}, {@code google.rpc.RetryInfo.retry_delay}) and
 * anything malformed reads as "no hint".
 *
 * <p>Stateless and thread-safe.
 */
final class GrpcRetryHints {
  /** The trailer in which a server asks for a delay in milliseconds, or (negative, unparseable) for no retry. */
  static final String PUSHBACK = "grpc-retry-pushback-ms";
  static final Metadata.Key<String> PUSHBACK_KEY = Metadata.Key.of(PUSHBACK, Metadata.ASCII_STRING_MARSHALLER);
  /** The header carrying the number of earlier attempts, on attempt 2 and later. */
  static final Metadata.Key<String> PREVIOUS_ATTEMPTS_KEY =
      Metadata.Key.of("grpc-previous-rpc-attempts", Metadata.ASCII_STRING_MARSHALLER);
  /** A serialized {@code google.rpc.Status}, with the error's details. */
  static final Metadata.Key<byte[]> STATUS_DETAILS_KEY =
      Metadata.Key.of("grpc-status-details-bin", Metadata.BINARY_BYTE_MARSHALLER);
  static final String RETRY_INFO_TYPE = "type.googleapis.com/google.rpc.RetryInfo";

  /** No hint: the strategy's wait. */
  static final long NONE = -1;
  /** The server asked for no retry. */
  static final long STOP = -2;

  private GrpcRetryHints() {}

  /**
   * The server's wait as the core's {@link io.github.backoff.DelayOverride}: the pushback or RetryInfo of the failed
   * attempt's trailers, or {@code null} (the strategy's wait). Installed by {@link #install}, so that the core
   * decides with the server's wait: events and metrics show it, the deadline and {@code maxElapsed} are checked
   * against it, and a wait above the longest followed stops with {@code DELAY_TOO_LONG} before the budget is asked.
   */
  static final io.github.backoff.DelayOverride<Object> DELAY = context -> {
    Throwable failure = context.failure();
    if (!(failure instanceof StatusRuntimeException sre)) {
      return null;
    }
    long asked = askedNanos(sre.getTrailers());
    return asked < 0 ? null : java.time.Duration.ofNanos(asked); // STOP never gets here: the abort condition stops
  };

  /**
   * {@code policy} with the server's hints: the wait it asks for ({@link #DELAY}, at most {@code maxNanos}, above
   * which the core gives up), and a stop on a negative or unparseable pushback (gRFC A6) as an abort condition.
   */
  static io.github.backoff.RetryPolicyBuilder<Object> install(io.github.backoff.RetryPolicyBuilder<Object> policy,
      long maxNanos) {
    return policy.abortIf(GrpcRetryHints::asksNoRetry)
        .withDelayOverride(DELAY, java.time.Duration.ZERO, java.time.Duration.ofNanos(maxNanos))
        .giveUpIfOverrideExceedsMax();
  }

  /**
   * The wait the server asked for in nanoseconds: the pushback if there is one (a valid one is the wait, any other
   * value {@link #STOP}), else the RetryInfo's delay, else {@link #NONE}.
   */
  static long askedNanos(Metadata trailers) {
    if (trailers == null) {
      return NONE;
    }
    String pushback = trailers.get(PUSHBACK_KEY);
    if (pushback != null) {
      return pushbackNanos(pushback);
    }
    byte[] details = trailers.get(STATUS_DETAILS_KEY);
    return details == null ? NONE : retryInfoNanos(details);
  }

  /** Whether a failed attempt's trailers ask for no retry: a negative or unparseable pushback (A6). */
  static boolean asksNoRetry(Throwable failure) {
    return failure instanceof StatusRuntimeException sre && sre.getTrailers() != null
        && sre.getTrailers().get(PUSHBACK_KEY) != null && pushbackNanos(sre.getTrailers().get(PUSHBACK_KEY)) == STOP;
  }

  /** A pushback value: a non-negative int of milliseconds (grpc-java reads an int) or {@link #STOP}. */
  static long pushbackNanos(String value) {
    try {
      int millis = Integer.parseInt(value.trim());
      return millis < 0 ? STOP : millis * 1_000_000L;
    } catch (NumberFormatException e) {
      return STOP;
    }
  }

  /** The code of a failed attempt, or {@code null} if it was not a gRPC status. */
  static Status.Code code(Throwable failure) {
    return failure instanceof StatusRuntimeException sre ? sre.getStatus().getCode() : null;
  }

  /** The RetryInfo's delay in a serialized google.rpc.Status, or {@link #NONE}. */
  static long retryInfoNanos(byte[] status) {
    try {
      Reader r = new Reader(status, 0, status.length);
      while (r.more()) {
        int tag = r.varint32();
        if (tag == ((3 << 3) | 2)) { // Status.details: repeated google.protobuf.Any
          int[] any = r.lengthDelimited();
          long delay = anyRetryInfo(status, any[0], any[1]);
          if (delay != NONE) {
            return delay;
          }
        } else {
          r.skip(tag);
        }
      }
    } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
      return NONE; // malformed details are no hint
    }
    return NONE;
  }

  private static long anyRetryInfo(byte[] b, int from, int to) {
    Reader r = new Reader(b, from, to);
    String type = null;
    int[] value = null;
    while (r.more()) {
      int tag = r.varint32();
      if (tag == ((1 << 3) | 2)) {
        int[] s = r.lengthDelimited();
        type = new String(b, s[0], s[1] - s[0], java.nio.charset.StandardCharsets.UTF_8);
      } else if (tag == ((2 << 3) | 2)) {
        value = r.lengthDelimited();
      } else {
        r.skip(tag);
      }
    }
    if (!RETRY_INFO_TYPE.equals(type) || value == null) {
      return NONE;
    }
    Reader info = new Reader(b, value[0], value[1]);
    while (info.more()) {
      int tag = info.varint32();
      if (tag == ((1 << 3) | 2)) { // RetryInfo.retry_delay: google.protobuf.Duration
        int[] d = info.lengthDelimited();
        return durationNanos(b, d[0], d[1]);
      }
      info.skip(tag);
    }
    return NONE;
  }

  private static long durationNanos(byte[] b, int from, int to) {
    Reader r = new Reader(b, from, to);
    long seconds = 0;
    long nanos = 0;
    while (r.more()) {
      int tag = r.varint32();
      if (tag == ((1 << 3))) {
        seconds = r.varint64();
      } else if (tag == ((2 << 3))) {
        nanos = (int) r.varint64();
      } else {
        r.skip(tag);
      }
    }
    if (seconds < 0 || nanos < 0 || nanos > 999_999_999) {
      return NONE; // a negative delay is no hint
    }
    if (seconds >= Long.MAX_VALUE / 1_000_000_000L) {
      return Long.MAX_VALUE;
    }
    return seconds * 1_000_000_000L + nanos;
  }

  /** Reads protobuf's wire format within {@code [pos, end)}; throws on anything out of bounds. */
  private static final class Reader {
    private final byte[] b;
    private int pos;
    private final int end;

    Reader(byte[] b, int pos, int end) {
      this.b = b;
      this.pos = pos;
      this.end = end;
    }

    boolean more() {
      return pos < end;
    }

    long varint64() {
      long result = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (pos >= end) {
          throw new IndexOutOfBoundsException("truncated varint");
        }
        byte x = b[pos++];
        result |= (long) (x & 0x7f) << shift;
        if ((x & 0x80) == 0) {
          return result;
        }
      }
      throw new IllegalArgumentException("varint longer than 10 bytes");
    }

    int varint32() {
      return (int) varint64();
    }

    /** The bounds {@code [from, to)} of a length-delimited field's bytes, skipping them. */
    int[] lengthDelimited() {
      long length = varint64();
      if (length < 0 || length > end - pos) {
        throw new IndexOutOfBoundsException("length " + length + " past the end");
      }
      int from = pos;
      pos += (int) length;
      return new int[] {from, pos};
    }

    void skip(int tag) {
      switch (tag & 7) {
        case 0 -> varint64();
        case 1 -> advance(8);
        case 2 -> lengthDelimited();
        case 5 -> advance(4);
        default -> throw new IllegalArgumentException("unsupported wire type " + (tag & 7));
      }
    }

    private void advance(int n) {
      if (n > end - pos) {
        throw new IndexOutOfBoundsException("field past the end");
      }
      pos += n;
    }
  }
}
