package io.github.backoff.okhttp;

import java.io.IOException;

/**
 * The failure of an attempt of a call that was canceled (by {@code Call.cancel()} or OkHttp's call timeout): the
 * interceptor's policy aborts on it, so a canceled call is never retried. Its cause is OkHttp's own exception, if
 * the attempt was in flight.
 */
final class Canceled extends IOException {
  private static final long serialVersionUID = 1L;

  Canceled(IOException cause) {
    super("Canceled", cause);
  }
}
