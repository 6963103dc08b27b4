package io.github.backoff.http;

import java.net.http.HttpClient;
import java.time.Instant;

/**
 * Shared pieces of the HTTP tests; the wall clock in virtual time, the brief wait and the event recorder are
 * backoff-testing's ({@code ManualScheduler.wallClock}, {@code Await}, {@code EventRecorder}), shared with the other
 * clients' tests.
 */
final class Fixtures {
  /** The wall-clock time at virtual time 0. */
  static final Instant EPOCH = Instant.parse("2026-11-21T12:00:00Z");

  private Fixtures() {}

  static HttpClient httpClient() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  }
}
