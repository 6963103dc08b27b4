package io.github.backoff.okhttp;

import io.github.backoff.RetryPolicy;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.Randoms;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import okhttp3.OkHttpClient;
import okhttp3.Response;

/** Shared pieces of the OkHttp tests. */
final class Fixtures {
  /** The wall-clock time at virtual time 0. */
  static final Instant EPOCH = Instant.parse("2026-11-23T12:00:00Z");

  private Fixtures() {}

  /** A policy with a constant 1 s wait, 3 attempts, and {@code events} listening. */
  static RetryPolicy<Response> policy(Events events) {
    return RetryPolicy.<Response>builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(3)
        .onEvent(events).build();
  }

  /** An interceptor builder in the virtual time of {@code clock}, with a seeded random source. */
  static RetryInterceptorBuilder virtual(RetryPolicy<Response> policy, FakeClock clock) {
    // From options, so that a test may change any of them once (each option may be set once per builder).
    return new RetryInterceptorBuilder(policy, HttpRetryOptions.builder().withTicker(clock::nanoTime)
        .withSleeper(clock::sleep).withClock(wallClock(clock)).withRandom(Randoms.seeded(42)).build());
  }

  /** A client with short real timeouts, so that a broken test fails fast. */
  static OkHttpClient.Builder client(RetryInterceptor interceptor) {
    return new OkHttpClient.Builder().addInterceptor(interceptor).connectTimeout(2, TimeUnit.SECONDS)
        .readTimeout(2, TimeUnit.SECONDS).writeTimeout(2, TimeUnit.SECONDS);
  }

  /** A wall clock that follows the fake clock's virtual time from {@link #EPOCH}. */
  static Clock wallClock(FakeClock clock) {
    return new Clock() {
      @Override
      public ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return EPOCH.plusNanos(clock.nanoTime());
      }
    };
  }

  /** Waits (really, but briefly: at most 5 s) until {@code condition} holds. */
  static void await(BooleanSupplier condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("condition not met within 5 s");
      }
      LockSupport.parkNanos(1_000_000L);
    }
  }

  /** Records every event. */
  static final class Events implements RetryListener<Object> {
    final List<RetryEvent<?>> all = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(RetryEvent<?> event) {
      all.add(event);
    }

    List<RetryScheduled<?>> retries() {
      return all.stream().filter(e -> e instanceof RetryScheduled).<RetryScheduled<?>>map(e -> (RetryScheduled<?>) e)
          .toList();
    }
  }
}
