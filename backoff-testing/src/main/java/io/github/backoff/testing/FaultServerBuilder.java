package io.github.backoff.testing;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Configures a {@link FaultServer}: its default reply and dispatcher, and the shape of the service behind it — how
 * many requests it serves at once, how many wait in its queue and for how long, how many it admits per second, how
 * long each takes, and what it answers when it turns a request away or is down. Reached by
 * {@link FaultServer#builder()}; {@link #start()} binds a new server.
 *
 * <pre>{@code
 * try (FaultServer server = FaultServer.builder()
 *     .withMaxConcurrency(4)                                   // at most 4 requests in service
 *     .withQueueCapacity(8)                                    // 8 more wait; the rest get the overload reply
 *     .withOverloadReply(FaultReply.status(503).withRetryAfter(Duration.ofSeconds(1)))
 *     .withRateLimit(100, 10)                                  // 100 per second, bursts of 10; then 429
 *     .withServiceTime(r -> Duration.ofMillis(5))              // each request holds its slot 5 ms
 *     .start()) {
 *   // ...
 * }
 * }</pre>
 *
 * <p>Not thread-safe: configure on one thread, then {@link #start()}. Every setter checks its argument at once and
 * throws {@link IllegalArgumentException} naming the parameter and the value.
 */
public final class FaultServerBuilder {
  int maxConcurrency = Integer.MAX_VALUE;
  int queueCapacity = Integer.MAX_VALUE;
  long queueTimeoutNanos = Long.MAX_VALUE;
  FaultReply overloadReply = FaultReply.status(503).withRetryAfter(Duration.ofSeconds(1));
  double ratePerSecond;
  int rateBurst = 1;
  FaultReply throttleReply = FaultReply.status(429).withRetryAfter(Duration.ofSeconds(1));
  Function<? super RecordedRequest, Duration> serviceTime;
  FaultReply outageReply = FaultReply.status(503);
  FaultReply defaultReply = FaultReply.ok("ok");
  Function<? super RecordedRequest, FaultReply> dispatcher;
  LongSupplier ticker = System::nanoTime;
  int backlog = 256;

  FaultServerBuilder() {}

  /** The reply once the queue of {@link FaultServer#enqueue} replies is empty and no dispatcher answers: 200 "ok". */
  public FaultServerBuilder withDefaultReply(FaultReply reply) {
    this.defaultReply = Objects.requireNonNull(reply, "reply");
    return this;
  }

  /**
   * Computes the reply of each request that no queued reply answers; a dispatcher that returns null leaves the
   * request to the default reply. Called on the connection's thread, outside the server's locks (it may call the
   * server's counting methods). See also {@link FaultServer#dispatch}.
   */
  public FaultServerBuilder withDispatcher(Function<? super RecordedRequest, FaultReply> dispatcher) {
    this.dispatcher = Objects.requireNonNull(dispatcher, "dispatcher");
    return this;
  }

  /**
   * At most {@code maxConcurrency} requests in service at once (from being admitted until their reply is sent);
   * the others wait in the queue. Unlimited by default.
   *
   * @throws IllegalArgumentException if {@code maxConcurrency < 1}
   */
  public FaultServerBuilder withMaxConcurrency(int maxConcurrency) {
    if (maxConcurrency < 1) {
      throw new IllegalArgumentException("maxConcurrency must be >= 1: " + maxConcurrency);
    }
    this.maxConcurrency = maxConcurrency;
    return this;
  }

  /**
   * At most {@code queueCapacity} requests wait for a slot when all are taken; one more gets the overload reply at
   * once. 0 rejects every request beyond the concurrency limit. Unbounded by default.
   *
   * @throws IllegalArgumentException if {@code queueCapacity < 0}
   */
  public FaultServerBuilder withQueueCapacity(int queueCapacity) {
    if (queueCapacity < 0) {
      throw new IllegalArgumentException("queueCapacity must be >= 0: " + queueCapacity);
    }
    this.queueCapacity = queueCapacity;
    return this;
  }

  /**
   * A request that waited {@code timeout} in the queue without a slot gets the overload reply. No limit by default.
   *
   * @throws IllegalArgumentException if {@code timeout} is negative
   */
  public FaultServerBuilder withQueueTimeout(Duration timeout) {
    this.queueTimeoutNanos = nonNegative("queueTimeout", timeout);
    return this;
  }

  /** What a request turned away by the concurrency limit gets: 503 with {@code Retry-After: 1} by default. */
  public FaultServerBuilder withOverloadReply(FaultReply reply) {
    this.overloadReply = Objects.requireNonNull(reply, "reply");
    return this;
  }

  /**
   * Admits at most {@code perSecond} requests per second on average (a token bucket holding up to {@code burst}
   * tokens, full at start, measured on the ticker); a request that finds no token gets the throttle reply. No limit
   * by default.
   *
   * @throws IllegalArgumentException if {@code perSecond} is not positive and finite, or {@code burst < 1}
   */
  public FaultServerBuilder withRateLimit(double perSecond, int burst) {
    if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException("perSecond must be > 0 and finite: " + perSecond);
    }
    if (burst < 1) {
      throw new IllegalArgumentException("burst must be >= 1: " + burst);
    }
    this.ratePerSecond = perSecond;
    this.rateBurst = burst;
    return this;
  }

  /** What a request over the rate limit gets: 429 with {@code Retry-After: 1} by default. */
  public FaultServerBuilder withThrottleReply(FaultReply reply) {
    this.throttleReply = Objects.requireNonNull(reply, "reply");
    return this;
  }

  /**
   * Each admitted request is held in service for {@code serviceTime.apply(request)} before its reply starts (on top
   * of the reply's own headers delay): the latency distribution of the service. A seeded random source in the
   * function makes a reproducible distribution. A null or negative duration counts as zero. None by default.
   *
   * <p>The function is called when a request is admitted to a slot, in the order the services start, so a
   * sequence of draws is served in order. A service time counts from when the slot became free (the previous
   * holder's service time ended, on schedule) or the request arrived, whichever is later, not from when the
   * request's thread woke up; it stretches while {@link FaultServer#capacity(double)} is below 1. With one slot and
   * {@code Exp(1) / μ} service times the server is an M/M/1 queue of rate μ:
   * <pre>{@code
   * SplittableRandom random = new SplittableRandom(42);
   * builder.withMaxConcurrency(1).withServiceTime(r -> {
   *   synchronized (random) {
   *     return Duration.ofNanos(Math.round(-Math.log(1 - random.nextDouble()) / 100 * 1e9)); // μ = 100/s
   *   }
   * });
   * }</pre>
   */
  public FaultServerBuilder withServiceTime(Function<? super RecordedRequest, Duration> serviceTime) {
    this.serviceTime = Objects.requireNonNull(serviceTime, "serviceTime");
    return this;
  }

  /**
   * Each admitted request is held in service for {@code serviceTime}.
   *
   * @throws IllegalArgumentException if {@code serviceTime} is negative
   */
  public FaultServerBuilder withServiceTime(Duration serviceTime) {
    nonNegative("serviceTime", serviceTime);
    return withServiceTime(r -> serviceTime);
  }

  /**
   * What every request gets while the server is down ({@link FaultServer#down()}, {@link FaultServer#outage}): 503
   * by default; {@link FaultReply#reset()} or {@link FaultReply#close()} to refuse instead.
   */
  public FaultServerBuilder withOutageReply(FaultReply reply) {
    this.outageReply = Objects.requireNonNull(reply, "reply");
    return this;
  }

  /**
   * The time source of arrival times, the rate limit and timed outages ({@link System#nanoTime} by default): a
   * test passes {@code clock::nanoTime} of a {@link FakeClock} to move them without waiting.
   */
  public FaultServerBuilder withTicker(LongSupplier ticker) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    return this;
  }

  /**
   * The listening socket's backlog (256 by default).
   *
   * @throws IllegalArgumentException if {@code backlog < 1}
   */
  public FaultServerBuilder withBacklog(int backlog) {
    if (backlog < 1) {
      throw new IllegalArgumentException("backlog must be >= 1: " + backlog);
    }
    this.backlog = backlog;
    return this;
  }

  /**
   * Binds a new server to an ephemeral port of 127.0.0.1 and starts accepting connections.
   *
   * @throws java.io.UncheckedIOException if the socket cannot be bound
   */
  public FaultServer start() {
    return new FaultServer(this);
  }

  private static long nonNegative(String name, Duration d) {
    Objects.requireNonNull(d, name);
    if (d.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative: " + d);
    }
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
