package io.github.backoff.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.retries.internal.ratelimiter.RateLimiterTokenBucket;
import software.amazon.awssdk.retries.internal.ratelimiter.RateLimiterTokenBucketStore;

/**
 * Does adaptive mode recover once the service stops throttling? A scenario in virtual time: a client offers 100
 * requests a second (one every 10 ms), each takes a token and is sent when it is due; the server admits at most 50
 * in any sliding second for the first 10 s and throttles the rest, then admits everything; each response arrives
 * when its request is sent. Run on Backoff's limiter and on the AWS SDK for Java 2.49.6's
 * {@code RateLimiterTokenBucket}: with reserved tokens (the Java SDK's way) both send the same and neither recovers
 * within a minute; taking only a token that is in the bucket (botocore's way, {@link AdaptiveRateLimiter#nonReserving})
 * recovers 6 s after the throttling ends. See docs/retry-storms.md.
 */
class AdaptiveRateLimiterRecoveryTest {
  private static final long MS = 1_000_000L;
  private static final int SECONDS = 60;

  /** What the scenario needs of a limiter: take a token (returning the wait, or -1: give up), record a response. */
  private interface Limiter {
    long acquire();

    void onResponse(boolean throttled);
  }

  /** Per-second counts of sends, indexed by second. */
  private static int[] run(Limiter limiter, long[] clock, boolean polling, long giveUpNanos) {
    ArrayDeque<Long> waiting = new ArrayDeque<>();
    PriorityQueue<long[]> sends = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]) != 0
        ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    ArrayDeque<Long> admitted = new ArrayDeque<>();
    int[] perSecond = new int[SECONDS];
    long seq = 0;
    for (long t = 0; t < SECONDS * 1000 * MS; t += MS) {
      // Sends due up to now, in order.
      while (!sends.isEmpty() && sends.peek()[0] <= t) {
        long sendAt = sends.poll()[0];
        clock[0] = sendAt;
        while (!admitted.isEmpty() && admitted.peekFirst() <= sendAt - 1000 * MS) {
          admitted.pollFirst();
        }
        boolean throttled = sendAt < 10_000 * MS && admitted.size() >= 50;
        if (!throttled) {
          admitted.addLast(sendAt);
        }
        perSecond[(int) (sendAt / (1000 * MS))]++;
        limiter.onResponse(throttled);
      }
      if (t % (10 * MS) == 0) {
        waiting.addLast(t);
      }
      // Callers queue in order; how a caller gets its token is up to the limiter (a reservation, or a token that
      // is in the bucket now); a caller that gets none (-1) either leaves or, when polling, tries again next ms.
      while (!waiting.isEmpty()) {
        clock[0] = t;
        long wait = limiter.acquire();
        if (wait >= 0) {
          sends.add(new long[] {t + wait, seq++});
          waiting.pollFirst();
        } else if (polling) {
          break;
        } else {
          waiting.pollFirst();
        }
      }
      while (polling && !waiting.isEmpty() && waiting.peekFirst() <= t - giveUpNanos) {
        waiting.pollFirst();
      }
    }
    return perSecond;
  }

  /**
   * Backoff's limiter. {@code maxWaitNanos} MAX_VALUE: every caller reserves its token and waits however long;
   * otherwise a caller whose token would take that long takes none and, if {@code polling}, tries again every
   * millisecond until it has waited {@code giveUpNanos} in all (botocore's way: wait until a token is in the bucket,
   * never reserve one), else leaves at once.
   */
  private static int[] ours(long maxWaitNanos, boolean polling, long giveUpNanos) {
    long[] clock = {0};
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(() -> clock[0]);
    return run(new Limiter() {
      @Override
      public long acquire() {
        return maxWaitNanos == Long.MAX_VALUE ? limiter.acquireDelayNanos()
            : limiter.tryAcquireDelayNanos(maxWaitNanos);
      }

      @Override
      public void onResponse(boolean throttled) {
        limiter.onResponse(throttled);
      }
    }, clock, polling, giveUpNanos);
  }

  /**
   * Backoff's {@link AdaptiveRateLimiter#nonReserving} limiter, used as its callers must: the first caller in the
   * queue asks; a positive answer took nothing, so it asks again once that wait is over (at the next millisecond of
   * the scenario's clock), as {@code acquire(Sleeper)} and {@code acquireAsync} do.
   */
  private static int[] nonReserving(long giveUpNanos) {
    long[] clock = {0};
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.nonReserving(() -> clock[0]);
    long[] nextCheck = {0};
    return run(new Limiter() {
      @Override
      public long acquire() {
        if (clock[0] < nextCheck[0]) {
          return -1;
        }
        long wait = limiter.acquireDelayNanos();
        if (wait == 0) {
          return 0;
        }
        nextCheck[0] = clock[0] + wait;
        return -1;
      }

      @Override
      public void onResponse(boolean throttled) {
        limiter.onResponse(throttled);
      }
    }, clock, true, giveUpNanos);
  }

  private static int[] sdk() {
    long[] clock = {0};
    RateLimiterTokenBucket bucket = RateLimiterTokenBucketStore.builder().clock(() -> clock[0] / 1e9).build()
        .tokenBucketForScope("recovery");
    return run(new Limiter() {
      @Override
      public long acquire() {
        return bucket.tryAcquire().delay().toNanos();
      }

      @Override
      public void onResponse(boolean throttled) {
        if (throttled) {
          bucket.updateRateAfterThrottling();
        } else {
          bucket.updateRateAfterSuccess();
        }
      }
    }, clock, false, Long.MAX_VALUE);
  }

  /** The first second from which every second sends at least 95 requests, or -1. */
  private static int recoveredAt(int[] perSecond) {
    int from = -1;
    for (int s = 10; s < SECONDS - 1; s++) {
      if (perSecond[s] >= 95) {
        from = from < 0 ? s : from;
      } else {
        from = -1;
      }
    }
    return from;
  }

  @Test
  void throttlingThenNone_patientCallers_sameAsTheSdkAndNeitherRecovers() {
    int[] ours = ours(Long.MAX_VALUE, false, Long.MAX_VALUE);
    int[] sdk = sdk();

    for (int s = 0; s < SECONDS - 1; s++) {
      assertThat(Math.abs(ours[s] - sdk[s])).as("second %d: ours %s, sdk %s", s, Arrays.toString(ours),
          Arrays.toString(sdk)).isLessThanOrEqualTo(1);
    }
    // Reserved tokens fix each caller's send time at the rate of the moment it asked; at 0.5 token/s the callers
    // of one second are spread over minutes, so the measured send rate, and the fill rate capped at twice it,
    // stay near the floor long after the throttling ends. The SDK's own class does the same.
    assertThat(recoveredAt(sdk)).as("sdk: %s", Arrays.toString(sdk)).isEqualTo(-1);
    assertThat(Arrays.stream(sdk, 20, SECONDS).max().getAsInt()).isLessThan(10);
  }

  @Test
  void throttlingThenNone_callersThatLeaveRatherThanWaitASecond_stallOnTheDebtOfTheLastReservations() {
    int[] ours = ours(1_000_000_000L, false, 0);

    // Nothing abandoned is taken, but the tokens reserved (and used) at a high fill rate just before a throttle
    // are repaid at the floor rate after it: nobody's token is due within a second for a long time.
    assertThat(recoveredAt(ours)).as("%s", Arrays.toString(ours)).isEqualTo(-1);
  }

  @Test
  void throttlingThenNone_callersThatTakeOnlyATokenInTheBucket_recoverLikeBotocore() {
    // botocore's TokenBucket.acquire blocks until a whole token is in the bucket and never reserves one; polling
    // tryAcquireDelayNanos(1 ms) every millisecond does the same on this limiter.
    int[] patient = ours(1_000_000L, true, Long.MAX_VALUE);
    int[] impatient = ours(1_000_000L, true, 1_000_000_000L);

    // Measured (this scenario): 100/s from second 16 on (6 s after the throttling ends), both ways.
    assertThat(recoveredAt(patient)).as("%s", Arrays.toString(patient)).isBetween(11, 20);
    assertThat(recoveredAt(impatient)).as("%s", Arrays.toString(impatient)).isBetween(11, 20);
    // While throttled it sends about the server's 50/s or less, never the 100 offered.
    assertThat(Arrays.stream(patient, 1, 10).max().getAsInt()).isLessThanOrEqualTo(60);
    // The patient callers queued while throttled are all sent once the rate exceeds the offered 100/s.
    assertThat(Arrays.stream(patient, 0, SECONDS - 1).sum()).isGreaterThan((SECONDS - 2) * 100);
  }

  @Test
  void throttlingThenNone_nonReservingLimiter_recovers() {
    int[] patient = nonReserving(Long.MAX_VALUE);
    int[] impatient = nonReserving(1_000_000_000L);

    // The limiter's own non-reserving mode, waiting exactly the wait it returns and asking again: it recovers as
    // the polling emulation above does, where the reserving mode (first test) never does. Measured: 100/s from
    // second 16 on (6 s after the throttling ends), both ways.
    assertThat(recoveredAt(patient)).as("%s", Arrays.toString(patient)).isBetween(11, 20);
    assertThat(recoveredAt(impatient)).as("%s", Arrays.toString(impatient)).isBetween(11, 20);
    assertThat(Arrays.stream(patient, 1, 10).max().getAsInt()).isLessThanOrEqualTo(60);
    assertThat(Arrays.stream(patient, 0, SECONDS - 1).sum()).isGreaterThan((SECONDS - 2) * 100);
  }
}
