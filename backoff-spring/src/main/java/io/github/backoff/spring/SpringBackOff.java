package io.github.backoff.spring;

import io.github.backoff.RetryPolicy;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;

/**
 * A Backoff strategy as a Spring {@link BackOff}, so that Spring's own retry loops — Spring Framework's
 * {@code RetryTemplate} and {@code RetryPolicy.builder().backOff(...)}, Spring Kafka's {@code DefaultErrorHandler}
 * and retry topics, Spring AMQP and JMS listener recovery — wait the way a Backoff strategy or preset says.
 *
 * <p>Each {@link #start()} returns a fresh {@link BackOffExecution}: retry {@code r} of that execution waits
 * {@code backoff.delayNanos(r, previous, random)}, rounded up to whole milliseconds (Spring counts in
 * milliseconds), with the jitter drawn per execution, so two executions started together do not wait in lock-step.
 * The execution returns {@link BackOffExecution#STOP} once {@code maxRetries} waits have been handed out, or when the
 * next wait would make the sum of the waits exceed {@code maxElapsed} (a {@code BackOff} has no clock, so the time
 * the attempts themselves take is not counted: the same rule as Spring's {@code ExponentialBackOff.maxElapsedTime}).
 *
 * <pre>{@code
 * BackOff fromPreset = SpringBackOff.of(Preset.byName("google-drive"));      // 5 attempts: 4 waits, then STOP
 * BackOff fromStrategy = SpringBackOff.of(
 *     Backoff.exponential(Duration.ofMillis(100), 2.0).withCap(Duration.ofSeconds(5)).withFullJitter(), 6);
 * BackOff fromPolicy = SpringBackOff.of(policy);                             // its backoff, attempts, maxElapsed
 * }</pre>
 *
 * <p><b>Thread-safety.</b> A {@code SpringBackOff} is immutable and may be shared by any number of threads and
 * listener containers. A {@code BackOffExecution} belongs to one retry loop, as Spring's own executions do; it is not
 * safe for concurrent use. Only the policy's default strategy, attempt limit and {@code maxElapsed} carry over: a
 * Spring retry loop makes its own retry-or-stop decision from the exception, so conditions, budgets, per-kind
 * strategies and listeners of a {@link RetryPolicy} are not applied.
 */
public final class SpringBackOff implements BackOff {
  /** The default random source: {@link ThreadLocalRandom#current()} looked up at each draw. */
  private static final Supplier<RandomGenerator> THREAD_LOCAL_RANDOM =
      () -> (RandomGenerator) () -> ThreadLocalRandom.current().nextLong();

  private final Backoff backoff;
  private final int maxRetries;
  private final long maxElapsedNanos;
  private final Supplier<? extends RandomGenerator> random;

  private SpringBackOff(
      Backoff backoff, int maxRetries, long maxElapsedNanos, Supplier<? extends RandomGenerator> random) {
    this.backoff = backoff;
    this.maxRetries = maxRetries;
    this.maxElapsedNanos = maxElapsedNanos;
    this.random = random;
  }

  /**
   * At most {@code maxRetries} waits of {@code backoff}, then {@link BackOffExecution#STOP}.
   *
   * @throws NullPointerException if {@code backoff} is null
   * @throws IllegalArgumentException if {@code maxRetries < 0}
   */
  public static SpringBackOff of(Backoff backoff, int maxRetries) {
    Objects.requireNonNull(backoff, "backoff");
    if (maxRetries < 0) {
      throw new IllegalArgumentException("maxRetries must be >= 0: " + maxRetries);
    }
    return new SpringBackOff(backoff, maxRetries, Long.MAX_VALUE, THREAD_LOCAL_RANDOM);
  }

  /**
   * The policy's strategy, with {@code maxAttempts − 1} waits and its {@code maxElapsed} (if any) as a bound on the
   * sum of the waits.
   *
   * @throws NullPointerException if {@code policy} is null
   */
  public static SpringBackOff of(RetryPolicy<?> policy) {
    Objects.requireNonNull(policy, "policy");
    return new SpringBackOff(
        policy.backoff(), retriesOf(policy.maxAttempts()), maxElapsedNanosOf(policy.maxElapsed()),
        THREAD_LOCAL_RANDOM);
  }

  /**
   * The preset's strategy (its transient-error one), with its attempt limit and total time budget, if it has them.
   *
   * @throws NullPointerException if {@code preset} is null
   */
  public static SpringBackOff of(Preset preset) {
    Objects.requireNonNull(preset, "preset");
    return new SpringBackOff(
        preset.backoff(), retriesOf(preset.maxAttempts()), maxElapsedNanosOf(preset.maxElapsed()),
        THREAD_LOCAL_RANDOM);
  }

  /**
   * A copy that bounds the sum of the waits of an execution by {@code maxElapsed}.
   *
   * @throws NullPointerException if {@code maxElapsed} is null
   * @throws IllegalArgumentException if {@code maxElapsed} is negative
   */
  public SpringBackOff withMaxElapsed(Duration maxElapsed) {
    Objects.requireNonNull(maxElapsed, "maxElapsed");
    if (maxElapsed.isNegative()) {
      throw new IllegalArgumentException("maxElapsed must not be negative: " + maxElapsed);
    }
    return new SpringBackOff(backoff, maxRetries, saturatedNanos(maxElapsed), random);
  }

  /**
   * A copy whose executions draw their jitter from the generator {@code random} returns, called once per
   * {@link #start()} (pass {@code () -> new SplittableRandom(seed)} for reproducible tests).
   *
   * @throws NullPointerException if {@code random} is null
   */
  public SpringBackOff withRandom(Supplier<? extends RandomGenerator> random) {
    return new SpringBackOff(backoff, maxRetries, maxElapsedNanos, Objects.requireNonNull(random, "random"));
  }

  /** The strategy. */
  public Backoff backoff() {
    return backoff;
  }

  /** The number of waits an execution hands out before {@link BackOffExecution#STOP}. */
  public int maxRetries() {
    return maxRetries;
  }

  /**
   * A fresh execution: its first {@link BackOffExecution#nextBackOff()} is the wait before the first retry.
   *
   * @throws NullPointerException if the random supplier returns null
   */
  @Override
  public BackOffExecution start() {
    return new Execution(Objects.requireNonNull(random.get(), "random source"));
  }

  @Override
  public String toString() {
    return "SpringBackOff[" + backoff + ", maxRetries=" + maxRetries
        + (maxElapsedNanos == Long.MAX_VALUE ? "" : ", maxElapsed=" + Duration.ofNanos(maxElapsedNanos)) + "]";
  }

  private static int retriesOf(int maxAttempts) {
    return maxAttempts == Integer.MAX_VALUE ? Integer.MAX_VALUE : maxAttempts - 1;
  }

  private static long maxElapsedNanosOf(java.util.Optional<Duration> maxElapsed) {
    return maxElapsed.map(SpringBackOff::saturatedNanos).orElse(Long.MAX_VALUE);
  }

  private static long saturatedNanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException overflow) {
      return Long.MAX_VALUE;
    }
  }

  /** One retry loop's waits; confined to that loop. */
  private final class Execution implements BackOffExecution {
    private final RandomGenerator draws;
    private int retries;
    private long previousNanos;
    private long totalNanos;

    Execution(RandomGenerator draws) {
      this.draws = draws;
    }

    @Override
    public long nextBackOff() {
      if (retries >= maxRetries) {
        return STOP;
      }
      long nanos = backoff.delayNanos(retries + 1, previousNanos, draws);
      long total = totalNanos + nanos;
      if (total < 0 || total > maxElapsedNanos) { // the sum saturates: a negative sum is past any bound
        retries = maxRetries;
        return STOP;
      }
      retries++;
      previousNanos = nanos;
      totalNanos = total;
      return millisRoundedUp(nanos);
    }

    @Override
    public String toString() {
      return "SpringBackOff.Execution[retries=" + retries + " of " + maxRetries + "]";
    }
  }

  /** Whole milliseconds, rounded up so that a wait is never shorter than the strategy's. */
  static long millisRoundedUp(long nanos) {
    long millis = nanos / 1_000_000;
    return nanos % 1_000_000 == 0 ? millis : millis + 1;
  }
}
