package io.github.backoff.kafka;

import io.github.backoff.durable.DurableDecision;
import io.github.backoff.durable.DurableFailure;
import io.github.backoff.durable.DurableSchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;

/**
 * A {@link DurableSchedule} for {@code DefaultErrorHandler}'s blocking retries, through
 * {@code setBackOffFunction}: each failed record gets its own {@link BackOff} whose waits are the schedule's keyed
 * waits for that record — the same on every instance, after a rebalance and after a restart, and spread across
 * records that failed together.
 *
 * <pre>{@code
 * DefaultErrorHandler handler = new DefaultErrorHandler(recoverer);
 * handler.setBackOffFunction(KeyedBackOffFunction.of(schedule));
 * }</pre>
 *
 * <p>A {@code BackOff} has no clock: the schedule's horizon ({@code withMaxTotal}) bounds the sum of the waits,
 * not the time the attempts take (as Spring's own {@code maxElapsedTime}). Waits are rounded up to whole
 * milliseconds. Immutable and thread-safe; each {@code BackOffExecution} belongs to one record.
 */
public final class KeyedBackOffFunction implements BiFunction<ConsumerRecord<?, ?>, Exception, BackOff> {
  private final DurableSchedule schedule;
  private final Function<? super Exception, String> kindOf;

  private KeyedBackOffFunction(DurableSchedule schedule, Function<? super Exception, String> kindOf) {
    this.schedule = schedule;
    this.kindOf = kindOf;
  }

  /**
   * The schedule's waits for every record, of the default kind.
   *
   * @throws NullPointerException if {@code schedule} is null
   */
  public static KeyedBackOffFunction of(DurableSchedule schedule) {
    return new KeyedBackOffFunction(Objects.requireNonNull(schedule, "schedule"), e -> DurableSchedule.DEFAULT_KIND);
  }

  /**
   * This, choosing the schedule's strategy by the kind {@code kindOf} names for the record's first exception (e.g.
   * {@code "throttling"}); a null kind is the default kind.
   *
   * @throws NullPointerException if {@code kindOf} is null
   */
  public KeyedBackOffFunction withKinds(Function<? super Exception, String> kindOf) {
    return new KeyedBackOffFunction(schedule, Objects.requireNonNull(kindOf, "kindOf"));
  }

  @Override
  public BackOff apply(ConsumerRecord<?, ?> record, Exception exception) {
    long keyHash = RecordKeys.keyHash(record);
    String named = kindOf.apply(exception);
    String kind = named == null ? DurableSchedule.DEFAULT_KIND : named;
    return () -> new BackOffExecution() {
      private int attempt;
      private long elapsedNanos;

      @Override
      public long nextBackOff() {
        attempt++;
        DurableDecision decision = schedule.next(new DurableFailure(keyHash, attempt, Instant.EPOCH,
            Instant.EPOCH.plusNanos(elapsedNanos), kind, null));
        if (!(decision instanceof DurableDecision.RetryAt)) {
          return STOP;
        }
        Duration delay = ((DurableDecision.RetryAt) decision).delay();
        long nanos = delay.toNanos();
        elapsedNanos = elapsedNanos + nanos < 0 ? Long.MAX_VALUE : elapsedNanos + nanos;
        long millis = nanos / 1_000_000 + (nanos % 1_000_000 == 0 ? 0 : 1);
        return millis;
      }
    };
  }
}
