package io.github.backoff.event;

import io.github.backoff.internal.Durations;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Objects;

/**
 * Logs one line per retry, and one when an execution gives up, through {@link System.Logger}:
 * <pre>
 * retry 3 after IOException: waiting 25 ms (at most 78 ms)
 * gave up after 5 attempts in 1.2 s: attempts exhausted (IOException: connection refused)
 * </pre>
 *
 * <pre>{@code
 * RetryPolicy<String> policy = RetryPolicy.<String>builder().onEvent(LoggingRetryListener.create()).build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class LoggingRetryListener implements RetryListener<Object> {
  private final Logger logger;
  private final Level level;

  private LoggingRetryListener(Logger logger, Level level) {
    this.logger = logger;
    this.level = level;
  }

  /** Logs at INFO to the logger named {@code io.github.backoff}. */
  public static LoggingRetryListener create() {
    return create(System.getLogger("io.github.backoff"), Level.INFO);
  }

  /** Logs to {@code logger} at {@code level}. */
  public static LoggingRetryListener create(Logger logger, Level level) {
    return new LoggingRetryListener(Objects.requireNonNull(logger, "logger"), Objects.requireNonNull(level, "level"));
  }

  @Override
  public void onEvent(RetryEvent<?> event) {
    String line = format(event);
    if (line != null && logger.isLoggable(level)) {
      logger.log(level, line);
    }
  }

  /**
   * The line logged for {@code event}, or {@code null} for events that are not logged (attempt failures, which the
   * retry line describes, and successes).
   */
  public static String format(RetryEvent<?> event) {
    if (event instanceof RetryScheduled) {
      RetryScheduled<?> s = (RetryScheduled<?>) event;
      return "retry " + s.retry() + " after " + shortCause(s.failure(), s.result()) + ": waiting "
          + Durations.format(s.delay()) + (s.overridden() ? " (requested by the server)"
          : " (at most " + Durations.format(s.maxDelay()) + ")");
    }
    if (event instanceof GaveUp) {
      GaveUp<?> g = (GaveUp<?>) event;
      return "gave up after " + g.attempt() + (g.attempt() == 1 ? " attempt" : " attempts") + " in "
          + Durations.format(g.elapsed()) + ": " + g.reason().description()
          + " (" + cause(g.failure(), g.result()) + ")";
    }
    return null;
  }

  private static String shortCause(Throwable failure, Object result) {
    return failure == null ? "result " + result : failure.getClass().getSimpleName();
  }

  private static String cause(Throwable failure, Object result) {
    if (failure == null) {
      return "result " + result;
    }
    String message = failure.getMessage();
    return failure.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
