package io.github.backoff.testbed;

import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadEngine;
import io.github.backoff.sim.overload.OverloadRunTally;
import io.github.backoff.testing.RecordedRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * The accounting of one {@link Testbed} run, apart from its real-time part: what the clients and the server recorded
 * (readings of {@code System.nanoTime}) turned into the run's figures in model units. Pure functions of plain data,
 * so that each rule can be pinned on hand-made records; {@code Testbed.Run} records and calls them.
 *
 * <p>An instance holds one run's record: the scenario, the time scale, the arrival times (model seconds), the
 * nanoTime readings of model time 0 ({@code origin}) and of the horizon, and per request when its call completed
 * ({@code doneAt}, 0 while in flight) and with what status (-1 for a failure). The arrays are not copied: the caller
 * hands over snapshots it no longer changes. Immutable once built, so thread-safe.
 *
 * <pre>{@code
 * RunAccounting accounting = new RunAccounting(scenario, 1.0, arrivals, origin, horizon, doneAt, status);
 * RunAccounting.Outcome outcome = accounting.measure();
 * }</pre>
 */
final class RunAccounting {
  private final OverloadConfig scenario;
  private final double scale;
  private final double[] arrivals;
  private final long origin;
  private final long horizon;
  private final long[] doneAt;
  private final int[] status;

  RunAccounting(OverloadConfig scenario, double scale, double[] arrivals, long origin, long horizon, long[] doneAt,
      int[] status) {
    this.scenario = scenario;
    this.scale = scale;
    this.arrivals = arrivals;
    this.origin = origin;
    this.horizon = horizon;
    this.doneAt = doneAt;
    this.status = status;
  }

  /**
   * What the clients saw by the horizon.
   *
   * @param successes requests answered 200 before the horizon
   * @param lost requests that completed otherwise before the horizon
   * @param latencyP50 the median latency, model seconds, as the simulator bins it ({@link #quantile})
   * @param latencyP99 the 99th percentile, likewise
   * @param latencyMean the mean latency, model seconds, not binned; NaN without a success
   * @param recovery {@link #recovery} of the goodput per model second
   */
  record Outcome(long successes, long lost, double latencyP50, double latencyP99, double latencyMean,
      double recovery) {}

  /** The successes, the losses and the latency and goodput figures, counted as the simulator counts them. */
  Outcome measure() {
    int bins = (int) Math.ceil(scenario.horizon() / OverloadEngine.LATENCY_BIN) + 1;
    int[] latency = new int[bins];
    double[] goodput = new double[scenario.horizon()];
    long successes = 0;
    long lost = 0;
    double latencySum = 0;
    for (int k = 0; k < arrivals.length; k++) {
      long done = doneAt[k];
      if (done == 0 || done - horizon >= 0) {
        continue; // still in flight at the horizon: neither a success nor lost, as in the model
      }
      if (status[k] == 200) {
        successes++;
        double seconds = (done - origin) / 1e9 / scale - arrivals[k];
        latencySum += seconds;
        latency[(int) Math.min(bins - 1, Math.max(0, seconds) / OverloadEngine.LATENCY_BIN)]++;
        goodput[Math.min(goodput.length - 1, (int) ((done - origin) / 1e9 / scale))]++;
      } else {
        lost++;
      }
    }
    return new Outcome(successes, lost, quantile(latency, successes, 0.5), quantile(latency, successes, 0.99),
        successes == 0 ? Double.NaN : latencySum / successes, recovery(goodput, scenario));
  }

  /**
   * The network and HTTP time of the requests that succeeded at their first attempt: from arrival to the reply at
   * the client, less the time the server held the attempt, over the requests that arrived after the first
   * {@link Testbed#WARM_UP_SHARE} of the run (while the JIT compiles the client's and server's code). The server's
   * schedule is rebuilt from what it recorded (arrival times) and the services in the order it started them: each
   * starts when it arrived or when the one before it ended, whichever is later, and takes its service time at the
   * capacity of the moment ({@link #endOf}), as the server schedules it.
   *
   * @param recorded the server's record, indexed by sequence number
   * @param served the services in the order the server started them: {sequence number, full-speed nanos}
   * @param capacityChanges when the capacity changed (nanoTime) and to what, in time order
   */
  LoopbackLatency.Measurement overhead(List<RecordedRequest> recorded, long[][] served,
      List<double[]> capacityChanges) {
    int[] attemptsOf = new int[arrivals.length];
    for (RecordedRequest r : recorded) {
      int k = requestOf(r.path(), arrivals.length);
      if (k >= 0) {
        attemptsOf[k]++;
      }
    }
    double[] held = new double[arrivals.length];
    Arrays.fill(held, Double.NaN); // NaN: not a first-attempt-only request the server finished
    double end = Double.NEGATIVE_INFINITY;
    for (long[] s : served) {
      RecordedRequest r = recorded.get((int) s[0]);
      double start = Math.max(r.arrivalNanos(), end);
      end = endOf(start, s[1], capacityChanges);
      int k = requestOf(r.path(), arrivals.length);
      if (k >= 0 && attemptsOf[k] == 1) {
        held[k] = end - r.arrivalNanos();
      }
    }
    double[] times = new double[arrivals.length];
    int n = 0;
    double warmUp = Testbed.WARM_UP_SHARE * scenario.horizon();
    for (int k = 0; k < arrivals.length; k++) {
      long done = doneAt[k];
      if (arrivals[k] >= warmUp && done != 0 && done - horizon < 0 && status[k] == 200
          && !Double.isNaN(held[k])) {
        double total = done - (origin + nanos(arrivals[k], scale));
        times[n++] = Math.max(0, total - held[k]) / 1e9;
      }
    }
    return LoopbackLatency.Measurement.of(Arrays.copyOf(times, n));
  }

  /**
   * The end of {@code work} full-speed nanoseconds of service from {@code start}, through the capacity changes
   * ({nanoTime, capacity}, in time order; capacity 1 before the first); +Infinity if it never ends (the capacity
   * stays 0).
   */
  static double endOf(double start, long work, List<double[]> changes) {
    double t = start;
    double left = work;
    double speed = 1;
    int i = 0;
    while (i < changes.size() && changes.get(i)[0] <= t) {
      speed = changes.get(i)[1];
      i++;
    }
    for (;;) {
      double next = i < changes.size() ? changes.get(i)[0] : Double.POSITIVE_INFINITY;
      if (speed > 0 && t + left / speed <= next) {
        return t + left / speed;
      }
      if (next == Double.POSITIVE_INFINITY) {
        return Double.POSITIVE_INFINITY;
      }
      left -= (next - t) * speed;
      t = next;
      speed = changes.get(i)[1];
      i++;
    }
  }

  /** The request an attempt belongs to, from its path {@code /r/K}, of {@code requests}; -1 if none. */
  static int requestOf(String path, int requests) {
    int slash = path.lastIndexOf('/');
    try {
      int k = Integer.parseInt(path.substring(slash + 1));
      return k >= 0 && k < requests ? k : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The simulator's rule ({@link OverloadRunTally#quantile}) on the latency bins; NaN if the count is 0. */
  static double quantile(int[] bins, long count, double q) {
    return OverloadRunTally.quantile(bins, bins.length, count, q, OverloadEngine.LATENCY_BIN);
  }

  /**
   * The simulator's recovery rule ({@link OverloadRunTally#recovery(double[], int, double, double, double)}) on the
   * goodput per model second; NaN without an outage (the comparison shows no recovery then) or if it never recovers.
   */
  static double recovery(double[] goodput, OverloadConfig scenario) {
    if (scenario.outageLength() == 0) {
      return Double.NaN;
    }
    return OverloadRunTally.recovery(goodput, goodput.length, scenario.horizon(), scenario.outageEnd(),
        scenario.rate());
  }

  /** The attempts the server read before the horizon (nanoTime readings compared by difference: no wrap-around). */
  static long attemptsBefore(List<RecordedRequest> recorded, long horizon) {
    long attempts = 0;
    for (RecordedRequest r : recorded) {
      if (r.arrivalNanos() - horizon < 0) {
        attempts++;
      }
    }
    return attempts;
  }

  /** A service time of {@code draw} (an {@code Exp(1)} draw) at a server of {@code capacity}, in real nanos. */
  static long serviceNanos(double draw, double capacity, double scale) {
    return Math.round(draw / capacity * scale * 1e9);
  }

  /** The model time, in nanoseconds, of the nanoTime reading {@code now}. */
  static long modelNanos(long now, long origin, double scale) {
    return (long) ((now - origin) / scale);
  }

  /** A duration of model time in real time. */
  static Duration scaled(Duration model, double scale) {
    return Duration.ofNanos(Math.round(model.toNanos() * scale));
  }

  /** Model seconds as real nanoseconds. */
  static long nanos(double modelSeconds, double scale) {
    return Math.round(modelSeconds * scale * 1e9);
  }
}
