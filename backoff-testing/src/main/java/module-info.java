/** Virtual time for tests: a fake clock, a manual scheduler and seeded randoms. Depends on the JDK only. */
module io.github.backoff.testing {
  requires java.management;
  requires jdk.management;

  exports io.github.backoff.testing;
}
