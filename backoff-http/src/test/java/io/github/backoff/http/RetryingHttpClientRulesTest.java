package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.RetryPolicy;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which failures, methods and bodies are retried: the rules, without a server. */
class RetryingHttpClientRulesTest {
  private static final URI URI_ = URI.create("http://127.0.0.1:1/");
  private static final RetryingHttpClient HTTP =
      RetryingHttpClient.of(Fixtures.httpClient(), RetryPolicy.<HttpResponse<?>>builder().build());

  @Test
  void isRetryableFailure_connectionAndTimeoutFailures_areRetried() {
    assertThat(List.of(new ConnectException("refused"), new HttpConnectTimeoutException("connect"),
        new HttpTimeoutException("request"), new SocketException("Connection reset"),
        new EOFException("EOF reached while reading"), new IOException("HTTP/1.1 header parser received no bytes"),
        new AttemptTimeoutException(Duration.ofSeconds(1)), sslHandshake(new EOFException())))
        .allMatch(RetryingHttpClient::isRetryableFailure);
  }

  @Test
  void isRetryableFailure_failuresThatWouldRepeat_areNotRetried() {
    assertThat(List.of(new UnknownHostException("nowhere"), new ProtocolException("bad status line"),
        new SSLPeerUnverifiedException("who?"), sslHandshake(new CertificateException("expired")),
        new AccessDeniedException("/out"), new MalformedInputException(1), new IllegalArgumentException("uri"),
        new TimeoutException("not IO"), new RuntimeException(), new Error()))
        .noneMatch(RetryingHttpClient::isRetryableFailure);
  }

  private static SSLHandshakeException sslHandshake(Throwable cause) {
    SSLHandshakeException e = new SSLHandshakeException("handshake");
    e.initCause(cause);
    return e;
  }

  @Test
  void isRetryable_idempotentMethods_areAndOthersAreNot() {
    for (String method : List.of("GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE")) {
      assertThat(HTTP.isRetryable(request(method))).as(method).isTrue();
    }
    for (String method : List.of("POST", "PATCH", "get", "PROPFIND")) {
      assertThat(HTTP.isRetryable(request(method))).as(method).isFalse();
    }
  }

  @Test
  void isRetryable_idempotencyKey_makesAnyMethodRetryable() {
    HttpRequest post = HttpRequest.newBuilder(URI_).header("idempotency-key", "k").POST(BodyPublishers.noBody())
        .build();

    assertThat(HTTP.isRetryable(post)).isTrue();
  }

  private static HttpRequest request(String method) {
    return HttpRequest.newBuilder(URI_).method(method, BodyPublishers.noBody()).build();
  }

  @Test
  void isReplayable_inMemoryAndFileBodies_are(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("body.txt"), "body");
    assertThat(List.of(HttpRequest.newBuilder(URI_).build(), put(BodyPublishers.noBody()),
        put(BodyPublishers.ofString("s")), put(BodyPublishers.ofByteArray(new byte[3])),
        put(BodyPublishers.ofByteArray(new byte[3], 1, 2)), put(BodyPublishers.ofByteArrays(List.of(new byte[1]))),
        put(BodyPublishers.ofFile(file)),
        put(RetryingHttpClient.replayable(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[1]))))))
        .allMatch(RetryingHttpClient::isReplayable);
  }

  @Test
  void isReplayable_streamsAndArbitraryPublishers_areNot() {
    assertThat(List.of(put(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[1]))),
        put(BodyPublishers.fromPublisher(subscriber -> { })),
        put(BodyPublishers.concat(BodyPublishers.ofString("a"), BodyPublishers.ofString("b")))))
        .noneMatch(RetryingHttpClient::isReplayable);
  }

  @Test
  void filePublisherType_isLearntFromThePublicApi_notAnInternalName(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("body.txt"), "body");

    assertThat(RetryingHttpClient.filePublisherType()).contains(BodyPublishers.ofFile(file).getClass());
  }

  @Test
  void replayable_delegatesTheContentLength() {
    assertThat(RetryingHttpClient.replayable(BodyPublishers.ofString("four")).contentLength()).isEqualTo(4);
  }

  private static HttpRequest put(HttpRequest.BodyPublisher body) {
    return HttpRequest.newBuilder(URI_).PUT(body).build();
  }
}
