package io.github.backoff.httprules;

import io.github.backoff.StopReason;
import io.github.backoff.internal.Checks;
import java.time.Duration;
import java.util.Optional;

/** The {@link HttpRetryOutcome} that {@link HttpRetryOutcome#of} makes: immutable, thread-safe if the response is. */
record OutcomeValue<R>(R response, int attempts, Duration elapsed, Optional<StopReason> stopReason)
    implements HttpRetryOutcome<R> {
  OutcomeValue {
    Checks.requireNonNull(response, "response");
    Checks.requireNonNull(elapsed, "elapsed");
    Checks.requireNonNull(stopReason, "stopReason");
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be >= 1: " + attempts);
    }
    if (elapsed.isNegative()) {
      throw new IllegalArgumentException("elapsed must not be negative: " + elapsed);
    }
  }
}
