/** Virtual time for tests: a fake clock, a manual scheduler and seeded randoms. Depends on the JDK only. */
module io.github.backoff.testing {
  exports io.github.backoff.testing;
}
