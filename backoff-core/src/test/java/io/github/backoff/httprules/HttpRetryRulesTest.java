package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.AttemptTimeoutException;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.junit.jupiter.api.Test;

class HttpRetryRulesTest {

  @Test
  void isRetryableFailure_connectionAndTimeoutFailures_areRetried() {
    assertThat(Arrays.asList(new ConnectException("refused"), new SocketTimeoutException("read"),
        new SocketException("Connection reset"), new EOFException("EOF reached while reading"),
        new IOException("HTTP/1.1 header parser received no bytes"), new AttemptTimeoutException(Duration.ofSeconds(1)),
        sslHandshake(new EOFException())))
        .allMatch(HttpRetryRules::isRetryableFailure);
  }

  @Test
  void isRetryableFailure_failuresThatWouldRepeat_areNotRetried() {
    assertThat(Arrays.asList(new UnknownHostException("nowhere"), new ProtocolException("bad status line"),
        new SSLPeerUnverifiedException("who?"), sslHandshake(new CertificateException("expired")),
        new AccessDeniedException("/out"), new MalformedInputException(1), new IllegalArgumentException("uri"),
        new TimeoutException("not IO"), new RuntimeException(), new Error(), null))
        .noneMatch(HttpRetryRules::isRetryableFailure);
  }

  @Test
  void isIdempotent_rfc9110Methods_caseSensitive() {
    assertThat(HttpRetryRules.IDEMPOTENT_METHODS).allMatch(HttpRetryRules::isIdempotent);
    assertThat(Arrays.asList("POST", "PATCH", "CONNECT", "get", "")).noneMatch(HttpRetryRules::isIdempotent);
  }

  @Test
  void honoursRetryAfter_only429And503() {
    for (int status = 100; status < 600; status++) {
      assertThat(HttpRetryRules.honoursRetryAfter(status)).as("status %d", status)
          .isEqualTo(status == 429 || status == 503);
    }
  }

  @Test
  void defaultRetryableStatuses_areTheTransientOnes() {
    assertThat(HttpRetryRules.DEFAULT_RETRYABLE_STATUSES).containsExactlyInAnyOrder(429, 500, 502, 503, 504);
  }

  @Test
  void statusSet_validStatuses_collapsesDuplicatesInAnImmutableSet() {
    assertThat(HttpRetryRules.statusSet(503, 100, 599, 503)).containsExactlyInAnyOrder(100, 503, 599);
    assertThat(HttpRetryRules.statusSet()).isEmpty();
    assertThatThrownBy(() -> HttpRetryRules.statusSet(503).add(1)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void statusSet_outOfRange_namesTheStatus() {
    assertThatThrownBy(() -> HttpRetryRules.statusSet(503, 600)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("statuses must be in 100..599: 600");
    assertThatThrownBy(() -> HttpRetryRules.statusSet(99)).hasMessage("statuses must be in 100..599: 99");
    assertThatThrownBy(() -> HttpRetryRules.statusSet((int[]) null)).isInstanceOf(NullPointerException.class)
        .hasMessage("statuses");
  }

  @Test
  void methodSet_tokens_keepsCase() {
    assertThat(HttpRetryRules.methodSet("GET", "get", "PROPFIND", "GET")).containsExactlyInAnyOrder("GET", "get",
        "PROPFIND");
  }

  @Test
  void methodSet_notAToken_namesIt() {
    assertThatThrownBy(() -> HttpRetryRules.methodSet("GET", "GE T")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("methods must be HTTP tokens: \"GE T\"");
    assertThatThrownBy(() -> HttpRetryRules.methodSet("")).hasMessage("methods must be HTTP tokens: \"\"");
    assertThatThrownBy(() -> HttpRetryRules.methodSet("GET", null)).isInstanceOf(NullPointerException.class)
        .hasMessage("methods[i]");
  }

  @Test
  void requireHeaderName_validAndInvalid() {
    assertThat(HttpRetryRules.requireHeaderName("x-amz-retry-after")).isEqualTo("x-amz-retry-after");
    assertThatThrownBy(() -> HttpRetryRules.requireHeaderName("x:y")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("header must be an HTTP token: \"x:y\"");
    assertThatThrownBy(() -> HttpRetryRules.requireHeaderName("")).hasMessage("header must be an HTTP token: \"\"");
    assertThatThrownBy(() -> HttpRetryRules.requireHeaderName(null)).isInstanceOf(NullPointerException.class);
  }

  private static SSLHandshakeException sslHandshake(Throwable cause) {
    SSLHandshakeException e = new SSLHandshakeException("handshake");
    e.initCause(cause);
    return e;
  }
}
