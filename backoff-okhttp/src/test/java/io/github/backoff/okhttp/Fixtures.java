package io.github.backoff.okhttp;

import io.github.backoff.RetryPolicy;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Response;

/**
 * Shared pieces of the OkHttp tests; the wall clock in virtual time, the brief wait and the event recorder are
 * backoff-testing's ({@code FakeClock.wallClock}, {@code Await}, {@code EventRecorder}), shared with the other
 * clients' tests.
 */
final class Fixtures {
  /** The wall-clock time at virtual time 0. */
  static final Instant EPOCH = Instant.parse("2026-11-23T12:00:00Z");

  private Fixtures() {}

  /** A policy with a constant 1 s wait, 3 attempts, and {@code events} listening. */
  static RetryPolicy<Response> policy(EventRecorder<RetryEvent<?>> events) {
    return RetryPolicy.<Response>builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(3)
        .onEvent(events::add).build();
  }

  /** An interceptor builder in the virtual time of {@code clock}, with a seeded random source. */
  static RetryInterceptorBuilder virtual(RetryPolicy<Response> policy, FakeClock clock) {
    // From options, so that a test may change any of them once (each option may be set once per builder).
    return new RetryInterceptorBuilder(policy, HttpRetryOptions.builder().withTicker(clock::nanoTime)
        .withSleeper(clock::sleep).withClock(clock.wallClock(EPOCH)).withRandom(Randoms.seeded(42)).build());
  }

  /** A client with short real timeouts, so that a broken test fails fast. */
  static OkHttpClient.Builder client(RetryInterceptor interceptor) {
    return new OkHttpClient.Builder().addInterceptor(interceptor).connectTimeout(2, TimeUnit.SECONDS)
        .readTimeout(2, TimeUnit.SECONDS).writeTimeout(2, TimeUnit.SECONDS);
  }
}
