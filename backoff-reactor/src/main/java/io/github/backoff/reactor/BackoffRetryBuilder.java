package io.github.backoff.reactor;

import io.github.backoff.RetryPolicy;
import java.util.Objects;
import java.util.random.RandomGenerator;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Builds a {@link BackoffRetry}: the scheduler that runs the waits (and whose clock times the execution), and the
 * random source of the jitter.
 *
 * <pre>{@code
 * BackoffRetry retry = BackoffRetry.builder(policy)
 *     .withScheduler(Schedulers.boundedElastic())
 *     .withRandom(new SplittableRandom(42))
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 */
public final class BackoffRetryBuilder {
  private final RetryPolicy<Object> policy;
  private Scheduler scheduler;
  private RandomGenerator random;

  BackoffRetryBuilder(RetryPolicy<Object> policy) {
    this.policy = policy;
  }

  /**
   * The scheduler of the waits and the clock of the time budget. Default: {@link Schedulers#parallel()}, looked up
   * at each subscription (so that {@code StepVerifier.withVirtualTime} can replace it).
   *
   * @throws NullPointerException if {@code scheduler} is null
   */
  public BackoffRetryBuilder withScheduler(Scheduler scheduler) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /**
   * The source of jitter, called from the threads that signal failures, so thread-safe if subscriptions run
   * concurrently. Default: {@code ThreadLocalRandom}.
   *
   * @throws NullPointerException if {@code random} is null
   */
  public BackoffRetryBuilder withRandom(RandomGenerator random) {
    this.random = Objects.requireNonNull(random, "random");
    return this;
  }

  /** A new retry. */
  public BackoffRetry build() {
    return new BackoffRetry(policy, scheduler, random);
  }
}
