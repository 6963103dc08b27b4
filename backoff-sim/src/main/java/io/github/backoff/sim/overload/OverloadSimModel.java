package io.github.backoff.sim.overload;

import io.github.backoff.sim.spi.Model;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Parameter.Kind;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.util.List;

/**
 * The {@code overload} model as a registered model: its parameters are the {@link OverloadConfig} settings.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Study study = OverloadSimModel.INSTANCE.study(Settings.of(Map.of("rate", "900")), StrategyLookup.NONE);
 * }</pre>
 */
public final class OverloadSimModel implements Model {
  /** The one instance. */
  public static final OverloadSimModel INSTANCE = new OverloadSimModel();
  private static final List<Parameter> PARAMETERS = List.of(
      new Parameter("rate", "N", "overload: requests arriving per second. Default 800.", Kind.NUMBER),
      new Parameter("capacity", "N", "overload: requests the server completes per second. Default 1000.",
          Kind.NUMBER),
      new Parameter("queue", "N", "overload: most requests waiting. Default 2000.", Kind.INTEGER),
      new Parameter("timeout", "T", "overload: client timeout (a duration such as 500ms). Default 1s.",
          Kind.SECONDS),
      new Parameter("outage-start", "T", "overload: when the capacity drops. Default 30s.",
          Kind.SECONDS),
      new Parameter("outage-length", "T", "overload: how long it stays down (0: no outage). Default 10s.",
          Kind.SECONDS),
      new Parameter("outage-capacity", "P",
          "overload: capacity during the outage, a percentage of --capacity, 0 (down) to 100%. Default 0.",
          Kind.PERCENT),
      new Parameter("horizon", "T", "overload: length of each run, whole seconds (e.g. 3m). Default 180s.", Kind.SECONDS),
      new Parameter("policies", "LIST", "overload: retry policies to compare: no-retry, retries, token-bucket, "
          + "retry-quota, ratio, retry-quota-2026, adaptive, adaptive-nonreserving. Default: the first five.",
          Kind.TEXT),
      new Parameter("max-attempts", "N",
          "overload: attempts per request, the first included, for policies that retry. Default 4.", Kind.INTEGER),
      new Parameter("drop-expired", "",
          "overload: the server discards queued requests whose client gave up (deadline propagation).", Kind.FLAG),
      new Parameter("server", "KIND", "overload: queueing (queues what it cannot serve) or throttling (rejects "
          + "at once, as throttled, what arrives above --throttle-rate). Default queueing.", Kind.TEXT),
      new Parameter("throttle-rate", "N", "overload: attempts per second the throttling server admits at full "
          + "capacity. Default: --capacity.", Kind.NUMBER),
      new Parameter("network-latency", "DIST", "overload: network and HTTP time of each answer: 0, a duration "
          + "(2ms), normal:MEAN,SD or lognormal:MEAN,SD (e.g. lognormal:1.2ms,0.4ms). Default 0.", Kind.TEXT),
      new Parameter("retry-after", "D", "overload: the hint each throttled reply carries, followed as "
          + "RetryingHttpClient follows it: 0 (none), a Retry-After (1s, 500ms) or an x-amz-retry-after "
          + "(millis:500ms); only with --server throttling. Default 0.", Kind.TEXT));

  private OverloadSimModel() {}

  @Override
  public String name() {
    return "overload";
  }

  @Override
  public String description() {
    return "an open system: Poisson arrivals at a server with a bounded queue, timeouts, retry policies and budgets, "
        + "an outage";
  }

  @Override
  public List<Parameter> parameters() {
    return PARAMETERS;
  }

  @Override
  public Study study(Settings settings, StrategyLookup strategies) {
    return new OverloadStudy(config(settings, strategies));
  }

  /**
   * The configuration the options describe (the common options and this model's {@link #parameters()}), for a
   * program that runs the model's scenario in its own way (backoff-testbed).
   *
   * @throws IllegalArgumentException naming the option, if a value is invalid
   */
  public OverloadConfig config(Settings s, StrategyLookup strategies) {
    return config(s, strategies, OverloadSystem.DEFAULTS);
  }

  /**
   * The configuration the options describe, on {@code base} instead of {@link OverloadSystem#DEFAULTS}: each
   * option given overrides that setting of {@code base} (an advisor scenario's {@code Scenario.system()}, for the
   * testbed).
   *
   * @throws IllegalArgumentException naming the option, if a value is invalid
   */
  public OverloadConfig config(Settings s, StrategyLookup strategies, OverloadSystem base) {
    // The one place where the command line's spellings become the model's system.
    OverloadConfig.Builder b = OverloadConfig.builder().system(base).common(s, strategies);
    if (s.flag("drop-expired")) {
      b.dropExpired(true);
    }
    s.number("rate").ifPresent(b::rate);
    s.number("capacity").ifPresent(b::capacity);
    s.integer("queue").ifPresent(b::queue);
    s.seconds("timeout").ifPresent(b::timeout);
    if (s.has("outage-start") || s.has("outage-length") || s.has("outage-capacity")) {
      b.outage(s.seconds("outage-start").orElse(base.outageStart()),
          s.seconds("outage-length").orElse(base.outageLength()),
          s.percent("outage-capacity").orElse(base.outageCapacity()));
    }
    s.seconds("horizon").ifPresent(horizon -> {
      if (horizon != Math.rint(horizon) || horizon < 1 || horizon > OverloadSystem.MAX_HORIZON) {
        throw new IllegalArgumentException("horizon: must be whole seconds in [1, 1000000]: " + horizon);
      }
      b.horizon(horizon.intValue());
    });
    s.text("policies").ifPresent(b::policies);
    s.text("server").ifPresent(b::server);
    s.number("throttle-rate").ifPresent(b::throttleRate);
    s.integer("max-attempts").ifPresent(b::maxAttempts);
    s.text("network-latency").ifPresent(b::networkLatency);
    s.text("retry-after").ifPresent(b::retryAfter);
    return b.build();
  }
}
