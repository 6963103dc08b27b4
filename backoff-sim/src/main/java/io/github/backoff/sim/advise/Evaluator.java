package io.github.backoff.sim.advise;

import io.github.backoff.sim.overload.OverloadModel;
import io.github.backoff.sim.overload.OverloadOutcome;
import io.github.backoff.sim.overload.OverloadPolicy;
import io.github.backoff.sim.run.Seeds;
import io.github.backoff.sim.spi.Trial;
import io.github.backoff.sim.sweep.ClientModel;
import io.github.backoff.sim.sweep.ModelKind;
import io.github.backoff.sim.sweep.OccModel;
import io.github.backoff.sim.sweep.RunOutcome;
import io.github.backoff.sim.sweep.SimulationConfig;
import io.github.backoff.sim.sweep.SingleServerModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Runs one candidate on one seed of a scenario, on the simulator's existing models ({@code overload} for a steady
 * scenario, {@code occ} or {@code single-server} for a burst), and fills the scenario's {@link Metrics}.
 *
 * <p><b>Common random numbers.</b> Seed index {@code rep} gives the same generators to every candidate: for a steady
 * scenario the arrivals, the service times and the backoff jitter each have their own stream seeded from
 * {@code (seed, rep)} only, so two candidates see the same requests and, where their decisions agree, the same
 * jitter; for a burst the model's one stream is seeded from {@code (seed, rep)}.
 *
 * <p>Immutable and thread-safe; {@link #newTrial} makes the per-thread state.
 */
final class Evaluator {
  private static final long HASH = "advise".hashCode();
  private final Scenario scenario;
  private final long seed;
  private final Metrics metrics;
  private final Map<String, OverloadPolicy> policies = new HashMap<>();

  Evaluator(Scenario scenario, long seed) {
    this.scenario = scenario;
    this.seed = seed;
    this.metrics = Metrics.of(scenario);
    for (OverloadPolicy p : OverloadPolicy.defaults()) {
      policies.put(p.name(), p);
    }
  }

  Metrics metrics() {
    return metrics;
  }

  /** A trial running {@code candidates.get(point)} on seed index {@code first + run}. */
  Trial newTrial(List<Candidate> candidates, int first) {
    return scenario.isBurst() ? burst(candidates, first) : steady(candidates, first);
  }

  private Trial steady(List<Candidate> candidates, int first) {
    Scenario s = scenario;
    OverloadModel model = new OverloadModel(s.system());
    OverloadOutcome o = new OverloadOutcome();
    double unrecovered = metrics.neverAt(); // never recovered: ranks after every run that recovers
    return (p, r, values, series) -> {
      Candidate c = candidates.get(p);
      OverloadPolicy policy = policies.get(c.policy());
      int rep = first + r;
      model.run(c.backoff(), policy.attempts(c.maxAttempts()), policy.budget(), policy.rateLimiter(),
          new SplittableRandom(Seeds.run(seed, HASH, "arrivals".hashCode(), 0, rep)),
          new SplittableRandom(Seeds.run(seed, HASH, "service".hashCode(), 0, rep)),
          new SplittableRandom(Seeds.run(seed, HASH, "jitter".hashCode(), 0, rep)), o);
      long requests = Math.max(1, o.requests());
      // By name, never by position: Metrics.STEADY's order is its own business.
      put(values, "requests", o.attempts()); // the attempts that reached the server (see Metrics.STEADY)
      put(values, "amplification", o.attempts() / (double) requests);
      put(values, "lost", o.lost() / (double) requests);
      put(values, "completion_mean", orHorizon(o.latencyMean()));
      put(values, "completion_p50", orHorizon(o.latencyP50()));
      put(values, "completion_p99", orHorizon(o.latencyP99()));
      put(values, "recovery", s.outageLength() == 0 ? 0 : o.recovered() ? o.recovery() : unrecovered);
      put(values, "throttled", o.attempts() == 0 ? 0 : o.throttled() / (double) o.attempts());
      return o.events();
    };
  }

  /** Sets metric {@code name}'s value. */
  private void put(double[] values, String name, double value) {
    int i = metrics.index(name);
    if (i < 0) {
      throw new IllegalStateException("no metric named " + name);
    }
    values[i] = value;
  }

  /** No request succeeded: its latency is taken as the whole run. */
  private double orHorizon(double latency) {
    return Double.isNaN(latency) ? scenario.horizon() : latency;
  }

  private Trial burst(List<Candidate> candidates, int first) {
    double nanosPerUnit = SimulationConfig.TIME_UNIT.toNanos();
    ClientModel model = scenario.model() == ModelKind.OCC ? new OccModel(nanosPerUnit)
        : new SingleServerModel(nanosPerUnit);
    RunOutcome outcome = new RunOutcome();
    int n = scenario.clients();
    double secondsPerUnit = nanosPerUnit / 1e9;
    return (p, r, values, series) -> {
      Candidate c = candidates.get(p);
      model.run(n, c.backoff(), new SplittableRandom(Seeds.run(seed, HASH, scenario.model().id().hashCode(), n,
          first + r)), outcome);
      put(values, "requests", outcome.work());
      put(values, "amplification", outcome.work() / (double) n);
      put(values, "completion", outcome.completion() * secondsPerUnit);
      return outcome.events();
    };
  }
}
