package io.github.backoff.okhttp;

import io.github.backoff.Sleeper;
import okhttp3.Call;

/**
 * Waits through {@code sleeper} in slices, and stops waiting as soon as the call is canceled: OkHttp's
 * {@code Call.cancel()} interrupts no thread, so a wait would otherwise run to its end. The next attempt then sees
 * the cancellation and fails without a request.
 */
final class CancelAwareSleeper implements Sleeper {
  /** How often a waiting call checks whether it was canceled: 20 ms. */
  static final long POLL_NANOS = 20_000_000L;

  private final Sleeper sleeper;
  private final Call call;

  CancelAwareSleeper(Sleeper sleeper, Call call) {
    this.sleeper = sleeper;
    this.call = call;
  }

  @Override
  public void sleep(long nanos) throws InterruptedException {
    long left = nanos;
    while (left > 0 && !call.isCanceled()) {
      long slice = Math.min(left, POLL_NANOS);
      sleeper.sleep(slice);
      left -= slice;
    }
  }
}
