package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * {@link FaultServer}'s fluent API, its status lines as a raw HTTP/1.1 client reads them, and its edge cases: a
 * loopback server with a plain socket as the client, so that what the server writes is what the test reads.
 */
class FaultServerApiTest {
  /** Sends one GET on a new connection and returns the status line of the answer. */
  private static String statusLine(FaultServer server) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
      return in.readLine();
    }
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "200|OK", "201|Created", "204|No Content", "301|Moved Permanently", "302|Found", "303|See Other",
      "307|Temporary Redirect", "308|Permanent Redirect", "400|Bad Request", "404|Not Found", "408|Request Timeout",
      "409|Conflict", "429|Too Many Requests", "500|Internal Server Error", "502|Bad Gateway",
      "503|Service Unavailable", "504|Gateway Timeout", "418|Status"})
  void statusLine_carriesTheStandardReasonPhrase(int status, String reason) throws IOException {
    try (FaultServer server = FaultServer.start().enqueueStatuses(status)) {
      assertThat(statusLine(server)).isEqualTo("HTTP/1.1 " + status + " " + reason);
    }
  }

  @Test
  void truncatedBody_sendsThePromisedLengthThenFewerBytesOfX() throws IOException {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.truncatedBody(10, 3));
        Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);

      assertThat(answer).startsWith("HTTP/1.1 200 OK\r\n").contains("Content-Length: 10\r\n").endsWith("\r\n\r\nxxx");
    }
  }

  @Test
  void fluentMethods_returnTheServerItself() {
    try (FaultServer server = FaultServer.start()) {
      assertThat(server.enqueue(FaultReply.status(200))).isSameAs(server);
      assertThat(server.enqueueStatuses(200)).isSameAs(server);
      assertThat(server.dispatch(request -> null)).isSameAs(server);
      assertThat(server.down()).isSameAs(server);
      assertThat(server.up()).isSameAs(server);
      assertThat(server.outage(Duration.ZERO)).isSameAs(server);
      assertThat(server.capacity(1)).isSameAs(server);
      assertThat(server.pendingReplies()).isEqualTo(2);
    }
  }

  @Test
  void toString_namesTheAddressAndTheRequestsSeen() throws IOException {
    try (FaultServer server = FaultServer.start()) {
      statusLine(server);
      assertThat(server.toString()).isEqualTo("FaultServer[127.0.0.1:" + server.port() + ", 1 requests]");
    }
  }

  @Test
  void outage_longerThanNanosCanCount_lastsUntilUp() throws IOException {
    try (FaultServer server = FaultServer.start()) {
      server.outage(Duration.ofSeconds(Long.MAX_VALUE));

      assertThat(server.isDown()).isTrue();
      assertThat(statusLine(server)).isEqualTo("HTTP/1.1 503 Service Unavailable");
      server.up();
      assertThat(server.isDown()).isFalse();
      assertThat(statusLine(server)).isEqualTo("HTTP/1.1 200 OK");
    }
  }

  @Test
  void outage_negative_failsNamingTheValue() {
    try (FaultServer server = FaultServer.start()) {
      assertThatThrownBy(() -> server.outage(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("length must not be negative: PT-1S");
    }
  }

  @Test
  void capacity_changedManyTimes_keepsServingWithServiceTimes() throws IOException {
    try (FaultServer server = FaultServer.builder().withServiceTime(Duration.ofMillis(1)).start()) {
      for (int i = 0; i < 40; i++) {
        server.capacity(i % 2 == 0 ? 0.5 : 1);
      }
      assertThat(server.capacityFraction()).isEqualTo(1);
      assertThat(statusLine(server)).isEqualTo("HTTP/1.1 200 OK");
    }
  }

  @Test
  void capacity_negativeNaNOrInfinite_fails() {
    try (FaultServer server = FaultServer.start()) {
      for (double bad : new double[] {-0.001, Double.NaN, Double.POSITIVE_INFINITY}) {
        assertThatThrownBy(() -> server.capacity(bad)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("fraction must be >= 0 and finite: " + bad);
      }
      assertThat(server.capacity(0).capacityFraction()).isZero();
    }
  }

  @Test
  void withBacklog_belowOne_fails_oneIsAccepted() throws IOException {
    assertThatThrownBy(() -> FaultServer.builder().withBacklog(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("backlog must be >= 1: 0");
    FaultServerBuilder builder = FaultServer.builder();
    assertThat(builder.withBacklog(1)).isSameAs(builder);
    try (FaultServer server = builder.start()) {
      assertThat(statusLine(server)).isEqualTo("HTTP/1.1 200 OK");
    }
  }
}
