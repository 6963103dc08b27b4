package io.github.backoff.testbed;

import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.http.RetryingHttpClientBuilder;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.sim.StrategyRegistry;
import io.github.backoff.sim.StudyConfig;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadEngine;
import io.github.backoff.sim.overload.OverloadPolicy;
import io.github.backoff.sim.overload.OverloadStreams;
import io.github.backoff.sim.overload.RetryAfterHint;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.FaultServerBuilder;
import io.github.backoff.testing.RecordedRequest;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.random.RandomGenerator;

/**
 * Runs one run of an {@code overload} scenario for real on this machine: a loopback {@link FaultServer} with the
 * scenario's server, and the scenario's clients as real {@link RetryingHttpClient} calls under the policy.
 *
 * <ul>
 *   <li><b>Server.</b> One slot ({@code withMaxConcurrency(1)}), a FIFO queue of {@link OverloadConfig#queue()},
 *       a full queue answered 503 at once (no {@code Retry-After}: the model's clients back off as after any
 *       failure); service times {@code Exp(1) / μ}, drawn in the order the server starts its services from the run's
 *       own service stream ({@link OverloadStreams#service}), so the server does the very work the simulated one
 *       does; the outage is {@link FaultServer#capacity(double)} at the outage's capacity from its start to its end
 *       (requests queue, as in the model). A throttling server adds the rate limit (a bucket of 0.1 s of its rate,
 *       at least 1, as the model's), answered 429, without a hint unless the scenario has one
 *       ({@link OverloadConfig#retryAfter()}, scaled): then with {@code Retry-After} (whole seconds) or the
 *       millisecond hint {@value HttpRetryDelays#AMZ_RETRY_AFTER}, which the clients follow as
 *       {@link RetryingHttpClient} does (the latter once built with {@code withRetryAfterMillisHeader}; the client's
 *       longest {@code Retry-After} and a hint's most above the backoff are scaled too).</li>
 *   <li><b>Clients.</b> The request arrival times are the run's own arrival stream ({@link OverloadStreams#arrivals}):
 *       the same requests as the simulator's run. Each is a {@code PUT} (idempotent, so retried, and never resent
 *       by the JDK on its own) sent with {@code sendAsync} by one {@link RetryingHttpClient} per run, whose policy is
 *       the scenario's: the strategy's core {@link Backoff}, {@code policy.attempts(maxAttempts)} attempts, the
 *       timeout as the attempt timeout, and the policy's own budget ({@link OverloadPolicy#newBudget}, shared by
 *       all calls), or none.</li>
 *   <li><b>Time scale.</b> Real time is model time × {@code timeScale}: rates are divided by it; the timeout, the
 *       outage, the horizon, the service times and the strategy's base and cap are multiplied by it, and the
 *       budget reads a ticker of model time (real nanoseconds ÷ the scale), so a dimensionless scenario is the
 *       same. Times are reported back in model seconds. Network time does not scale: that is what the comparison
 *       measures.</li>
 * </ul>
 *
 * <p>Not supported (rejected with a message naming the setting): policies with a rate limiter,
 * {@code drop-expired}, a {@code Retry-After} hint that is not whole seconds once scaled (give it as a millisecond
 * hint, {@code millis:500ms}), and at a time scale other than 1 a strategy that is not one of the study's five (its
 * durations are its own, so they would not scale).
 *
 * <p>Thread use: the arrivals are sent from the calling thread; the HTTP client runs on a pool of two threads,
 * retries and the outage on one scheduler thread; the server takes a thread per connection. Everything is closed
 * when the run ends. Thread-safe: runs may be made from any thread, one at a time (they share the machine).
 *
 * <pre>{@code
 * OverloadConfig scenario = OverloadConfig.builder().rate(80).capacity(100).queue(200).timeout(1)
 *     .outage(10, 30, 0).horizon(60).build();
 * TestbedResult result = Testbed.run(scenario, "token-bucket", "full-jitter", 0, 1.0);
 * }</pre>
 */
public final class Testbed {
  /** The share of a run at its start left out of the in-situ network time: the JIT's warm-up. */
  static final double WARM_UP_SHARE = 0.2;

  private Testbed() {}

  /**
   * Runs run {@code run} of {@code scenario} with one policy and strategy, for real; takes the scenario's horizon ×
   * {@code timeScale} of wall time.
   *
   * @param scenario the scenario, in model units (its policies and strategies list need not include these)
   * @param policyName a policy the scenario knows (a built-in or registered one)
   * @param strategy a strategy the scenario knows
   * @param run the run index: which arrival and service streams of the scenario's seed
   * @param timeScale real seconds per model second, in (0, 100]
   * @throws IllegalArgumentException if the policy is unknown or has a rate limiter, the scenario drops expired
   *     requests, the time scale is out of range, or it is not 1 and the strategy is not a study strategy
   */
  public static TestbedResult run(OverloadConfig scenario, String policyName, String strategy, int run,
      double timeScale) {
    Objects.requireNonNull(scenario, "scenario");
    if (!(timeScale > 0 && timeScale <= 100)) {
      throw new IllegalArgumentException("time-scale: must be in (0, 100]: " + timeScale);
    }
    if (scenario.dropExpired()) {
      throw new IllegalArgumentException("drop-expired: the testbed's server cannot tell that a client gave up");
    }
    throttleReply(scenario, timeScale); // checks the hint
    OverloadPolicy policy = policy(scenario, policyName);
    if (policy.rateLimiter() != null) {
      throw new IllegalArgumentException("policies: '" + policyName + "' has a rate limiter, which the testbed does "
          + "not run");
    }
    Backoff backoff = backoff(scenario, strategy, timeScale);
    double[] arrivals = arrivals(scenario, run);
    return new Run(scenario, policy, strategy, run, timeScale, backoff, arrivals).execute();
  }

  /**
   * The strategy in real time: at time scale 1 any strategy the scenario knows, registered ones included; otherwise
   * a study strategy with the scenario's base and cap times the scale.
   *
   * @throws IllegalArgumentException if the time scale is not 1 and the strategy is not a study strategy
   */
  static Backoff backoff(OverloadConfig scenario, String strategy, double timeScale) {
    if (timeScale == 1) {
      return scenario.backoff(strategy);
    }
    if (StrategyRegistry.STUDY_NAMES.contains(strategy)) {
      return StrategyRegistry.study(StudyConfig.millis(scenario.base() * timeScale),
          StudyConfig.millis(scenario.decorrelatedBase() * timeScale), StudyConfig.millis(scenario.cap() * timeScale))
          .get(strategy);
    }
    throw new IllegalArgumentException("time-scale: strategy '" + strategy + "' keeps its own durations; only the "
        + "study strategies (" + String.join(", ", StrategyRegistry.STUDY_NAMES) + ") scale with --base and --cap:"
        + " use --time-scale 1");
  }

  /**
   * The throttling server's reply: 429, with the scenario's hint scaled by {@code timeScale} if it has one.
   *
   * @throws IllegalArgumentException if a {@code Retry-After} hint is not whole seconds once scaled
   */
  static FaultReply throttleReply(OverloadConfig scenario, double timeScale) {
    RetryAfterHint hint = scenario.retryAfter().scaled(timeScale);
    FaultReply reply = FaultReply.status(429);
    if (hint.isNone()) {
      return reply;
    }
    if (hint.isMillis()) {
      return reply.withAmzRetryAfter(hint.duration());
    }
    if (hint.nanos() % 1_000_000_000L != 0) {
      throw new IllegalArgumentException("retry-after: Retry-After carries whole seconds, and "
          + scenario.retryAfter() + " x time-scale " + timeScale + " = " + hint + " is not; give a millisecond "
          + "hint (millis:" + scenario.retryAfter() + ", x-amz-retry-after) or another time scale");
    }
    return reply.withRetryAfter(hint.duration());
  }

  /** The run's arrival times in model seconds: the simulator's, from the same stream, up to the horizon. */
  static double[] arrivals(OverloadConfig scenario, int run) {
    RandomGenerator random = OverloadStreams.arrivals(scenario.seed(), run);
    double[] times = new double[1024];
    int n = 0;
    double t = OverloadStreams.exponential(random) / scenario.rate();
    while (t < scenario.horizon()) {
      if (n == times.length) {
        times = Arrays.copyOf(times, n * 2);
      }
      times[n++] = t;
      t += OverloadStreams.exponential(random) / scenario.rate();
    }
    return Arrays.copyOf(times, n);
  }

  private static OverloadPolicy policy(OverloadConfig scenario, String name) {
    for (OverloadPolicy p : scenario.policies()) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    // Not among the scenario's selection: look it up by name as the configuration does.
    return OverloadConfig.builder().policies(name).build().policies().get(0);
  }

  /** One run's state. */
  private static final class Run {
    private final OverloadConfig scenario;
    private final OverloadPolicy policy;
    private final String strategy;
    private final int run;
    private final double scale;
    private final Backoff backoff;
    private final double[] arrivals;
    private final AtomicLongArray doneAt;
    private final AtomicIntegerArray status;
    private final RandomGenerator service;
    /** The services in the order the server started them: the request's sequence number and full-speed nanos. */
    private final java.util.List<long[]> services = new java.util.ArrayList<>();
    /** When the capacity changed (System.nanoTime), and to what. */
    private final java.util.List<double[]> capacityChanges = new java.util.concurrent.CopyOnWriteArrayList<>();

    Run(OverloadConfig scenario, OverloadPolicy policy, String strategy, int run, double scale, Backoff backoff,
        double[] arrivals) {
      this.scenario = scenario;
      this.policy = policy;
      this.strategy = strategy;
      this.run = run;
      this.scale = scale;
      this.backoff = backoff;
      this.arrivals = arrivals;
      this.doneAt = new AtomicLongArray(arrivals.length);
      this.status = new AtomicIntegerArray(arrivals.length);
      this.service = OverloadStreams.service(scenario.seed(), run);
    }

    /** The next service's time at full capacity, in the order the server starts services. */
    private Duration nextService(RecordedRequest request) {
      long nanos;
      synchronized (service) {
        nanos = RunAccounting.serviceNanos(OverloadStreams.exponential(service), scenario.capacity(), scale);
        services.add(new long[] {request.sequence(), nanos});
      }
      return Duration.ofNanos(nanos);
    }

    TestbedResult execute() {
      FaultServerBuilder b = FaultServer.builder().withMaxConcurrency(1).withQueueCapacity(scenario.queue())
          .withOverloadReply(FaultReply.status(503)).withServiceTime(this::nextService).withBacklog(4096);
      if (scenario.throttleRate() > 0) {
        int burst = (int) Math.max(1, Math.floor(scenario.throttleRate() * OverloadEngine.THROTTLE_BURST));
        b.withRateLimit(scenario.throttleRate() / scale, burst).withThrottleReply(throttleReply(scenario, scale));
      }
      ExecutorService clientPool = Executors.newFixedThreadPool(2, daemon("testbed-client"));
      ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(daemon("testbed-scheduler"));
      long wallStart = System.nanoTime();
      try (FaultServer server = b.start()) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(clientPool)
            .connectTimeout(Duration.ofNanos(nanos(scenario.timeout()))).build();
        long origin = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
        Ticker modelTicker = () -> RunAccounting.modelNanos(System.nanoTime(), origin, scale);
        RetryBudget budget = policy.newBudget(modelTicker);
        RetryPolicyBuilder<Object> rp = RetryPolicy.builder().withBackoff(backoff)
            .withMaxAttempts(policy.attempts(scenario.maxAttempts()))
            .withAttemptTimeout(Duration.ofNanos(nanos(scenario.timeout())));
        if (budget != null) {
          rp.withBudget(budget);
        }
        RetryingHttpClientBuilder cb = RetryingHttpClient.builder(http, rp.build()).withScheduler(scheduler);
        if (budget == null) {
          cb.withoutBudget();
        }
        // The hint rules' limits in real time: the model's (the client's defaults) times the scale.
        cb.withMaxRetryAfter(scaled(HttpRetryDelays.DEFAULT_MAX_RETRY_AFTER));
        if (scenario.retryAfter().isMillis()) {
          cb.withRetryAfterMillisHeader(HttpRetryDelays.AMZ_RETRY_AFTER,
              scaled(HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF));
        }
        RetryingHttpClient client = cb.build();
        String base = server.uri("/r/").toString();
        if (scenario.outageLength() > 0) {
          long start = origin + nanos(scenario.outageStart()) - System.nanoTime();
          long end = origin + nanos(scenario.outageEnd()) - System.nanoTime();
          double fraction = scenario.outageCapacity();
          scheduler.schedule(() -> changeCapacity(server, fraction), start, TimeUnit.NANOSECONDS);
          scheduler.schedule(() -> changeCapacity(server, 1), end, TimeUnit.NANOSECONDS);
        }
        double lagSum = 0;
        long lagMax = 0;
        for (int k = 0; k < arrivals.length; k++) {
          long due = origin + nanos(arrivals[k]);
          parkUntil(due);
          long lag = Math.max(0, System.nanoTime() - due);
          lagSum += lag;
          lagMax = Math.max(lagMax, lag);
          int i = k;
          // One path per request, so that the server's record tells which request an attempt belongs to.
          HttpRequest request = HttpRequest.newBuilder(java.net.URI.create(base + k))
              .PUT(HttpRequest.BodyPublishers.noBody()).build();
          client.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((response, failure) -> {
            status.set(i, failure == null ? response.statusCode() : -1);
            doneAt.set(i, System.nanoTime());
          });
        }
        long horizon = origin + nanos(scenario.horizon());
        parkUntil(horizon);
        java.util.List<RecordedRequest> recorded = server.requests();
        long attempts = RunAccounting.attemptsBefore(recorded, horizon);
        long rejected = server.overloadedCount();
        long throttled = server.throttledCount();
        double wall = (System.nanoTime() - wallStart) / 1e9;
        // One snapshot of the calls' completions for both figures; a call ending from now on ends after the horizon.
        long[] done = new long[arrivals.length];
        int[] statuses = new int[arrivals.length];
        for (int k = 0; k < arrivals.length; k++) {
          done[k] = doneAt.get(k); // read before the status, which the client sets first
          statuses[k] = status.get(k);
        }
        long[][] served;
        synchronized (service) {
          served = services.toArray(long[][]::new);
        }
        RunAccounting accounting = new RunAccounting(scenario, scale, arrivals, origin, horizon, done, statuses);
        LoopbackLatency.Measurement overhead = accounting.overhead(recorded, served, capacityChanges);
        RunAccounting.Outcome o = accounting.measure();
        return new TestbedResult(policy.name(), strategy, run, arrivals.length, attempts, o.successes(), o.lost(),
            rejected, throttled, o.latencyP50(), o.latencyP99(), o.latencyMean(), o.recovery(),
            lagSum / Math.max(1, arrivals.length) / 1e6, lagMax / 1e6, wall, overhead);
      } finally {
        scheduler.shutdownNow();
        clientPool.shutdownNow();
      }
    }

    private void changeCapacity(FaultServer server, double fraction) {
      capacityChanges.add(new double[] {System.nanoTime(), fraction});
      server.capacity(fraction);
    }

    /** A duration of model time in real time. */
    private Duration scaled(Duration model) {
      return RunAccounting.scaled(model, scale);
    }

    /** Model seconds as real nanoseconds. */
    private long nanos(double modelSeconds) {
      return RunAccounting.nanos(modelSeconds, scale);
    }
  }

  /** Parks until {@code System.nanoTime()} reaches {@code due}; an interrupt is kept and ends the wait. */
  static void parkUntil(long due) {
    for (;;) {
      long left = due - System.nanoTime();
      if (left <= 0 || Thread.currentThread().isInterrupted()) {
        return;
      }
      LockSupport.parkNanos(left);
    }
  }

  /** Daemon threads named {@code name}: a run that is abandoned does not keep the JVM alive. */
  static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
