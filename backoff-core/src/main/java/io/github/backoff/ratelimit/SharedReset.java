package io.github.backoff.ratelimit;

import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.util.concurrent.atomic.AtomicReference;

/**
 * "No requests until T", learned from one server answer and shared by every caller of a client: the sibling of
 * {@link AdaptiveRateLimiter} for servers that say exactly when their limit resets (a {@code Retry-After}, OpenAI's
 * {@code x-ratelimit-reset-*}, ...). When one call learns that the limit resets in {@code d}
 * ({@link #noRequestsFor}), every other call of the client waits for the same reset ({@link #waitNanos}) instead of
 * each discovering it with a 429 of its own; a caller checks again after its wait, so a reset learned meanwhile
 * holds it too. The wait ends at the reset plus a spread ({@link #waitNanos(double)}: a uniform share of up to half
 * the learned wait) so that the callers held do not all arrive at the reset in the same instant.
 *
 * <pre>{@code
 * SharedReset reset = SharedReset.create(Ticker.SYSTEM);        // one per client (per rate-limited resource)
 * long wait;
 * while ((wait = reset.waitNanos(random.nextDouble())) > 0) {
 *   Thread.sleep(Duration.ofNanos(wait));                       // someone was told to come back later
 * }
 * HttpResponse<String> response = client.send(request, ofString());
 * if (response.statusCode() == 429) {
 *   RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), Instant.now())
 *       .ifPresent(d -> reset.noRequestsFor(d.toNanos()));
 * }
 * }</pre>
 *
 * <p>Thread-safe and lock-free: the reset is an immutable pair replaced by compare-and-set; a later reset never
 * moves it earlier (concurrent {@link #noRequestsFor} calls keep the latest instant any of them named).
 */
public final class SharedReset {
  private final Ticker ticker;
  private final AtomicReference<Until> until = new AtomicReference<>(Until.NONE);

  /** The reset: the ticker reading when requests may start again, and the wait that was learned. */
  private record Until(long atNanos, long learnedNanos) {
    static final Until NONE = new Until(Long.MIN_VALUE, 0);
  }

  private SharedReset(Ticker ticker) {
    this.ticker = ticker;
  }

  /**
   * A shared reset on {@code ticker}, with none learned.
   *
   * @param ticker the source of monotonic time
   * @return a new instance
   * @throws NullPointerException if {@code ticker} is null
   */
  public static SharedReset create(Ticker ticker) {
    return new SharedReset(Checks.requireNonNull(ticker, "ticker"));
  }

  /**
   * Learns that no request should be sent for {@code nanos} from now. Keeps the later of this reset and the one
   * already known; a wait of 0 or less learns nothing.
   *
   * @param nanos the wait the server named, in nanoseconds
   */
  public void noRequestsFor(long nanos) {
    if (nanos <= 0) {
      return;
    }
    long at = Durations.addSaturated(ticker.read(), nanos);
    for (;;) {
      Until u = until.get();
      if (u != Until.NONE && u.atNanos() - at >= 0) {
        return; // a reset at least as late is known
      }
      if (until.compareAndSet(u, new Until(at, nanos))) {
        return;
      }
    }
  }

  /**
   * How long a caller must wait before sending now, without a spread: the time until the reset, or 0.
   *
   * @return the wait in nanoseconds, {@code >= 0}
   */
  public long waitNanos() {
    return waitNanos(0);
  }

  /**
   * How long a caller must wait before sending now: 0 when no reset is pending, else the time until the reset plus
   * {@code u} times half the learned wait (the spread).
   *
   * @param u a uniform draw in {@code [0, 1]}
   * @return the wait in nanoseconds, {@code >= 0}
   * @throws IllegalArgumentException if {@code u} is not in {@code [0, 1]}
   */
  public long waitNanos(double u) {
    if (!(u >= 0 && u <= 1)) { // not Checks.requireArgument: its varargs would box on every call
      throw new IllegalArgumentException("u must be in [0, 1]: " + u);
    }
    Until snapshot = until.get();
    if (snapshot == Until.NONE) {
      return 0;
    }
    long left = snapshot.atNanos() - ticker.read();
    if (left <= 0) {
      return 0;
    }
    return Durations.addSaturated(left, (long) (u * (snapshot.learnedNanos() / 2)));
  }

  @Override
  public String toString() {
    return "SharedReset[wait=" + waitNanos() + " ns]";
  }
}
