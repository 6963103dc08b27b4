package io.github.backoff.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.StopReason;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoggingRetryListenerTest {

  @Test
  void format_retryScheduled_oneLineWithDelayAndBound() {
    RetryScheduled<Object> event = new RetryScheduled<>(3, Duration.ofMillis(40), 3, Duration.ofMillis(25),
        Duration.ofMillis(78), false, null, new IOException("reset"));

    assertThat(LoggingRetryListener.format(event)).isEqualTo("retry 3 after IOException: waiting 25 ms (at most 78 ms)");
  }

  @Test
  void format_overriddenDelay_saysTheServerAskedForIt() {
    RetryScheduled<Object> event = new RetryScheduled<>(1, Duration.ZERO, 1, Duration.ofSeconds(2),
        Duration.ofMillis(100), true, "503", null);

    assertThat(LoggingRetryListener.format(event))
        .isEqualTo("retry 1 after result 503: waiting 2 s (requested by the server)");
  }

  @Test
  void format_gaveUp_namesReasonAndCause() {
    GaveUp<Object> event = new GaveUp<>(5, Duration.ofMillis(1200), StopReason.ATTEMPTS_EXHAUSTED, null,
        new IOException("connection refused"));

    assertThat(LoggingRetryListener.format(event))
        .isEqualTo("gave up after 5 attempts in 1.2 s: attempts exhausted (IOException: connection refused)");
  }

  @Test
  void format_successAndFailedAttempt_areNotLogged() {
    assertThat(LoggingRetryListener.format(new Succeeded<>(1, Duration.ZERO, "x"))).isNull();
    assertThat(LoggingRetryListener.format(new AttemptFailed<>(1, Duration.ZERO, null, new IOException()))).isNull();
  }

  @Test
  void onEvent_writesToTheLogger() {
    RecordingLogger logger = new RecordingLogger();
    LoggingRetryListener listener = LoggingRetryListener.create(logger, System.Logger.Level.INFO);

    listener.onEvent(new RetryScheduled<>(1, Duration.ZERO, 1, Duration.ofMillis(5), Duration.ofMillis(10), false,
        null, new IOException()));
    listener.onEvent(new Succeeded<>(2, Duration.ofMillis(5), "ok"));

    assertThat(logger.lines).containsExactly("INFO retry 1 after IOException: waiting 5 ms (at most 10 ms)");
  }

  private static final class RecordingLogger implements System.Logger {
    final java.util.List<String> lines = new java.util.ArrayList<>();

    @Override
    public String getName() {
      return "test";
    }

    @Override
    public boolean isLoggable(Level level) {
      return true;
    }

    @Override
    public void log(Level level, java.util.ResourceBundle bundle, String msg, Throwable thrown) {
      lines.add(level + " " + msg);
    }

    @Override
    public void log(Level level, java.util.ResourceBundle bundle, String format, Object... params) {
      lines.add(level + " " + format);
    }
  }

  @Test
  void format_gaveUpOnAResult_namesTheResult() {
    GaveUp<Object> event = new GaveUp<>(1, Duration.ofMillis(3), StopReason.ATTEMPTS_EXHAUSTED, 503, null);

    assertThat(LoggingRetryListener.format(event))
        .isEqualTo("gave up after 1 attempt in 3 ms: attempts exhausted (result 503)");
  }
}
