package io.github.backoff.grpc;

import io.github.backoff.RetryPolicy;
import io.github.backoff.Ticker;
import io.github.backoff.event.RetryListener;
import io.grpc.Status;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * Builds a {@link RetryingClientInterceptor}. Each setter checks its argument at once, naming the parameter and the
 * value ({@link NullPointerException} for null, {@link IllegalArgumentException} for a bad value) and refuses to
 * be called twice ({@link IllegalStateException}); {@link #build()} copies, so the interceptors built never change.
 *
 * <pre>{@code
 * RetryingClientInterceptor interceptor = RetryingClientInterceptor.builder(policy)
 *     .withRetryableCodes(Status.Code.UNAVAILABLE, Status.Code.RESOURCE_EXHAUSTED, Status.Code.ABORTED)
 *     .withBufferLimit(256 * 1024)
 *     .withMaxServerDelay(Duration.ofSeconds(30))
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 */
public final class RetryingClientInterceptorBuilder {
  /** grpc-java's per-call replay buffer: 1 MiB. */
  public static final long DEFAULT_BUFFER_LIMIT = 1 << 20;
  /** The longest wait a server's pushback or RetryInfo is followed for by default: one minute. */
  public static final Duration DEFAULT_MAX_SERVER_DELAY = Duration.ofMinutes(1);

  /** The settings, written by the builder and copied once by {@link #build()}. */
  static final class Config implements Cloneable {
    RetryPolicy<Object> policy;
    Set<Status.Code> retryableCodes = RetryingClientInterceptor.DEFAULT_RETRYABLE_CODES;
    long bufferLimit = DEFAULT_BUFFER_LIMIT;
    long maxServerDelayNanos = DEFAULT_MAX_SERVER_DELAY.toNanos();
    ScheduledExecutorService scheduler;
    Ticker ticker = Ticker.SYSTEM;
    RandomGenerator random;
    java.util.function.Function<? super io.grpc.MethodDescriptor<?, ?>, ? extends RetryListener<Object>> methodListener;
    final Set<String> set = new java.util.HashSet<>();

    @Override
    protected Config clone() {
      try {
        return (Config) super.clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }
  }

  private final Config config = new Config();

  RetryingClientInterceptorBuilder(RetryPolicy<?> policy) {
    config.policy = checkPolicy(policy, "policy");
  }

  @SuppressWarnings("unchecked")
  static RetryPolicy<Object> checkPolicy(RetryPolicy<?> policy, String name) {
    if (policy == null) {
      throw new NullPointerException(name);
    }
    if (policy.hasResultConditions()) {
      throw new IllegalArgumentException(name + " must have no result conditions (retryIfResult): a gRPC call has "
          + "no result to test, only a status: " + policy);
    }
    return (RetryPolicy<Object>) policy;
  }

  private void once(String option) {
    if (!config.set.add(option)) {
      throw new IllegalStateException(option + " was already set");
    }
  }

  /**
   * The status codes retried (beyond the policy's own retry conditions), replacing the default
   * {@link RetryingClientInterceptor#DEFAULT_RETRYABLE_CODES UNAVAILABLE and RESOURCE_EXHAUSTED}.
   *
   * @throws IllegalArgumentException if {@code codes} is empty or holds a code another attempt cannot change: {@code
   *     OK, INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, PERMISSION_DENIED, FAILED_PRECONDITION, OUT_OF_RANGE,
   *     UNIMPLEMENTED, UNAUTHENTICATED}
   * @throws IllegalStateException if called before
   */
  public RetryingClientInterceptorBuilder withRetryableCodes(Status.Code... codes) {
    if (codes == null) {
      throw new NullPointerException("codes");
    }
    if (codes.length == 0) {
      throw new IllegalArgumentException("codes must not be empty (a policy with withMaxAttempts(1) retries nothing)");
    }
    EnumSet<Status.Code> set = EnumSet.noneOf(Status.Code.class);
    for (Status.Code code : codes) {
      if (code == null) {
        throw new NullPointerException("codes[i]");
      }
      if (RetryingClientInterceptor.NEVER_RETRYABLE.contains(code)) {
        throw new IllegalArgumentException("codes must not hold " + code + ": another attempt gets the same answer");
      }
      set.add(code);
    }
    once("retryableCodes");
    config.retryableCodes = Collections.unmodifiableSet(set);
    return this;
  }

  /**
   * The most request bytes kept per call for replay (default 1 MiB, as grpc-java): a call whose request outgrows it
   * is sent once and not retried. Sizes are measured from the request marshaller's stream when an attempt fails
   * (a call whose first attempt succeeds is not measured).
   *
   * @throws IllegalArgumentException if {@code bytes} is negative
   * @throws IllegalStateException if called before
   */
  public RetryingClientInterceptorBuilder withBufferLimit(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bufferLimit must be >= 0: " + bytes);
    }
    once("bufferLimit");
    config.bufferLimit = bytes;
    return this;
  }

  /**
   * The longest wait followed when a server asks for one ({@code grpc-retry-pushback-ms}, {@code RetryInfo});
   * a longer one ends the call with that attempt's status. Default one minute.
   *
   * @throws IllegalArgumentException if {@code max} is negative
   * @throws IllegalStateException if called before
   */
  public RetryingClientInterceptorBuilder withMaxServerDelay(Duration max) {
    if (max == null) {
      throw new NullPointerException("maxServerDelay");
    }
    if (max.isNegative()) {
      throw new IllegalArgumentException("maxServerDelay must be >= 0: " + max);
    }
    once("maxServerDelay");
    config.maxServerDelayNanos = saturatedNanos(max);
    return this;
  }

  /**
   * The scheduler that waits between attempts and starts the next one (it never shuts it down). Default: one
   * daemon timer thread shared by every interceptor ({@code backoff-grpc-timer}).
   *
   * @throws IllegalStateException if called before
   */
  public RetryingClientInterceptorBuilder withScheduler(ScheduledExecutorService scheduler) {
    if (scheduler == null) {
      throw new NullPointerException("scheduler");
    }
    once("scheduler");
    config.scheduler = scheduler;
    return this;
  }

  /**
   * The source of time for the policy's time budget and events (default the system's).
   *
   * @throws IllegalStateException if called before
   */
  public RetryingClientInterceptorBuilder withTicker(Ticker ticker) {
    if (ticker == null) {
      throw new NullPointerException("ticker");
    }
    once("ticker");
    config.ticker = ticker;
    return this;
  }

  /**
   * The source of jitter (default {@code ThreadLocalRandom}); it must be thread-safe.
   *
   * @throws IllegalStateException if called before
   */
  public RetryingClientInterceptorBuilder withRandom(RandomGenerator random) {
    if (random == null) {
      throw new NullPointerException("random");
    }
    once("random");
    config.random = random;
    return this;
  }

  /**
   * A listener per gRPC method, made once per method on its first call, added to the policy's own listeners for that
   * method's calls (not for a {@link RetryingClientInterceptor#CALL_POLICY per-call policy}'s): the way to tag
   * metrics with {@link RetryingClientInterceptor#RPC_SERVICE rpc.service} and
   * {@link RetryingClientInterceptor#RPC_METHOD rpc.method}. The number of methods bounds the listeners.
   *
   * <pre>{@code
   * RetryingClientInterceptor.builder(policy)
   *     .withMethodListener(method -> {
   *       BackoffMetrics metrics = BackoffMetrics.of("orders").withTags(Tags.of(
   *           RetryingClientInterceptor.RPC_SERVICE, method.getServiceName(),
   *           RetryingClientInterceptor.RPC_METHOD, method.getBareMethodName()));
   *       metrics.bindTo(registry);
   *       return metrics;
   *     })
   *     .build();
   * }</pre>
   *
   * @throws IllegalStateException if called before
   */
  public RetryingClientInterceptorBuilder withMethodListener(
      java.util.function.Function<? super io.grpc.MethodDescriptor<?, ?>, ? extends RetryListener<Object>> factory) {
    if (factory == null) {
      throw new NullPointerException("factory");
    }
    once("methodListener");
    config.methodListener = factory;
    return this;
  }

  /** A new interceptor; the builder can still be used. */
  public RetryingClientInterceptor build() {
    return new RetryingClientInterceptor(config.clone());
  }

  static long saturatedNanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
