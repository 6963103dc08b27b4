package io.github.backoff.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.rpc.DebugInfo;
import com.google.rpc.RetryInfo;
import io.grpc.Metadata;
import io.grpc.protobuf.StatusProto;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The pushback and RetryInfo readings, RetryInfo encoded by the real protobuf classes. */
class GrpcRetryHintsTest {
  private static Metadata trailers(com.google.rpc.Status status) {
    return StatusProto.toStatusRuntimeException(status).getTrailers();
  }

  private static com.google.rpc.Status status(com.google.protobuf.Message... details) {
    com.google.rpc.Status.Builder b = com.google.rpc.Status.newBuilder().setCode(14).setMessage("busy");
    for (com.google.protobuf.Message d : details) {
      b.addDetails(Any.pack(d));
    }
    return b.build();
  }

  private static RetryInfo retryInfo(long seconds, int nanos) {
    return RetryInfo.newBuilder()
        .setRetryDelay(com.google.protobuf.Duration.newBuilder().setSeconds(seconds).setNanos(nanos)).build();
  }

  @Test
  void askedNanos_retryInfoAfterOtherDetails_readsItsDelay() {
    Metadata t = trailers(status(DebugInfo.newBuilder().setDetail("x").addStackEntries("a").build(),
        retryInfo(2, 500_000_000)));

    assertThat(GrpcRetryHints.askedNanos(t)).isEqualTo(2_500_000_000L);
  }

  @Test
  void askedNanos_pushbackWinsOverRetryInfo() {
    Metadata t = trailers(status(retryInfo(2, 0)));
    t.put(GrpcRetryHints.PUSHBACK_KEY, "10");

    assertThat(GrpcRetryHints.askedNanos(t)).isEqualTo(10_000_000L);
  }

  @Test
  void askedNanos_noHint_none() {
    assertThat(GrpcRetryHints.askedNanos(new Metadata())).isEqualTo(GrpcRetryHints.NONE);
    assertThat(GrpcRetryHints.askedNanos(null)).isEqualTo(GrpcRetryHints.NONE);
    assertThat(GrpcRetryHints.askedNanos(trailers(status()))).isEqualTo(GrpcRetryHints.NONE);
    assertThat(GrpcRetryHints.askedNanos(trailers(status(DebugInfo.newBuilder().setDetail("x").build()))))
        .isEqualTo(GrpcRetryHints.NONE);
  }

  @Test
  void retryInfoNanos_negativeDelay_none() {
    assertThat(GrpcRetryHints.retryInfoNanos(status(retryInfo(-1, 0)).toByteArray()))
        .isEqualTo(GrpcRetryHints.NONE);
  }

  @Test
  void retryInfoNanos_hugeSeconds_saturates() {
    assertThat(GrpcRetryHints.retryInfoNanos(status(retryInfo(Long.MAX_VALUE / 10, 0)).toByteArray()))
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void retryInfoNanos_truncatedOrGarbage_none() {
    byte[] whole = status(retryInfo(1, 0)).toByteArray();
    for (int n = 0; n < whole.length; n++) {
      long asked = GrpcRetryHints.retryInfoNanos(Arrays.copyOf(whole, n));
      assertThat(asked).as("first %d bytes", n).isIn(GrpcRetryHints.NONE, 1_000_000_000L);
    }
    assertThat(GrpcRetryHints.retryInfoNanos(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}))
        .isEqualTo(GrpcRetryHints.NONE);
    assertThat(GrpcRetryHints.retryInfoNanos(new byte[] {0x1a, 0x7f})).isEqualTo(GrpcRetryHints.NONE);
  }

  @Test
  void pushbackNanos_grpcJavasReading() {
    assertThat(GrpcRetryHints.pushbackNanos("0")).isZero();
    assertThat(GrpcRetryHints.pushbackNanos("250")).isEqualTo(250_000_000L);
    assertThat(GrpcRetryHints.pushbackNanos("-1")).isEqualTo(GrpcRetryHints.STOP);
    assertThat(GrpcRetryHints.pushbackNanos("1.5")).isEqualTo(GrpcRetryHints.STOP);
    assertThat(GrpcRetryHints.pushbackNanos("")).isEqualTo(GrpcRetryHints.STOP);
    assertThat(GrpcRetryHints.pushbackNanos("2147483648")).isEqualTo(GrpcRetryHints.STOP);
  }
}
