package io.github.backoff.sim.advise;

import io.github.backoff.DurationSpec;
import io.github.backoff.InvalidParameterException;
import io.github.backoff.sim.internal.ScenarioSystems;
import io.github.backoff.NameSuggester;
import io.github.backoff.PercentSpec;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadSystem;
import io.github.backoff.sim.overload.RetryAfterHint;
import io.github.backoff.sim.sweep.ModelKind;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What {@link Advisor} is asked about: the clients, the service, how it fails, the objective and its constraints,
 * and the search space, read from a small {@code .properties} file (no YAML: properties need no library and are
 * enough for a flat list of keys).
 *
 * <p>Two kinds of scenario map onto the simulator's existing models, never a new one:
 * <ul>
 *   <li>{@code clients.arrival=burst}: {@code clients.count} clients start at time 0 and each needs one success,
 *       retrying until it gets it: the AWS "Exponential Backoff And Jitter" contention study, on model {@code occ}
 *       (optimistic concurrency, the study itself) or {@code single-server} ({@code service.model}).
 *   <li>{@code clients.arrival=steady}: requests arrive at {@code clients.rate} per second at a server of
 *       {@code service.capacity} per second with a {@code service.queue}, clients time out after
 *       {@code clients.timeout}, an optional outage, and a {@code queueing} or {@code throttling} server: model
 *       {@code overload} ({@code overloadConfig()} gives its settings, for tests).
 * </ul>
 *
 * <p>Every key is listed in {@link #KEYS}; an unknown key, a value of the wrong form or out of range fails with an
 * {@link InvalidParameterException} whose parameter is the key and whose message starts with it
 * ({@code "service.capacity: must be > 0: -5"}). Durations are {@code 500ms}, {@code 1.5s}, {@code 2m} or a plain
 * number of seconds.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Scenario scenario = Scenario.load(Path.of("docs/scenarios/outage-80.properties"))
 *     .with(Map.of("clients.rate", "900"));           // what a command-line flag overrides
 * Advice advice = Advisor.builder().seed(42).build().advise(scenario, scenario.objective());
 * }</pre>
 */
public final class Scenario {
  static {
    ScenarioSystems.register(Scenario::system);
  }

  /** The clients arrive all at once at time 0 (contention). */
  public static final String BURST = "burst";
  /** The clients send requests at a steady rate (an open system). */
  public static final String STEADY = "steady";

  /** Every key a scenario file may hold, with what it means. */
  public static final Map<String, String> KEYS = keys();

  private final Map<String, String> values;
  private final String arrival;
  private final int clients;
  private final ModelKind model;
  /** Steady: the model's system, mapped from the {@code clients.*}, {@code service.*} and {@code horizon} keys. */
  private final OverloadSystem system;
  private final Objective objective;
  private final SearchSpace search;

  private Scenario(Map<String, String> given) {
    for (Map.Entry<String, String> e : given.entrySet()) {
      if (!KEYS.containsKey(e.getKey())) {
        throw new InvalidParameterException(e.getKey(), e.getValue(), e.getKey() + ": unknown key"
            + NameSuggester.didYouMean(e.getKey(), KEYS.keySet()) + " (known: " + String.join(", ", KEYS.keySet())
            + ")");
      }
    }
    this.values = Collections.unmodifiableMap(new TreeMap<>(given));
    arrival = text("clients.arrival", null);
    if (arrival == null) {
      throw new InvalidParameterException("clients.arrival", null,
          "clients.arrival: missing: must be burst or steady");
    }
    if (!arrival.equals(BURST) && !arrival.equals(STEADY)) {
      throw new InvalidParameterException("clients.arrival", arrival,
          "clients.arrival: must be burst or steady: '" + arrival + "'");
    }
    boolean burst = isBurst();
    for (String key : given.keySet()) {
      boolean steadyOnly = key.startsWith("service.") && !key.equals("service.model")
          || key.equals("clients.rate") || key.equals("clients.timeout") || key.equals("horizon");
      boolean burstOnly = key.equals("clients.count") || key.equals("service.model");
      if (burst && steadyOnly || !burst && burstOnly) {
        throw new InvalidParameterException(key, given.get(key), key + ": does not apply to clients.arrival="
            + arrival + " (it applies to " + (burst ? STEADY : BURST) + ")");
      }
    }
    clients = wholeNumber("clients.count", 100, 1, 100_000);
    String modelName = text("service.model", "occ");
    if (!modelName.equals("occ") && !modelName.equals("single-server")) {
      throw new InvalidParameterException("service.model", modelName,
          "service.model: must be occ or single-server: '" + modelName + "'");
    }
    model = ModelKind.parse(modelName);
    system = burst ? null : mapSystem();
    if (!burst && system.rate() * system.horizon() > MAX_REQUESTS) {
      throw new InvalidParameterException("clients.rate", values.get("clients.rate"),
          "clients.rate: rate x horizon must be <= 5e7 requests (the advisor runs every candidate on it): "
              + fmt(system.rate()) + " x " + system.horizon());
    }
    List<String> constraints = new ArrayList<>();
    String list = values.get("constraints");
    if (list != null && !list.isBlank()) {
      for (String c : list.split(",")) {
        constraints.add(c.strip());
      }
    }
    objective = Objective.parse(text("objective", "min attempts"), constraints, Metrics.of(this));
    search = SearchSpace.of(this);
  }

  /**
   * The scenario in {@code file} (a {@code .properties} file).
   *
   * @throws InvalidParameterException with parameter {@code scenario} if the file is missing or unreadable, or as
   *     {@link #of(Map)} for its contents
   */
  public static Scenario load(Path file) {
    Objects.requireNonNull(file, "file");
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return of(read(reader));
    } catch (NoSuchFileException e) {
      throw new InvalidParameterException("scenario", file, "scenario: no such file: " + file);
    } catch (IOException e) {
      throw new InvalidParameterException("scenario", file, "scenario: cannot read " + file + ": "
          + (e.getMessage() == null ? "input/output error" : e.getMessage()));
    } catch (IllegalArgumentException e) {
      if (e instanceof InvalidParameterException) {
        throw e;
      }
      throw new InvalidParameterException("scenario", file, "scenario: " + file + " is not a properties file: "
          + e.getMessage());
    }
  }

  /**
   * The scenario in {@code text}, in {@code .properties} syntax.
   *
   * @throws InvalidParameterException as {@link #of(Map)}
   */
  public static Scenario parse(String text) {
    try {
      return of(read(new StringReader(text)));
    } catch (IOException e) {
      throw new IllegalStateException("a string cannot fail to read", e);
    }
  }

  /**
   * The scenario of these keys and values.
   *
   * @throws InvalidParameterException naming the key and the value if a key is unknown or does not apply to the
   *     arrival, or a value is malformed or out of range
   */
  public static Scenario of(Map<String, String> values) {
    Map<String, String> copy = new LinkedHashMap<>();
    values.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "key").strip(),
        Objects.requireNonNull(v, k).strip()));
    return new Scenario(copy);
  }

  /**
   * This scenario with some keys replaced (a command line's overrides); an empty value removes a key.
   *
   * @throws InvalidParameterException as {@link #of(Map)}
   */
  public Scenario with(Map<String, String> overrides) {
    Map<String, String> merged = new LinkedHashMap<>(values);
    overrides.forEach((k, v) -> {
      if (v == null || v.isBlank()) {
        merged.remove(k);
      } else {
        merged.put(k, v);
      }
    });
    return of(merged);
  }

  private static Map<String, String> read(Reader reader) throws IOException {
    Properties p = new Properties();
    p.load(reader);
    Map<String, String> map = new LinkedHashMap<>();
    for (String name : new TreeMap<>(toStrings(p)).keySet()) {
      map.put(name, p.getProperty(name));
    }
    return map;
  }

  private static Map<String, String> toStrings(Properties p) {
    Map<String, String> m = new TreeMap<>();
    for (String name : p.stringPropertyNames()) {
      m.put(name, p.getProperty(name));
    }
    return m;
  }

  /** The keys and values given, sorted by key. */
  public Map<String, String> values() {
    return values;
  }

  /** {@link #BURST} or {@link #STEADY}. */
  public String arrival() {
    return arrival;
  }

  /** Whether the clients arrive all at once ({@link #BURST}). */
  public boolean isBurst() {
    return BURST.equals(arrival);
  }

  /** Burst: the number of clients. */
  public int clients() {
    return clients;
  }

  /** Burst: the model, {@code occ} or {@code single-server}. */
  ModelKind model() {
    return model;
  }

  /** Steady: requests per second. */
  public double rate() {
    return steady().rate();
  }

  /** Steady: requests the server completes per second. */
  public double capacity() {
    return steady().capacity();
  }

  /** Steady: the server's queue. */
  public int queue() {
    return steady().queue();
  }

  /** Steady: {@code queueing} or {@code throttling}. */
  public String failure() {
    return steady().server().id();
  }

  /**
   * Steady: the {@code overload} model's system, the one value the advisor, {@code backoff simulate} and the
   * testbed run this scenario with. Package-private so that the exported API names no internal type; backoff-testbed
   * reaches it through {@code ScenarioSystems}.
   *
   * @throws IllegalStateException for a burst scenario
   */
  OverloadSystem system() {
    return steady();
  }

  private OverloadSystem steady() {
    if (system == null) {
      throw new IllegalStateException("a burst scenario has no overload model: it runs on " + model.id());
    }
    return system;
  }

  /** Steady: attempts per second a throttling server admits; the capacity when not given. */
  public double throttleRate() {
    return steady().throttleRate();
  }

  /** Steady: the outage's start, in seconds. */
  public double outageStart() {
    return steady().outageStart();
  }

  /** Steady: the outage's length, in seconds (0: none). */
  public double outageLength() {
    return steady().outageLength();
  }

  /** Steady: the capacity during the outage, as a fraction of the capacity. */
  public double outageCapacity() {
    return steady().outageCapacity();
  }

  /** Steady: whether the server drops queued requests whose client gave up. */
  public boolean dropExpired() {
    return steady().dropExpired();
  }

  /** Steady: the client's timeout per attempt, in seconds. */
  public double timeout() {
    return steady().timeout();
  }

  /** Steady: the length of a run, in seconds. */
  public int horizon() {
    return steady().horizon();
  }

  /** The objective and constraints the file gives ({@code min attempts} and none by default). */
  public Objective objective() {
    return objective;
  }

  /** The metrics this scenario's runs measure, by name, for objectives and constraints. */
  public List<String> metrics() {
    return Metrics.of(this).names();
  }

  SearchSpace search() {
    return search;
  }

  /**
   * Steady: the {@code overload} model's settings for this scenario (rate, capacity, queue, timeout, outage,
   * horizon, server, throttle rate, drop-expired), as a builder to complete with policies and strategies; what
   * {@code backoff simulate --model overload} takes as {@link #simulateOptions()}.
   *
   * @throws IllegalStateException for a burst scenario
   */
  OverloadConfig.Builder overloadConfig() {
    return OverloadConfig.builder().system(steady());
  }

  /**
   * The scenario as options of {@code backoff simulate}, for a person to paste: {@code --model overload --rate 800
   * ...} for a steady scenario, {@code --model occ --clients 100} for a burst; a {@link Candidate#simulateOptions()}
   * completes it. Programs take {@link #system()} instead.
   */
  public String simulateOptions() {
    if (isBurst()) {
      return "--model " + model.id() + " --clients " + clients;
    }
    OverloadSystem y = steady();
    StringBuilder sb = new StringBuilder("--model overload --rate ").append(fmt(y.rate())).append(" --capacity ")
        .append(fmt(y.capacity())).append(" --queue ").append(y.queue()).append(" --timeout ")
        .append(time(y.timeout())).append(" --outage-start ").append(time(y.outageStart()))
        .append(" --outage-length ").append(time(y.outageLength())).append(" --outage-capacity ")
        .append(PercentSpec.format(y.outageCapacity())).append(" --horizon ").append(y.horizon()).append('s');
    if (y.throttling()) {
      sb.append(" --server throttling --throttle-rate ").append(fmt(y.throttleRate()));
      if (!y.retryAfter().isNone()) {
        sb.append(" --retry-after ").append(y.retryAfter());
      }
    }
    if (y.dropExpired()) {
      sb.append(" --drop-expired");
    }
    return sb.toString();
  }

  /** A one-line description, for reports. */
  public String describe() {
    if (isBurst()) {
      return clients + " clients at once on model " + model.id() + ", each retrying until it succeeds";
    }
    OverloadSystem y = steady();
    String server = y.throttling()
        ? "throttling server admitting " + fmt(y.throttleRate()) + "/s"
            + (y.retryAfter().isNone() ? "" : " (throttled: " + y.retryAfter() + ")") + ", capacity "
            + fmt(y.capacity()) + "/s"
        : "queueing server of capacity " + fmt(y.capacity()) + "/s";
    String outage = y.outageLength() > 0 ? ", outage " + fmt(y.outageLength()) + " s from " + fmt(y.outageStart())
        + " s at " + fmt(100 * y.outageCapacity()) + " % capacity" : ", no outage";
    return fmt(y.rate()) + " requests/s (" + fmt(Math.round(1000 * y.rate() / y.capacity()) / 10.0)
        + " % load) at a " + server + ", queue " + y.queue() + ", client timeout " + fmt(y.timeout()) + " s"
        + outage + (y.dropExpired() ? ", expired requests dropped" : "") + ", " + y.horizon() + " s per run";
  }

  @Override
  public String toString() {
    return "Scenario" + values;
  }

  /**
   * The one place where the scenario's keys become the {@code overload} model's {@code OverloadSystem}: the model's
   * defaults ({@code OverloadSystem.DEFAULTS}) except that a scenario has no outage unless it says so and its
   * horizon defaults to the outage's end + 40 s (at least 60 s); the model's limits, reported under the key.
   */
  private OverloadSystem mapSystem() {
    OverloadSystem d = OverloadSystem.DEFAULTS;
    double outageStart = seconds("service.outage.start", 0);
    double outageLength = seconds("service.outage.length", 0);
    double h = seconds("horizon", Math.max(60, Math.ceil(outageStart + outageLength) + 40));
    if (h != Math.rint(h) || h > OverloadSystem.MAX_HORIZON) {
      throw new InvalidParameterException("horizon", values.get("horizon"),
          "horizon: must be a whole number of seconds up to " + OverloadSystem.MAX_HORIZON + ": "
              + values.get("horizon"));
    }
    OverloadSystem.Server server;
    try {
      server = OverloadSystem.Server.parse(text("service.failure", d.server().id()));
    } catch (IllegalArgumentException e) {
      throw new InvalidParameterException("service.failure", values.get("service.failure"),
          "service.failure: must be queueing or throttling: '" + values.get("service.failure") + "'");
    }
    try {
      return new OverloadSystem(number("clients.rate", d.rate()), number("service.capacity", d.capacity()),
          wholeNumber("service.queue", d.queue(), Integer.MIN_VALUE, Integer.MAX_VALUE),
          seconds("clients.timeout", d.timeout()), outageStart, outageLength,
          percent("service.outage.capacity", 0), (int) h,
          flag("service.drop_expired", d.dropExpired()), server, number("service.throttle_rate", 0),
          d.networkLatency(), retryAfterHint());
    } catch (InvalidParameterException e) {
      String key = KEY_OF.getOrDefault(e.parameter(), e.parameter());
      String why = e.getMessage().startsWith(e.parameter() + ": ")
          ? e.getMessage().substring(e.parameter().length() + 2) : e.getMessage();
      String given = values.get(key);
      String shown = String.valueOf(e.value());
      if (given != null && why.endsWith(": " + shown)) { // the value as the file spells it
        why = why.substring(0, why.length() - shown.length()) + given;
      }
      if (why.startsWith("applies to the throttling server only")) {
        why = "applies to service.failure=throttling only";
      }
      throw new InvalidParameterException(key, values.get(key), key + ": " + why);
    }
  }

  /** The scenario key of each {@code OverloadSystem} option name. */
  private static final Map<String, String> KEY_OF = Map.ofEntries(Map.entry("rate", "clients.rate"),
      Map.entry("capacity", "service.capacity"), Map.entry("queue", "service.queue"),
      Map.entry("timeout", "clients.timeout"), Map.entry("outage-start", "service.outage.start"),
      Map.entry("outage-length", "service.outage.length"), Map.entry("outage-capacity", "service.outage.capacity"),
      Map.entry("horizon", "horizon"), Map.entry("drop-expired", "service.drop_expired"),
      Map.entry("server", "service.failure"), Map.entry("throttle-rate", "service.throttle_rate"),
      Map.entry("retry-after", "service.retry_after"));

  /** The advisor's own bound on {@code clients.rate × horizon}: each of its many candidates runs it. */
  static final double MAX_REQUESTS = 5e7;

  // --- value parsing: each names its key and value ---

  /** {@code service.retry_after}: the hint a throttled attempt's reply carries, in the overload model's forms. */
  private RetryAfterHint retryAfterHint() {
    String v = values.get("service.retry_after");
    if (v == null) {
      return RetryAfterHint.NONE;
    }
    try {
      return RetryAfterHint.parse(v.trim());
    } catch (IllegalArgumentException e) {
      String why = e.getMessage() == null ? "" : e.getMessage().replaceFirst("^retry-after: ", "");
      throw new InvalidParameterException("service.retry_after", v, "service.retry_after: " + why);
    }
  }

  private String text(String key, String otherwise) {
    String v = values.get(key);
    return v == null ? otherwise : v;
  }

  /** A share in the core's one grammar ({@link PercentSpec}): {@code 50%}; a bare number other than 0 is refused. */
  private double percent(String key, double otherwise) {
    String v = values.get(key);
    if (v == null) {
      return otherwise;
    }
    double fraction;
    try {
      fraction = PercentSpec.parse(v);
    } catch (IllegalArgumentException e) {
      throw new InvalidParameterException(key, v, key + ": " + e.getMessage());
    }
    if (fraction > 1) {
      throw new InvalidParameterException(key, v, key + ": must be at most 100%: " + v);
    }
    return fraction;
  }

  private double number(String key, double otherwise) {
    String v = values.get(key);
    if (v == null) {
      return otherwise;
    }
    try {
      double d = Double.parseDouble(v);
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new NumberFormatException();
      }
      return d;
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(key, v, key + ": not a number: '" + v + "'");
    }
  }

  private int wholeNumber(String key, int otherwise, int min, int max) {
    String v = values.get(key);
    if (v == null) {
      return otherwise;
    }
    long n;
    try {
      n = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(key, v, key + ": not a whole number: '" + v + "'");
    }
    if (n < min || n > max) {
      throw new InvalidParameterException(key, v, key + ": must be in [" + min + ", " + max + "]: " + v);
    }
    return (int) n;
  }

  private boolean flag(String key, boolean otherwise) {
    String v = values.get(key);
    if (v == null) {
      return otherwise;
    }
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new InvalidParameterException(key, v, key + ": must be true or false: '" + v + "'");
  }

  private double seconds(String key, double otherwise) {
    String v = values.get(key);
    if (v == null) {
      return otherwise;
    }
    try {
      return Units.seconds(v);
    } catch (IllegalArgumentException e) {
      throw new InvalidParameterException(key, v, key + ": " + e.getMessage());
    }
  }

  /** Seconds as a duration in the core's one grammar: {@code 1s}, {@code 500ms}, {@code 0}. */
  static String time(double seconds) {
    return DurationSpec.format(Duration.ofNanos(Math.round(seconds * 1e9)));
  }

  static String fmt(double d) {
    return Units.number(d);
  }

  private static Map<String, String> keys() {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("clients.arrival", "burst (all clients at time 0, each retrying until it succeeds) or steady (a rate)");
    k.put("clients.count", "burst: the number of clients (default 100)");
    k.put("clients.rate", "steady: requests arriving per second, a Poisson process (default 800)");
    k.put("clients.timeout", "steady: how long a client waits for an attempt (default 1s)");
    k.put("service.model", "burst: occ (optimistic concurrency, the AWS study) or single-server (default occ)");
    k.put("service.capacity", "steady: requests the server completes per second (default 1000)");
    k.put("service.queue", "steady: requests that can wait; one more is rejected at once (default 2000)");
    k.put("service.failure", "steady: queueing (overload queues) or throttling (rejects above a rate at once, "
        + "as 429/503 throttling) (default queueing)");
    k.put("service.throttle_rate", "steady, throttling: attempts admitted per second (default the capacity)");
    k.put("service.retry_after", "steady, throttling: the hint a throttled reply carries: 0 (none), a Retry-After "
        + "duration such as 1s, or millis:500ms for x-amz-retry-after (default 0)");
    k.put("service.outage.start", "steady: when the outage starts (default 0)");
    k.put("service.outage.length", "steady: how long it lasts; 0 for none (default 0)");
    k.put("service.outage.capacity", "steady: the capacity during the outage, a percentage such as 50%; 0 = down (default 0)");
    k.put("service.drop_expired", "steady: the server drops queued requests whose client gave up (default false)");
    k.put("horizon", "steady: the length of a run (default the outage's end + 40 s, at least 60 s)");
    k.put("objective", "min METRIC or max METRIC (default min attempts)");
    k.put("constraints", "comma-separated METRIC<=VALUE or METRIC>=VALUE (default none)");
    k.put("search.strategies", "strategy families to search (default full-jitter, equal-jitter, "
        + "decorrelated-jitter, exponential)");
    k.put("search.presets", "presets shown beside and searched: all, none or a list (default all)");
    k.put("search.bases", "bases to search, durations (default burst 5ms, 10ms, 25ms, 50ms, 100ms, 200ms; steady 50ms, 500ms)");
    k.put("search.caps", "caps to search, durations (default burst 250ms, 500ms, 1s, 2s, 10s; steady 2s, 20s)");
    k.put("search.multipliers", "multipliers to search, for the families that take one (default burst 1.5, 2, "
        + "3; steady 2)");
    k.put("search.max_attempts", "steady: attempt limits to search (default 2, 3, 5)");
    k.put("search.budgets", "steady: budgets to search: none, token-bucket, retry-quota, ratio, "
        + "retry-quota-2026, adaptive (default all of these; adaptive only with a throttling server)");
    k.put("search.reps", "seeds per candidate in the first round (default burst 2, steady 1)");
    k.put("search.max_reps", "the most seeds a candidate gets in the search (default burst 16, steady 8)");
    k.put("search.final_reps", "fresh seeds for the final check (default 10)");
    k.put("search.finalists", "how many of the search's best go to the final check (default 4)");
    k.put("search.candidates", "at most this many grid candidates, evenly spread (default all)");
    return Collections.unmodifiableMap(k);
  }

  static Duration duration(String key, String text) {
    try {
      return DurationSpec.parse(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidParameterException(key, text, key + ": " + e.getMessage());
    }
  }
}
