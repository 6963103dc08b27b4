package io.github.backoff.sim.overload;

import io.github.backoff.InvalidParameterException;
import java.util.Locale;
import java.util.Objects;

/**
 * The system the {@code overload} model simulates, as one typed value: the only thing that travels into an
 * {@link OverloadModel}. {@code backoff simulate --model overload} ({@link OverloadSimModel}), the advisor's scenario
 * files ({@code Scenario.system()}) and backoff-testbed each map their own spellings onto it in one place; its
 * compact constructor holds the one set of limits, and {@link #DEFAULTS} the one set of defaults.
 *
 * <p>Rates are per second; the timeout, the outage and the horizon are in seconds (the model's time unit).
 *
 * <p>Each limit failure is an {@link InvalidParameterException} whose parameter is the component's option name
 * ({@code rate}, {@code outage-start}, {@code throttle-rate}, ...) and whose message starts with it, so a caller
 * with its own spelling can name its own key.
 *
 * <p>An immutable value; thread-safe.
 *
 * <pre>{@code
 * OverloadSystem system = OverloadSystem.DEFAULTS.withThrottling(900, RetryAfterHint.parse("1s"));
 * OverloadModel model = new OverloadModel(system);
 * }</pre>
 *
 * @param rate λ, requests arriving per second, in {@code (0, 1e7]}
 * @param capacity μ, requests the server completes per second at full capacity, in {@code (0, 1e7]}
 * @param queue the most attempts that can wait (not counting the one in service), in {@code [0, 1e7]}
 * @param timeout how long a client waits for an attempt, in seconds, in {@code (0, 1e6]}
 * @param outageStart when the capacity drops, in seconds, in {@code [0, 1e6]}
 * @param outageLength how long it stays down, in seconds (0: no outage), in {@code [0, 1e6]}
 * @param outageCapacity the capacity during the outage, as a fraction of μ, in {@code [0, 1]} (0: down)
 * @param horizon the run's length in whole seconds, in {@code [1, 1e6]}; the outage must end by it, and
 *     {@code rate × horizon <= 1e9}
 * @param dropExpired whether the server discards queued attempts whose client has given up
 * @param server the server's kind
 * @param throttleRate the throttling server's admitted attempts per second at full capacity; 0 for the queueing
 *     server; 0 given with the throttling server means the capacity
 * @param networkLatency each answer's network time ({@link NetworkLatency#ZERO}: none)
 * @param retryAfter the hint a throttled reply carries ({@link RetryAfterHint#NONE}: none); throttling server only
 */
public record OverloadSystem(double rate, double capacity, int queue, double timeout, double outageStart,
    double outageLength, double outageCapacity, int horizon, boolean dropExpired, Server server,
    double throttleRate, NetworkLatency networkLatency, RetryAfterHint retryAfter) {

  /** The most requests a run may expect ({@code rate × horizon}). */
  public static final double MAX_REQUESTS = 1e9;
  /** The largest rate, capacity and throttle rate, per second. */
  public static final double MAX_RATE = 1e7;
  /** The largest queue. */
  public static final int MAX_QUEUE = 10_000_000;
  /** The longest timeout, outage start or outage length, in seconds. */
  public static final double MAX_SECONDS = 1e6;
  /** The longest horizon, in seconds. */
  public static final int MAX_HORIZON = 1_000_000;

  /**
   * The defaults: the scenario of {@code docs/retry-storms.md}: λ 800/s, μ 1000/s (80 % load), queue 2000, timeout
   * 1 s, a 10 s outage from 30 s at capacity 0, horizon 180 s, the queueing server, no network time, no hint.
   */
  public static final OverloadSystem DEFAULTS = new OverloadSystem(800, 1000, 2000, 1, 30, 10, 0, 180, false,
      Server.QUEUEING, 0, NetworkLatency.ZERO, RetryAfterHint.NONE);

  /** The server's kind. */
  public enum Server {
    /** Queues what it cannot serve at once, up to its queue; rejects the rest. */
    QUEUEING,
    /** Rejects at once, as throttled, what arrives above its throttle rate; queues the rest. */
    THROTTLING;

    /** The name options and scenario files use: {@code queueing} or {@code throttling}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The server named {@code id}.
     *
     * @throws InvalidParameterException (parameter {@code server}) if it is neither
     */
    public static Server parse(String id) {
      Objects.requireNonNull(id, "server");
      for (Server s : values()) {
        if (s.id().equals(id)) {
          return s;
        }
      }
      throw new InvalidParameterException("server", id, "server: must be queueing or throttling: '" + id + "'");
    }
  }

  /**
   * Checks every limit and normalises the throttle rate (0 with the throttling server: the capacity).
   *
   * @throws NullPointerException if {@code server}, {@code networkLatency} or {@code retryAfter} is null
   * @throws InvalidParameterException naming the option if a value is out of range, the outage ends after the
   *     horizon, {@code rate × horizon > 1e9}, or a throttle rate or hint is given to the queueing server
   */
  public OverloadSystem {
    Objects.requireNonNull(server, "server");
    Objects.requireNonNull(networkLatency, "network-latency");
    Objects.requireNonNull(retryAfter, "retry-after");
    rate(rate);
    capacity(capacity);
    queue(queue);
    timeout(timeout);
    seconds(outageStart, "outage-start");
    seconds(outageLength, "outage-length");
    outageCapacity(outageCapacity);
    horizon(horizon);
    if (outageStart + outageLength > horizon) {
      throw new InvalidParameterException("outage-length", outageLength, "outage-length: the outage must end by "
          + "the horizon: " + format(outageStart) + " + " + format(outageLength) + " > " + horizon);
    }
    if (rate * horizon > MAX_REQUESTS) {
      throw new InvalidParameterException("rate", rate, "rate: rate x horizon must be <= 1e9 requests: "
          + format(rate) + " x " + horizon);
    }
    if (server == Server.QUEUEING) {
      if (throttleRate != 0) {
        throw new InvalidParameterException("throttle-rate", throttleRate,
            "throttle-rate: applies to the throttling server only");
      }
      if (!retryAfter.isNone()) {
        throw new InvalidParameterException("retry-after", retryAfter, "retry-after: applies to the throttling "
            + "server only (only a throttled reply carries a hint)");
      }
    } else {
      throttleRate = throttleRate == 0 ? capacity : positive(throttleRate, MAX_RATE, "throttle-rate");
    }
  }

  /** This system with a throttling server admitting {@code throttleRate} per second (0: the capacity). */
  public OverloadSystem withThrottling(double throttleRate, RetryAfterHint retryAfter) {
    return new OverloadSystem(rate, capacity, queue, timeout, outageStart, outageLength, outageCapacity, horizon,
        dropExpired, Server.THROTTLING, throttleRate, networkLatency, retryAfter);
  }

  /** This system with {@code networkLatency} per answer. */
  public OverloadSystem withNetworkLatency(NetworkLatency networkLatency) {
    return new OverloadSystem(rate, capacity, queue, timeout, outageStart, outageLength, outageCapacity, horizon,
        dropExpired, server, throttleRate, networkLatency, retryAfter);
  }

  /** When the capacity comes back, in seconds. */
  public double outageEnd() {
    return outageStart + outageLength;
  }

  /** Whether the server throttles ({@link Server#THROTTLING}). */
  public boolean throttling() {
    return server == Server.THROTTLING;
  }

  // The one set of limits, also used by OverloadConfig.Builder's setters to fail at once.

  static double rate(double rate) {
    return positive(rate, MAX_RATE, "rate");
  }

  static double capacity(double capacity) {
    return positive(capacity, MAX_RATE, "capacity");
  }

  static double throttleRate(double rate) {
    return positive(rate, MAX_RATE, "throttle-rate");
  }

  static int queue(int queue) {
    if (queue < 0 || queue > MAX_QUEUE) {
      throw new InvalidParameterException("queue", queue, "queue: must be in [0, " + MAX_QUEUE + "]: " + queue);
    }
    return queue;
  }

  static double timeout(double timeout) {
    return positive(timeout, MAX_SECONDS, "timeout");
  }

  static double seconds(double value, String name) {
    if (!(value >= 0 && value <= MAX_SECONDS)) {
      throw new InvalidParameterException(name, value, name + ": must be in [0, 1000000] seconds: " + value);
    }
    return value;
  }

  static double outageCapacity(double fraction) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new InvalidParameterException("outage-capacity", fraction,
          "outage-capacity: must be in [0, 1]: " + fraction);
    }
    return fraction;
  }

  static int horizon(int seconds) {
    if (seconds < 1 || seconds > MAX_HORIZON) {
      throw new InvalidParameterException("horizon", seconds,
          "horizon: must be in [1, 1000000] seconds: " + seconds);
    }
    return seconds;
  }

  private static double positive(double value, double max, String name) {
    if (!(value > 0 && value <= max)) {
      throw new InvalidParameterException(name, value, name + ": must be in (0, " + format(max) + "]: " + value);
    }
    return value;
  }

  static String format(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
