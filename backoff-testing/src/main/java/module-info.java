/**
 * Test kit for retry code: virtual time (a fake clock, a manual scheduler, wall clocks that follow them), seeded
 * randoms, allocation counting, a recorder of events, a brief wait for another thread, a two-sample
 * Kolmogorov–Smirnov test for jitter distributions, and {@code FaultServer}, a loopback HTTP server that scripts
 * faults. Depends on the JDK only.
 */
module io.github.backoff.testing {
  requires java.management;
  requires jdk.management;

  exports io.github.backoff.testing;
}
