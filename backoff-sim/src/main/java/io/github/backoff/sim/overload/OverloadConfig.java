package io.github.backoff.sim.overload;

import io.github.backoff.NameSuggester;
import io.github.backoff.sim.StudyConfig;
import io.github.backoff.sim.internal.Checks;
import io.github.backoff.strategy.Backoff;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the {@code overload} model simulates: an open system where requests arrive as a Poisson process of rate
 * λ ({@link #rate()}) at a server of capacity μ ({@link #capacity()}) with a bounded queue; clients time out, and
 * retry per each {@link OverloadPolicy} with each strategy; between {@link #outageStart()} and
 * {@code outageStart + outageLength} the capacity drops to {@link #outageCapacity()} × μ.
 *
 * <p><b>Time unit: 1 second.</b> Rates are per second, and the timeout, the outage and the horizon are in seconds;
 * the reports have one bucket per second. Core {@link Backoff} delays keep their real meaning: a delay of
 * {@code d} ns lasts {@code d / 1e9} s ({@link #NANOS_PER_UNIT}), and the ratio budget's ticker reads the virtual
 * clock as {@code now × 1e9} ns. {@link #base()} and {@link #cap()} are, as in every model ({@link StudyConfig}), in
 * milliseconds of core delay ({@link StudyConfig#millis(double)}).
 *
 * <p>{@link #server()} is the queueing server by default; the throttling server ({@code server("throttling")},
 * {@link #throttleRate()}) rejects at once, as throttled, what arrives above its rate.
 *
 * <p>The defaults are the scenario of {@code docs/retry-storms.md}: λ 800/s, μ 1000/s (80 % load), queue 2000,
 * timeout 1 s, a 10 s outage from 30 s at capacity 0, horizon 180 s, all five built-in policies, 4 attempts
 * (3 retries), strategy {@code full-jitter} with base (first wait) 100 ms and cap 2000 ms, 5 runs, seed 42.
 *
 * <p>Every setter validates at once and throws {@link IllegalArgumentException} with a one-line message that
 * starts with the parameter's name; {@link Builder#build()} checks what depends on several settings. Immutable and
 * thread-safe; the builder is not thread-safe.
 *
 * <pre>{@code
 * OverloadConfig config = OverloadConfig.builder()
 *     .rate(800).capacity(1000).queue(2000).timeout(1)
 *     .outage(60, 10, 0).horizon(300)
 *     .policies("retries,token-bucket").maxAttempts(4)
 *     .out(Path.of("storm"))
 *     .build();
 * OverloadResult result = OverloadSimulation.run(config, ProgressListener.NONE);
 * }</pre>
 */
public final class OverloadConfig extends StudyConfig {
  /** Core nanoseconds per time unit of this model: 1 unit = 1 s. */
  public static final double NANOS_PER_UNIT = 1e9;
  /** The most requests a run may expect ({@code rate × horizon}): {@link OverloadSystem#MAX_REQUESTS}. */
  public static final double MAX_REQUESTS = OverloadSystem.MAX_REQUESTS;
  /** The most runs per (policy, strategy). */
  public static final int MAX_RUNS = 1000;
  /** The most attempts per request. */
  public static final int MAX_ATTEMPTS = 100;
  /** The server that queues what it cannot serve at once (the default). */
  public static final String QUEUEING = "queueing";
  /** The server that throttles attempts above {@link #throttleRate()} at once, and queues the rest. */
  public static final String THROTTLING = "throttling";

  private final OverloadSystem system;
  private final List<OverloadPolicy> policies;
  private final int maxAttempts;

  private OverloadConfig(Builder b) {
    super(b);
    if (b.throttleRate > 0 && !THROTTLING.equals(b.server)) {
      throw new IllegalArgumentException("throttle-rate: applies to --server throttling only");
    }
    if (!b.retryAfter.isNone() && !THROTTLING.equals(b.server)) {
      throw new IllegalArgumentException("retry-after: applies to --server throttling only (only a throttled reply "
          + "carries a hint)");
    }
    system = new OverloadSystem(b.rate, b.capacity, b.queue, b.timeout, b.outageStart, b.outageLength,
        b.outageCapacity, b.horizon, b.dropExpired, OverloadSystem.Server.parse(b.server), b.throttleRate,
        b.networkLatency, b.retryAfter);
    maxAttempts = b.maxAttempts;
    Map<String, OverloadPolicy> known = new LinkedHashMap<>();
    for (OverloadPolicy p : OverloadPolicy.defaults()) {
      known.put(p.name(), p);
    }
    known.putAll(b.registeredPolicies);
    List<OverloadPolicy> selected = new ArrayList<>();
    for (String name : b.policies) {
      OverloadPolicy p = known.get(name);
      if (p == null) {
        throw new IllegalArgumentException("policies: unknown policy '" + name + "'"
            + NameSuggester.didYouMean(name, known.keySet()) + " (known: "
            + String.join(", ", known.keySet()) + ")");
      }
      selected.add(p);
    }
    policies = List.copyOf(selected);
  }

  /** The system simulated: the one value an {@link OverloadEngine} is made of. */
  public OverloadSystem system() {
    return system;
  }

  /** The defaults: the scenario of {@code docs/retry-storms.md}. */
  public static OverloadConfig defaults() {
    return builder().build();
  }

  /** A builder with every setting at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** λ: requests arriving per second. */
  public double rate() {
    return system.rate();
  }

  /** μ: requests the server completes per second at full capacity (on average; service times are exponential). */
  public double capacity() {
    return system.capacity();
  }

  /** The most requests that can wait in the server's queue (not counting the one in service). */
  public int queue() {
    return system.queue();
  }

  /** How long a client waits for an attempt before it fails, in seconds. */
  public double timeout() {
    return system.timeout();
  }

  /** When the outage starts, in seconds. */
  public double outageStart() {
    return system.outageStart();
  }

  /** How long the outage lasts, in seconds (0: no outage). */
  public double outageLength() {
    return system.outageLength();
  }

  /** When the capacity comes back, in seconds. */
  public double outageEnd() {
    return system.outageEnd();
  }

  /** The capacity during the outage as a fraction of μ, in {@code [0, 1]} (0: the server is down). */
  public double outageCapacity() {
    return system.outageCapacity();
  }

  /** How long each run lasts, in whole seconds; also the number of time-series buckets. */
  public int horizon() {
    return system.horizon();
  }

  /** Whether the server discards queued requests whose client has given up (deadline propagation). */
  public boolean dropExpired() {
    return system.dropExpired();
  }

  /** The server: {@link #QUEUEING} (the default) or {@link #THROTTLING}. */
  public String server() {
    return system.server().id();
  }

  /**
   * Attempts per second the throttling server admits at full capacity ({@code outageCapacity ×} that during the
   * outage); the rest are rejected at once as throttled. 0 for the queueing server.
   */
  public double throttleRate() {
    return system.throttleRate();
  }

  /** The policies to compare, in order. */
  public List<OverloadPolicy> policies() {
    return policies;
  }

  /** The most attempts per request (first attempt included) for the policies that retry. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /**
   * The network and HTTP time of each answer the server gives, in seconds; {@link NetworkLatency#ZERO} (the
   * default) for none, which leaves every result as it was without this setting.
   */
  public NetworkLatency networkLatency() {
    return system.networkLatency();
  }

  /**
   * The hint each throttled reply carries ({@link RetryAfterHint}); {@link RetryAfterHint#NONE} (the default) for
   * none, which leaves every result as it was without this setting.
   */
  public RetryAfterHint retryAfter() {
    return system.retryAfter();
  }

  @Override
  public String toString() {
    OverloadSystem y = system;
    return "model=overload rate=" + format(y.rate()) + " capacity=" + format(y.capacity())
        + " queue=" + y.queue() + " timeout=" + format(y.timeout()) + " outage="
        + format(y.outageStart()) + "+" + format(y.outageLength()) + "@"
        + format(y.outageCapacity()) + " horizon=" + y.horizon() + (y.dropExpired() ? " drop-expired" : "")
        + (y.throttling() ? " server=throttling throttle-rate=" + format(y.throttleRate()) : "")
        + (y.networkLatency().isZero() ? "" : " network-latency=" + y.networkLatency())
        + (y.retryAfter().isNone() ? "" : " retry-after=" + y.retryAfter())
        + " policies=" + policies.stream().map(OverloadPolicy::name).toList() + " max-attempts=" + maxAttempts
        + " strategies=" + strategies() + " base=" + format(base()) + " cap="
        + format(cap()) + " runs=" + runs() + " seed=" + seed() + " threads=" + threads() + " out=" + out();
  }

  /**
   * Builds an {@link OverloadConfig}; each setter validates its argument at once. Not thread-safe.
   *
   * <pre>{@code
   * OverloadConfig config = OverloadConfig.builder().rate(500).capacity(1000).horizon(60).outage(10, 5, 0).build();
   * }</pre>
   */
  public static final class Builder extends StudyConfig.Builder<Builder> {
    // The system's settings start at OverloadSystem.DEFAULTS, the one set of defaults.
    private double rate;
    private double capacity;
    private int queue;
    private double timeout;
    private double outageStart;
    private double outageLength;
    private double outageCapacity;
    private int horizon;
    private boolean dropExpired;
    private String server;
    private double throttleRate;
    private NetworkLatency networkLatency;
    private RetryAfterHint retryAfter;
    private List<String> policies = OverloadPolicy.NAMES;
    private int maxAttempts = 4;
    private final Map<String, OverloadPolicy> registeredPolicies = new LinkedHashMap<>();

    private Builder() {
      super(List.of("full-jitter"), 5, MAX_RUNS, 100, 2000); // base: the first wait, 2 x the study-style 50
      system(OverloadSystem.DEFAULTS);
    }

    /**
     * Every setting of the simulated system at once (rate, capacity, queue, timeout, outage, horizon,
     * drop-expired, server, throttle rate, network latency, retry-after); later setters override single ones.
     *
     * @throws NullPointerException if {@code system} is null
     */
    public Builder system(OverloadSystem system) {
      Objects.requireNonNull(system, "system");
      rate = system.rate();
      capacity = system.capacity();
      queue = system.queue();
      timeout = system.timeout();
      outageStart = system.outageStart();
      outageLength = system.outageLength();
      outageCapacity = system.outageCapacity();
      horizon = system.horizon();
      dropExpired = system.dropExpired();
      server = system.server().id();
      throttleRate = system.throttling() && system.throttleRate() != system.capacity() ? system.throttleRate() : 0;
      networkLatency = system.networkLatency();
      retryAfter = system.retryAfter();
      return this;
    }

    @Override
    protected Builder self() {
      return this;
    }

    /**
     * λ, requests per second.
     *
     * @throws IllegalArgumentException if not in {@code (0, 1e7]}
     */
    public Builder rate(double rate) {
      this.rate = OverloadSystem.rate(rate);
      return this;
    }

    /**
     * μ, requests the server completes per second.
     *
     * @throws IllegalArgumentException if not in {@code (0, 1e7]}
     */
    public Builder capacity(double capacity) {
      this.capacity = OverloadSystem.capacity(capacity);
      return this;
    }

    /**
     * The queue's size.
     *
     * @throws IllegalArgumentException if not in {@code [0, 10_000_000]}
     */
    public Builder queue(int queue) {
      this.queue = OverloadSystem.queue(queue);
      return this;
    }

    /**
     * The client's timeout, in seconds.
     *
     * @throws IllegalArgumentException if not in {@code (0, 1e6]}
     */
    public Builder timeout(double seconds) {
      this.timeout = OverloadSystem.timeout(seconds);
      return this;
    }

    /**
     * The outage: from {@code start} for {@code length} seconds the capacity is {@code fraction × μ}.
     *
     * @throws IllegalArgumentException if {@code start} or {@code length} is negative, NaN or over 1e6, or
     *     {@code fraction} is not in {@code [0, 1]}
     */
    public Builder outage(double start, double length, double fraction) {
      this.outageStart = OverloadSystem.seconds(start, "outage-start");
      this.outageLength = OverloadSystem.seconds(length, "outage-length");
      this.outageCapacity = OverloadSystem.outageCapacity(fraction);
      return this;
    }

    /**
     * The length of a run, in whole seconds.
     *
     * @throws IllegalArgumentException if not in {@code [1, 1_000_000]}
     */
    public Builder horizon(int seconds) {
      this.horizon = OverloadSystem.horizon(seconds);
      return this;
    }

    /** Whether the server discards queued requests whose client has given up (default false). */
    public Builder dropExpired(boolean dropExpired) {
      this.dropExpired = dropExpired;
      return this;
    }

    /**
     * The server: {@code queueing} (the default: what it cannot serve at once waits in the queue) or
     * {@code throttling} (above {@link #throttleRate(double)} attempts per second it rejects at once as throttled).
     *
     * @throws IllegalArgumentException if the name is neither
     */
    public Builder server(String server) {
      this.server = OverloadSystem.Server.parse(server).id();
      return this;
    }

    /**
     * The network and HTTP time of each answer, in seconds (default {@link NetworkLatency#ZERO}: none).
     *
     * @throws NullPointerException if {@code latency} is null
     */
    public Builder networkLatency(NetworkLatency latency) {
      this.networkLatency = Objects.requireNonNull(latency, "network-latency");
      return this;
    }

    /**
     * The network and HTTP time of each answer, as the option takes it: {@code 0}, {@code 2ms},
     * {@code normal:2ms,0.5ms} or {@code lognormal:2ms,0.5ms} ({@link NetworkLatency#parse}).
     *
     * @throws IllegalArgumentException if the text is none of these
     */
    public Builder networkLatency(String latency) {
      return networkLatency(NetworkLatency.parse(latency));
    }

    /**
     * The hint each throttled reply carries (default {@link RetryAfterHint#NONE}); only with
     * {@code server("throttling")} (checked by {@link #build()}).
     *
     * @throws NullPointerException if {@code hint} is null
     */
    public Builder retryAfter(RetryAfterHint hint) {
      this.retryAfter = Objects.requireNonNull(hint, "retry-after");
      return this;
    }

    /**
     * The hint as the option takes it: {@code 0}, {@code 1s}, {@code 500ms} ({@code Retry-After}) or
     * {@code millis:500ms} ({@link RetryAfterHint#parse}).
     *
     * @throws IllegalArgumentException if the text is none of these
     */
    public Builder retryAfter(String hint) {
      return retryAfter(RetryAfterHint.parse(hint));
    }

    /**
     * The throttling server's rate, attempts per second at full capacity (default: the capacity); only with
     * {@code server("throttling")} (checked by {@link #build()}).
     *
     * @throws IllegalArgumentException if not in {@code (0, 1e7]}
     */
    public Builder throttleRate(double rate) {
      this.throttleRate = OverloadSystem.throttleRate(rate);
      return this;
    }

    /**
     * The policies to compare, by name: built-in ({@link OverloadPolicy#NAMES}) or {@link #register registered}
     * (checked by {@link #build()}).
     *
     * @throws IllegalArgumentException if the list is empty, a name is blank or repeats
     */
    public Builder policies(List<String> names) {
      this.policies = Checks.names(names, "policies", name -> {
        if (name == null || name.isBlank()) {
          throw new IllegalArgumentException("policies: bad policy name '" + name + "' (must be non-blank)");
        }
      });
      return this;
    }

    /**
     * The policies as a comma-separated list, such as {@code retries,token-bucket}.
     *
     * @throws IllegalArgumentException as {@link #policies(List)}
     */
    public Builder policies(String commaSeparated) {
      return policies(Checks.split(Objects.requireNonNull(commaSeparated, "policies")));
    }

    /** Makes {@code policy} available by its name (replacing a built-in one of that name). */
    public Builder register(OverloadPolicy policy) {
      registeredPolicies.put(Objects.requireNonNull(policy, "policy").name(), policy);
      return this;
    }

    /**
     * The most attempts per request, the first included, for the policies that retry (4 = 3 retries).
     *
     * @throws IllegalArgumentException if not in {@code [1, 100]}
     */
    public Builder maxAttempts(int maxAttempts) {
      this.maxAttempts = Checks.inRange(maxAttempts, 1, MAX_ATTEMPTS, "max-attempts");
      return this;
    }

    /**
     * Builds the configuration.
     *
     * @throws IllegalArgumentException if the outage ends after the horizon, {@code rate × horizon > 1e9},
     *     {@code cap < base}, a policy or strategy name is unknown, or a throttle rate or a retry-after hint is
     *     given to the queueing server
     */
    public OverloadConfig build() {
      return new OverloadConfig(this);
    }
  }
}
