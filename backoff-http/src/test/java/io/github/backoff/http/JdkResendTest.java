package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The JDK client's own resend of a GET whose connection fails before any response byte, and the one switch JDK 17
 * offers against it: {@code -Djdk.httpclient.redirects.retrylimit=1}, which caps the requests of one {@code send}
 * at one, redirects and authentication retries included. Each case runs {@link ResendProbe} in a JVM of its own,
 * since the JDK reads the property once per JVM.
 */
class JdkResendTest {
  @Test
  void plainClient_getResetBeforeTheFirstByte_isSentTwice() throws Exception {
    try (FaultServer raw = FaultServer.start().dispatch(r -> FaultReply.reset())) {
      assertThat(probe(raw, List.of())).startsWith("failed");
      assertThat(raw.requestCount()).isEqualTo(2);
    }
  }

  @Test
  void plainClient_retryLimitOne_getResetBeforeTheFirstByte_isSentOnce() throws Exception {
    try (FaultServer raw = FaultServer.start().dispatch(r -> FaultReply.reset())) {
      assertThat(probe(raw, List.of("-Djdk.httpclient.redirects.retrylimit=1"))).startsWith("failed");
      assertThat(raw.requestCount()).isEqualTo(1);
    }
  }

  private static String probe(FaultServer raw, List<String> options) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.addAll(List.of("-cp", Path.of("target", "test-classes").toString(), ResendProbe.class.getName(),
        raw.uri("/a").toString()));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertThat(process.waitFor(10, TimeUnit.SECONDS)).as("probe finished").isTrue();
    return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
  }
}
