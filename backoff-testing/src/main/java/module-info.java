/**
 * For tests of retry code: virtual time ({@link io.github.backoff.testing.FakeClock},
 * {@link io.github.backoff.testing.ManualScheduler}, {@link io.github.backoff.testing.Randoms}), allocation counting
 * ({@link io.github.backoff.testing.Allocations}) and {@link io.github.backoff.testing.FaultServer}, a real loopback
 * HTTP server that fails on request and records every request it read. Depends on the JDK only.
 */
module io.github.backoff.testing {
  requires java.management;
  requires jdk.management;

  exports io.github.backoff.testing;
}
