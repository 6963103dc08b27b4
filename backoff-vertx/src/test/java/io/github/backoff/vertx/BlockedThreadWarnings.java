package io.github.backoff.vertx;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * A Vert.x whose blocked-thread checker is strict (an event loop held 1 s is reported, checked every 20 ms: Vert.x's
 * default is 2 s; 200 ms, used before, is within what a loaded machine's scheduler or a GC pause can add), and
 * the checker's warnings as they are logged (Vert.x logs through java.util.logging when no other backend is on the
 * class path), so a test can assert that nothing blocked an event loop.
 */
final class BlockedThreadWarnings extends Handler {
  /** The checker logs as {@code io.vertx.core.impl.BlockedThreadChecker}; its parent catches a renamed one too. */
  static final String VERTX_CORE = "io.vertx.core";
  /** Held, so that java.util.logging does not forget the logger and with it the handler. */
  private final Logger logger = Logger.getLogger(VERTX_CORE);
  final List<String> warnings = new CopyOnWriteArrayList<>();

  BlockedThreadWarnings() {
    logger.addHandler(this);
  }

  static Vertx strictVertx() {
    return Vertx.vertx(new VertxOptions()
        .setBlockedThreadCheckInterval(20).setBlockedThreadCheckIntervalUnit(TimeUnit.MILLISECONDS)
        .setMaxEventLoopExecuteTime(1000).setMaxEventLoopExecuteTimeUnit(TimeUnit.MILLISECONDS));
  }

  @Override
  public void publish(LogRecord record) {
    if (record.getLevel().intValue() >= Level.WARNING.intValue() && record.getLoggerName() != null
        && record.getLoggerName().endsWith("BlockedThreadChecker")) {
      warnings.add(record.getMessage());
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    logger.removeHandler(this);
  }
}
