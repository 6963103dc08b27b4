package io.github.backoff.sim.overload;

import io.github.backoff.DurationSpec;
import io.github.backoff.sim.engine.Normal;
import java.util.Locale;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The network and HTTP time of one attempt in the {@code overload} model: how long after the server's answer (a
 * reply, a rejection, a throttle) its client hears it. The model's server is otherwise reached at once, so this is
 * the whole round trip's overhead, added on the way back. {@link #ZERO} (the default) is no network time at all:
 * the model then draws no number for it and runs exactly as without this option.
 *
 * <p>Written as the option {@code --network-latency} takes it:
 * <table>
 *   <caption>Forms</caption>
 *   <tr><th>form</th><th>distribution</th></tr>
 *   <tr><td>{@code 0}</td><td>none (the default)</td></tr>
 *   <tr><td>{@code 2ms}</td><td>a constant</td></tr>
 *   <tr><td>{@code normal:2ms,0.5ms}</td><td>normal with mean 2 ms and standard deviation 0.5 ms, a negative draw
 *       counting as 0</td></tr>
 *   <tr><td>{@code lognormal:2ms,0.5ms}</td><td>log-normal with mean 2 ms and standard deviation 0.5 ms (a
 *       right-skewed latency, as measured on a loopback)</td></tr>
 * </table>
 * A duration is a number with a unit: {@code ns}, {@code us}, {@code ms} or {@code s}. The mean and the standard
 * deviation are at most 60 s.
 *
 * <p>Immutable and thread-safe; {@link #sample} draws from the generator it is given.
 *
 * <pre>{@code
 * NetworkLatency loopback = NetworkLatency.parse("lognormal:1.2ms,0.4ms");
 * double seconds = loopback.sample(new SplittableRandom(42));
 * OverloadConfig config = OverloadConfig.builder().networkLatency(loopback).build();
 * }</pre>
 */
public final class NetworkLatency {
  /** No network time: the default, which leaves the model as it was without the option. */
  public static final NetworkLatency ZERO = new NetworkLatency(Kind.CONSTANT, 0, 0);
  /** The longest mean or standard deviation accepted, in seconds. */
  public static final double MAX_SECONDS = 60;

  private static final String OPTION = "network-latency";

  private enum Kind { CONSTANT, NORMAL, LOGNORMAL }

  private final Kind kind;
  private final double mean;
  private final double sd;
  /** Log-normal only: the parameters of the underlying normal. */
  private final double mu;
  private final double sigma;

  private NetworkLatency(Kind kind, double mean, double sd) {
    this.kind = kind;
    this.mean = mean;
    this.sd = sd;
    if (kind == Kind.LOGNORMAL) {
      double s2 = StrictMath.log1p((sd / mean) * (sd / mean));
      this.sigma = Math.sqrt(s2);
      this.mu = StrictMath.log(mean) - s2 / 2;
    } else {
      this.sigma = 0;
      this.mu = 0;
    }
  }

  /**
   * A constant latency.
   *
   * @param seconds the latency, in {@code [0, 60]}
   * @throws IllegalArgumentException if out of range
   */
  public static NetworkLatency constant(double seconds) {
    check(seconds, "the latency");
    return seconds == 0 ? ZERO : new NetworkLatency(Kind.CONSTANT, seconds, 0);
  }

  /**
   * A normal latency, negative draws counting as 0.
   *
   * @throws IllegalArgumentException if the mean or the standard deviation is negative, NaN or over 60 s
   */
  public static NetworkLatency normal(double meanSeconds, double sdSeconds) {
    check(meanSeconds, "the mean");
    check(sdSeconds, "the standard deviation");
    return sdSeconds == 0 ? constant(meanSeconds) : new NetworkLatency(Kind.NORMAL, meanSeconds, sdSeconds);
  }

  /**
   * A log-normal latency with this mean and standard deviation (of the latency itself, not of its logarithm).
   *
   * @throws IllegalArgumentException if the mean is not positive, the standard deviation is negative, or either
   *     is NaN or over 60 s
   */
  public static NetworkLatency lognormal(double meanSeconds, double sdSeconds) {
    check(meanSeconds, "the mean");
    check(sdSeconds, "the standard deviation");
    if (meanSeconds == 0) {
      throw new IllegalArgumentException(OPTION + ": a log-normal's mean must be > 0: " + meanSeconds + " s");
    }
    return sdSeconds == 0 ? constant(meanSeconds) : new NetworkLatency(Kind.LOGNORMAL, meanSeconds, sdSeconds);
  }

  /**
   * Parses the option's text: {@code 0}, {@code 2ms}, {@code normal:MEAN,SD} or {@code lognormal:MEAN,SD}.
   *
   * @throws IllegalArgumentException with a message starting {@code network-latency:} if the text is none of these
   */
  public static NetworkLatency parse(String text) {
    Objects.requireNonNull(text, OPTION);
    String t = text.strip().toLowerCase(Locale.ROOT);
    int colon = t.indexOf(':');
    if (colon < 0) {
      return constant(duration(t, text));
    }
    String family = t.substring(0, colon);
    String[] args = t.substring(colon + 1).split(",", -1);
    if (args.length != 2) {
      throw new IllegalArgumentException(OPTION + ": " + family + " takes MEAN,SD (e.g. " + family
          + ":2ms,0.5ms): '" + text + "'");
    }
    double m = duration(args[0].strip(), text);
    double s = duration(args[1].strip(), text);
    return switch (family) {
      case "normal" -> normal(m, s);
      case "lognormal" -> lognormal(m, s);
      default -> throw new IllegalArgumentException(OPTION + ": unknown distribution '" + family
          + "' (known: a constant such as 2ms, normal:MEAN,SD, lognormal:MEAN,SD): '" + text + "'");
    };
  }

  /** Whether this is no latency at all ({@link #ZERO}). */
  public boolean isZero() {
    return kind == Kind.CONSTANT && mean == 0;
  }

  /** The mean, in seconds. */
  public double mean() {
    return mean;
  }

  /** The standard deviation as given, in seconds (0 for a constant). */
  public double sd() {
    return sd;
  }

  /**
   * Draws one latency, in seconds (never negative). A constant draws nothing from {@code random}; the normal and
   * the log-normal draw one Gaussian.
   */
  public double sample(RandomGenerator random) {
    return switch (kind) {
      case CONSTANT -> mean;
      case NORMAL -> Math.max(0, mean + sd * Normal.draw(random));
      case LOGNORMAL -> StrictMath.exp(mu + sigma * Normal.draw(random));
    };
  }

  /**
   * This distribution with every time multiplied by {@code factor} (a testbed's time scale).
   *
   * @throws IllegalArgumentException if {@code factor} is not positive and finite, or the result is out of range
   */
  public NetworkLatency scaled(double factor) {
    if (!(factor > 0) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException(OPTION + ": the scale factor must be > 0 and finite: " + factor);
    }
    return switch (kind) {
      case CONSTANT -> constant(mean * factor);
      case NORMAL -> normal(mean * factor, sd * factor);
      case LOGNORMAL -> lognormal(mean * factor, sd * factor);
    };
  }

  /** The option's text: {@code 0}, {@code 2ms}, {@code normal:2ms,0.5ms} or {@code lognormal:2ms,0.5ms}. */
  @Override
  public String toString() {
    return switch (kind) {
      case CONSTANT -> isZero() ? "0" : format(mean);
      case NORMAL -> "normal:" + format(mean) + "," + format(sd);
      case LOGNORMAL -> "lognormal:" + format(mean) + "," + format(sd);
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NetworkLatency n && n.kind == kind && n.mean == mean && n.sd == sd;
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, mean, sd);
  }

  private static String format(double seconds) {
    double ms = seconds * 1000;
    String s = ms == Math.rint(ms) && Math.abs(ms) < 1e15 ? Long.toString((long) ms)
        : String.format(Locale.ROOT, "%.6f", ms).replaceAll("0+$", "").replaceAll("\\.$", "");
    return s + "ms";
  }

  private static void check(double seconds, String what) {
    if (!(seconds >= 0 && seconds <= MAX_SECONDS)) {
      throw new IllegalArgumentException(OPTION + ": " + what + " must be in [0, 60] s: " + seconds + " s");
    }
  }

  /** A duration in the core's one grammar ({@link DurationSpec}), in seconds. */
  private static double duration(String t, String whole) {
    try {
      return DurationSpec.parse(t).toNanos() / 1e9;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(OPTION + ": " + e.getMessage() + " (e.g. 2ms, normal:2ms,0.5ms): '"
          + whole + "'", e);
    }
  }
}
