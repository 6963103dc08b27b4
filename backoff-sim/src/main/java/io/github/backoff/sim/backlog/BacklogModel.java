package io.github.backoff.sim.backlog;

import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.KeyedRandom;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A consumer draining a backlog of durable retries after a partner's outage: {@code items} deliveries fail together
 * at time 0 (a batch, a replayed partition), the partner is down for {@code outage}, then serves at most
 * {@code capacityPerSecond} attempts a second and throttles the rest (a throttled attempt fails and is retried by the
 * schedule, like any other failure). Each item's retries wait its schedule's waits; how the jitter is drawn is what
 * the model compares ({@link Jitter}).
 *
 * <p>Deterministic: time advances in whole seconds, waits are rounded up to whole seconds (at least one), attempts
 * due in the same second are served in item order, and every random draw is seeded. Pure Java, no engine: a
 * self-contained package, not (yet) a model of the simulator's runner.
 *
 * <p>Immutable and thread-safe.
 *
 * @param items the deliveries that fail together at time 0
 * @param outage how long every attempt fails
 * @param capacityPerSecond the partner's attempts a second after the outage; more are throttled
 * @param instances the consumer instances (for {@link Jitter#PER_INSTANCE_AT_STARTUP})
 * @param backoff the un-jittered strategy: {@link Jitter#NONE} waits it, the others full jitter over it
 * @param horizon how long to simulate
 * @param seed the seed of the instances' start-up draws
 */
public record BacklogModel(int items, Duration outage, int capacityPerSecond, int instances, Backoff backoff,
    Duration horizon, long seed) {

  /** How each item's retry waits are drawn. */
  public enum Jitter {
    /** The strategy's waits as they are: items that failed together retry together, every time. */
    NONE,
    /**
     * Full jitter drawn once per instance at start-up (a Spring Kafka retry-topic {@code BackOff}, a jitter baked into
     * configuration): every item of an instance waits that instance's draws.
     */
    PER_INSTANCE_AT_STARTUP,
    /** Full jitter keyed by the item and the retry ({@link DurableSchedule}): a draw per item, the same everywhere. */
    KEYED
  }

  /** The result of one run: attempts and successes in each second, and the summary figures. */
  public record Outcome(Jitter jitter, int[] attemptsPerSecond, int[] successesPerSecond, int peakAfterOutage,
      long drainSecondsAfterOutage, long attempts, int delivered) {

    /** "never" where the backlog did not drain within the horizon, else the drain time in minutes and seconds. */
    public String drainTime() {
      return drainSecondsAfterOutage < 0 ? "never (within the horizon)"
          : String.format("%d min %02d s", drainSecondsAfterOutage / 60, drainSecondsAfterOutage % 60);
    }
  }

  /**
   * Checks the parameters.
   *
   * @throws IllegalArgumentException if a count is below 1 or a duration is negative
   */
  public BacklogModel {
    Objects.requireNonNull(outage, "outage");
    Objects.requireNonNull(backoff, "backoff");
    Objects.requireNonNull(horizon, "horizon");
    if (items < 1 || capacityPerSecond < 1 || instances < 1 || outage.isNegative() || horizon.isNegative()
        || horizon.toSeconds() > 30L * 24 * 3600) {
      throw new IllegalArgumentException("bad backlog parameters: " + items + " items, capacity " + capacityPerSecond
          + ", " + instances + " instances, outage " + outage + ", horizon " + horizon + " (at most 30 days)");
    }
  }

  /** The defaults of docs/durable.md: 10,000 items, a 5 min outage, 200/s, 4 instances, 10 s doubling to 10 min, 12 h. */
  public static BacklogModel defaults() {
    return new BacklogModel(10_000, Duration.ofMinutes(5), 200, 4,
        Backoff.exponential(Duration.ofSeconds(10), 2.0).withCap(Duration.ofMinutes(10)), Duration.ofHours(12), 42);
  }

  /** Runs the model with {@code jitter}. */
  public Outcome run(Jitter jitter) {
    int seconds = (int) horizon.toSeconds();
    int outageSeconds = (int) Math.min(seconds, outage.toSeconds());
    Waits waits = waits(jitter);
    List<List<Integer>> due = new ArrayList<>(seconds + 1);
    for (int t = 0; t <= seconds; t++) {
      due.add(null);
    }
    int[] attemptOf = new int[items];
    List<Integer> first = new ArrayList<>(items);
    for (int i = 0; i < items; i++) {
      first.add(i);
      attemptOf[i] = 1;
    }
    due.set(0, first);
    int[] attempts = new int[seconds + 1];
    int[] successes = new int[seconds + 1];
    int delivered = 0;
    long total = 0;
    long drained = -1;
    for (int t = 0; t <= seconds; t++) {
      List<Integer> now = due.get(t);
      due.set(t, null);
      if (now != null) {
        attempts[t] = now.size();
        total += now.size();
        int served = 0;
        for (int item : now) {
          if (t >= outageSeconds && served < capacityPerSecond) {
            served++;
            delivered++;
            continue;
          }
          int retry = attemptOf[item]++;
          long wait = Math.max(1, (waits.nanos(item, retry) + 999_999_999L) / 1_000_000_000L);
          long next = t + wait;
          if (next <= seconds) {
            List<Integer> bucket = due.get((int) next);
            if (bucket == null) {
              bucket = new ArrayList<>();
              due.set((int) next, bucket);
            }
            bucket.add(item);
          }
        }
        successes[t] = served;
      }
      if (delivered == items && drained < 0) {
        drained = Math.max(0, t - outageSeconds);
        break;
      }
    }
    int peak = 0;
    for (int t = outageSeconds; t <= seconds; t++) {
      peak = Math.max(peak, attempts[t]);
    }
    return new Outcome(jitter, attempts, successes, peak, drained, total, delivered);
  }

  /** The wait before retry {@code retry} of item {@code item}. */
  private interface Waits {
    long nanos(int item, int retry);
  }

  private Waits waits(Jitter jitter) {
    switch (jitter) {
      case NONE:
        return (item, retry) -> backoff.delayNanos(retry, 0, new SplittableRandom(0));
      case PER_INSTANCE_AT_STARTUP: {
        Backoff jittered = backoff.withFullJitter();
        int retries = 64; // draws made at start-up; later retries repeat the last draw
        long[][] drawn = new long[instances][retries];
        for (int i = 0; i < instances; i++) {
          SplittableRandom random = new SplittableRandom(seed + i);
          for (int r = 0; r < retries; r++) {
            drawn[i][r] = jittered.delayNanos(r + 1, 0, random);
          }
        }
        return (item, retry) -> drawn[Math.floorMod(KeyedRandom.hash(key(item)), instances)][Math.min(retry, retries) - 1];
      }
      default: {
        DurableSchedule schedule = DurableSchedule.builder().withBackoff(backoff.withFullJitter()).build();
        long[] keyHashes = new long[items];
        for (int i = 0; i < items; i++) {
          keyHashes[i] = KeyedRandom.hash(key(i));
        }
        return (item, retry) -> schedule.delay(keyHashes[item], retry).toNanos();
      }
    }
  }

  private static String key(int item) {
    return "delivery-" + item;
  }
}
