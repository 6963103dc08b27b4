package io.github.backoff.internal;

import java.lang.System.Logger.Level;

/**
 * What the drivers do when a listener throws: log it and go on, whatever it threw, so that a listener never breaks
 * a retry or a hedged call (a driver that let it escape from a stage's callback would leave its future
 * incomplete). Not part of the API.
 */
public final class Listeners {
  private Listeners() {}

  /**
   * Logs at {@code WARNING} that {@code listener} threw {@code thrown} on {@code event}, and ignores it. An
   * {@link InterruptedException} (thrown sneakily) leaves the thread's interrupt flag set.
   *
   * @param kind the kind of listener, for the message ("retry", "hedge")
   */
  public static void threw(System.Logger log, String kind, Object listener, Object event, Throwable thrown) {
    if (thrown instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    log.log(Level.WARNING, kind + " listener " + listener + " threw on " + event + "; ignored", thrown);
  }
}
