package io.github.backoff.kafka;

import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.KeyedRandom;
import io.github.backoff.durable.Tiers;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.TimestampedException;
import org.springframework.kafka.retrytopic.DeadLetterPublishingRecovererFactory;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationBuilder;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;
import org.springframework.kafka.retrytopic.SameIntervalTopicReuseStrategy;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;

/**
 * A {@link DurableSchedule} on Spring Kafka's retry topics (non-blocking retries), with the same topics on every
 * instance and restart.
 *
 * <p>Spring Kafka samples a retry-topic {@link BackOff} once, at start-up, and (by default) names each retry topic
 * after its delay: a jittered {@code BackOff} gives every instance and every restart different topic names, and a
 * record waiting in a topic that no running instance subscribes to is never consumed again. This adapter quantizes
 * the schedule into at most K fixed tiers ({@link DurableSchedule#tiers(int)}, its error stated) and hands Spring a
 * deterministic {@link #backOff()}: every instance creates and consumes the same topics.
 *
 * <p>Jitter within a tier, per record: optionally ({@link #withJitterWithinTier(double)}), each record's due time
 * in its retry topic is moved by up to ± a fraction of the tier's delay, keyed by the record
 * ({@link KeyedRandom}), by overriding the due-time header Spring Kafka writes
 * ({@code retry_topic-backoff-timestamp}) through {@link DeadLetterPublishingRecovererFactory#setHeadersFunction}.
 * Records that failed together then come back spread, each at the same time on every instance. A retry topic's
 * partition is consumed in order, so a record never runs before its due time but may run after it, behind a record
 * of the same partition that drew a later one (by at most twice the fraction of the tier).
 *
 * <pre>{@code
 * static final DurableRetryTopics TOPICS = DurableRetryTopics.of(schedule, 4).withJitterWithinTier(0.2);
 *
 * // in a @Configuration class extending RetryTopicConfigurationSupport:
 * @Bean
 * RetryTopicConfiguration orderRetries(KafkaTemplate<String, String> template) {
 *   return TOPICS.configure(RetryTopicConfigurationBuilder.newInstance()).includeTopic("orders").create(template);
 * }
 *
 * @Override
 * protected Consumer<DeadLetterPublishingRecovererFactory> configureDeadLetterPublishingContainerFactory() {
 *   return factory -> factory.setHeadersFunction(TOPICS.dueTimeHeaders());
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class DurableRetryTopics {
  private final Tiers tiers;
  private final double jitterFraction;
  private final Clock clock;

  private DurableRetryTopics(Tiers tiers, double jitterFraction, Clock clock) {
    this.tiers = tiers;
    this.jitterFraction = jitterFraction;
    this.clock = clock;
  }

  /**
   * {@code schedule}'s default strategy at no more than {@code maxTiers} distinct delays, over the retries the
   * schedule allows. (Spring Kafka still makes a topic per retry, with an index after a repeated delay.)
   *
   * @throws NullPointerException if {@code schedule} is null
   * @throws IllegalArgumentException if {@code maxTiers < 1}
   * @throws IllegalStateException if the schedule allows no retry or is unbounded (see {@link DurableSchedule#tiers})
   */
  public static DurableRetryTopics of(DurableSchedule schedule, int maxTiers) {
    Objects.requireNonNull(schedule, "schedule");
    return new DurableRetryTopics(schedule.tiers(maxTiers), 0, Clock.systemUTC());
  }

  /**
   * This, with each record's due time moved by {@code delay·fraction·(2u-1)}, {@code u} the record's keyed draw for
   * the retry ({@link KeyedRandom#of(long, int)}). The topics do not change.
   *
   * @throws IllegalArgumentException if {@code fraction} is not in {@code [0, 1]}
   */
  public DurableRetryTopics withJitterWithinTier(double fraction) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new io.github.backoff.InvalidParameterException("fraction", fraction,
          "fraction must be in [0, 1]: " + fraction);
    }
    return new DurableRetryTopics(tiers, fraction, clock);
  }

  /**
   * This, reading the failure time from {@code clock} when the exception carries none (Spring Kafka's listener
   * containers wrap it in a {@link TimestampedException}, which does).
   *
   * @throws NullPointerException if {@code clock} is null
   */
  public DurableRetryTopics withClock(Clock clock) {
    return new DurableRetryTopics(tiers, jitterFraction, Objects.requireNonNull(clock, "clock"));
  }

  /** The tiers: the delay of each retry topic, in order, and the quantization's error. */
  public Tiers tiers() {
    return tiers;
  }

  /** The attempts in all, the first included: the number of retries plus one, for Spring's {@code maxAttempts}. */
  public int maxAttempts() {
    return tiers.retries() + 1;
  }

  /**
   * A deterministic {@link BackOff}: retry {@code r} waits tier {@code r}'s delay in whole milliseconds, then
   * {@link BackOffExecution#STOP}. The same values in every instance and after every restart.
   */
  public BackOff backOff() {
    long[] millis = tiers.delays().stream().mapToLong(Duration::toMillis).toArray();
    return () -> new BackOffExecution() {
      private int next;

      @Override
      public long nextBackOff() {
        return next < millis.length ? millis[next++] : STOP;
      }

      @Override
      public String toString() {
        return "tiers " + tiers.tiers() + ", retry " + next;
      }
    };
  }

  /**
   * {@code builder.customBackoff(backOff()).maxAttempts(maxAttempts())} and the topic-reuse strategy the tiers need:
   * Spring Kafka can share one topic between retries of the same delay only at the end of the chain
   * ({@link SameIntervalTopicReuseStrategy#SINGLE_TOPIC}), so when a tier repeats earlier (800 ms, 800 ms, 6.4 s)
   * each retry gets its own topic ({@link SameIntervalTopicReuseStrategy#MULTIPLE_TOPICS}: {@code -retry-800-0},
   * {@code -retry-800-1}, ...). The rest of the configuration is the caller's.
   */
  public RetryTopicConfigurationBuilder configure(RetryTopicConfigurationBuilder builder) {
    return builder.customBackoff(backOff()).maxAttempts(maxAttempts())
        .sameIntervalTopicReuseStrategy(onlyTrailingRepeats() ? SameIntervalTopicReuseStrategy.SINGLE_TOPIC
            : SameIntervalTopicReuseStrategy.MULTIPLE_TOPICS);
  }

  /** Whether every delay that occurs twice occurs only in the final run of equal delays. */
  boolean onlyTrailingRepeats() {
    List<Duration> delays = tiers.delays();
    int tail = delays.size() - 1;
    while (tail > 0 && delays.get(tail - 1).equals(delays.get(delays.size() - 1))) {
      tail--;
    }
    for (int i = 1; i < tail; i++) {
      if (delays.get(i).equals(delays.get(i - 1))) {
        return false;
      }
    }
    return true;
  }

  /**
   * For {@link DeadLetterPublishingRecovererFactory#setHeadersFunction}: with jitter within tiers, a
   * {@code retry_topic-backoff-timestamp} header with the record's keyed due time, replacing Spring's (it is a
   * {@link DeadLetterPublishingRecoverer.SingleRecordHeader}, added after Spring's own); without, or for the
   * dead-letter topic, no header.
   */
  public BiFunction<ConsumerRecord<?, ?>, Exception, Headers> dueTimeHeaders() {
    return (record, exception) -> {
      RecordHeaders headers = new RecordHeaders();
      long due = dueTimeMillis(record, exception);
      if (due >= 0) {
        headers.add(new DeadLetterPublishingRecoverer.SingleRecordHeader(
            RetryTopicHeaders.DEFAULT_HEADER_BACKOFF_TIMESTAMP, BigInteger.valueOf(due).toByteArray()));
      }
      return headers;
    };
  }

  /**
   * The epoch millisecond at which {@code record}, which failed with {@code exception}, is due in its next retry
   * topic: the failure's time plus the tier's delay moved by the record's keyed jitter; -1 if jitter within tiers is
   * off or the record goes to the dead-letter topic.
   *
   * @throws NullPointerException if {@code record} is null
   */
  public long dueTimeMillis(ConsumerRecord<?, ?> record, Exception exception) {
    int retry = RecordKeys.failedAttempt(record);
    List<Duration> delays = tiers.delays();
    if (jitterFraction == 0 || retry < 1 || retry > delays.size()) {
      return -1;
    }
    long delay = delays.get(retry - 1).toMillis();
    double u = KeyedRandom.of(RecordKeys.keyHash(record), retry).nextDouble();
    long jittered = Math.max(0, Math.round(delay * (1 + jitterFraction * (2 * u - 1))));
    return failureMillis(exception) + jittered;
  }

  private long failureMillis(Throwable exception) {
    for (Throwable t = exception; t != null; t = t.getCause()) {
      if (t instanceof TimestampedException) {
        return ((TimestampedException) t).getTimestamp();
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return clock.millis();
  }

  @Override
  public String toString() {
    return "DurableRetryTopics[tiers " + tiers.tiers() + ", error " + tiers.maxRelativeError()
        + (jitterFraction == 0 ? "" : ", jitter within tier ±" + jitterFraction) + "]";
  }
}
