package io.github.backoff.strategy;

/** Shared argument check for retry numbers; kept out of the interface so it stays small. */
final class Retries {
  private Retries() {}

  static void check(int retry) {
    if (retry < 1) {
      throw new IllegalArgumentException("retry must be >= 1: " + retry);
    }
  }
}
