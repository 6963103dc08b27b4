package io.github.backoff.http;

import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.testing.ManualScheduler;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Shared pieces of the HTTP tests. */
final class Fixtures {
  /** The wall-clock time at virtual time 0. */
  static final Instant EPOCH = Instant.parse("2026-11-21T12:00:00Z");

  private Fixtures() {}

  static HttpClient httpClient() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  }

  /** A wall clock that follows the scheduler's virtual time from {@link #EPOCH}. */
  static Clock clockOf(ManualScheduler scheduler) {
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
        return EPOCH.plusNanos(scheduler.nanoTime());
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
