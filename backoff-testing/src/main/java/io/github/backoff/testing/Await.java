package io.github.backoff.testing;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits, in real time but briefly, until another thread has done something the test cannot drive itself (a real
 * client's I/O thread completing a future, a callback arriving). Virtual time is still the rule for waits of the code
 * under test: use this only for the hand-off to a thread the test does not own. It polls every millisecond.
 *
 * <pre>{@code
 * CompletableFuture<HttpResponse<String>> future = http.sendAsync(request, BodyHandlers.ofString());
 * Await.until(() -> scheduler.pendingTasks() == 1);   // the first attempt failed and its retry is scheduled
 * scheduler.advance(Duration.ofSeconds(1));
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class Await {
  /** How long {@link #until(BooleanSupplier)} waits at most: 5 s, wide enough for a loaded machine. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  private Await() {}

  /**
   * Returns once {@code condition} holds; fails if it does not within {@link #DEFAULT_TIMEOUT}.
   *
   * @param condition what to wait for
   * @throws AssertionError if it does not hold within the timeout
   * @throws NullPointerException if {@code condition} is null
   */
  public static void until(BooleanSupplier condition) {
    until(condition, DEFAULT_TIMEOUT);
  }

  /**
   * Returns once {@code condition} holds; fails if it does not within {@code timeout}.
   *
   * @param condition what to wait for
   * @param timeout how long to wait at most
   * @throws AssertionError if it does not hold within {@code timeout}
   * @throws NullPointerException if an argument is null
   */
  public static void until(BooleanSupplier condition, Duration timeout) {
    Objects.requireNonNull(condition, "condition");
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("condition not met within " + timeout);
      }
      LockSupport.parkNanos(1_000_000L);
    }
  }
}
