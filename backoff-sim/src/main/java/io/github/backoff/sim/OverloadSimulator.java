package io.github.backoff.sim;

import io.github.backoff.sim.model.OverloadModel;
import io.github.backoff.sim.model.OverloadOutcome;
import io.github.backoff.sim.report.OverloadReports;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs an {@code overload} simulation: every (policy, strategy) of an {@link OverloadConfig}, {@code runs} times
 * each, spread over {@code threads} threads, and optionally writes the reports.
 *
 * <p><b>Determinism.</b> Run {@code r} draws its arrivals and its service times from two generators seeded from
 * {@code (seed, r)} only, so every policy faces the same requests (common random numbers), and its backoff jitter
 * from one seeded from {@code (seed, policy, strategy, r)}. Results are stored by index and averaged in index
 * order, so the reports are byte-identical whatever the thread count.
 *
 * <p>Stateless and thread-safe; each call uses threads of its own (the calling thread is one of them). If the
 * calling thread is interrupted while waiting for the others, a {@link CancellationException} is thrown.
 *
 * <pre>{@code
 * OverloadResult result = OverloadSimulator.run(OverloadConfig.defaults(), ProgressListener.NONE);
 * System.out.print(result.summary());
 * }</pre>
 */
public final class OverloadSimulator {
  private static final long MODEL_HASH = "overload".hashCode();

  private OverloadSimulator() {}

  /**
   * Simulates {@code config} and writes {@code timeseries.csv}, {@code summary.csv}, {@code runs.csv},
   * {@code goodput.png}, {@code overload.png} and {@code report.html} into {@code config.out()}.
   *
   * @throws IOException if a report cannot be written
   * @throws CancellationException if the calling thread is interrupted
   */
  public static OverloadResult run(OverloadConfig config, ProgressListener progress) throws IOException {
    OverloadResult result = simulate(config, progress);
    OverloadReports.writeAll(result, config.out());
    return result;
  }

  /**
   * Simulates {@code config} and returns the results, writing nothing.
   *
   * @throws NullPointerException if an argument is null
   * @throws CancellationException if the calling thread is interrupted
   */
  public static OverloadResult simulate(OverloadConfig config, ProgressListener progress) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(progress, "progress");
    long started = System.nanoTime(); // wall time for the events/s figure only
    List<OverloadPolicy> policies = config.policies();
    List<String> strategies = config.strategies();
    int points = policies.size() * strategies.size();
    int runs = config.runs();
    int buckets = config.horizon();
    int metrics = OverloadMetric.values().length;
    OverloadRun[][] results = new OverloadRun[points][runs];
    // Per point and run, the per-bucket counts; kept until all runs are done, then averaged in run order.
    float[][][][] series = new float[points][runs][][];
    long total = (long) points * runs;
    AtomicInteger next = new AtomicInteger();
    AtomicLong events = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Object progressLock = new Object();
    long[] completed = {0};

    Runnable worker = () -> {
      OverloadModel model = new OverloadModel(config.rate(), config.capacity(), config.queue(), config.timeout(),
          config.outageStart(), config.outageLength(), config.outageCapacity(), config.horizon(),
          config.dropExpired(), OverloadConfig.NANOS_PER_UNIT);
      OverloadOutcome o = new OverloadOutcome();
      long myEvents = 0;
      try {
        long i;
        while (failure.get() == null && (i = next.getAndIncrement()) < total) {
          int p = (int) (i / runs);
          int r = (int) (i % runs);
          OverloadPolicy policy = policies.get(p / strategies.size());
          String strategy = strategies.get(p % strategies.size());
          Backoff backoff = config.backoff(strategy);
          long runHash = (policy.name() + "/" + strategy).hashCode();
          model.run(backoff, policy.attempts(config.maxAttempts()), policy.budget(),
              new SplittableRandom(Simulator.runSeed(config.seed(), MODEL_HASH, "arrivals".hashCode(), 0, r)),
              new SplittableRandom(Simulator.runSeed(config.seed(), MODEL_HASH, "service".hashCode(), 0, r)),
              new SplittableRandom(Simulator.runSeed(config.seed(), MODEL_HASH, runHash, 0, r)), o);
          results[p][r] = new OverloadRun(r, o.requests(), o.attempts(), o.retries(), o.successes(), o.timeouts(),
              o.rejected(), o.lost(), o.budgetDenied(), o.wasted(), o.maxQueue(), o.recovery(), o.events());
          float[][] s = new float[metrics][buckets];
          for (int m = 0; m < metrics; m++) {
            for (int b = 0; b < buckets; b++) {
              s[m][b] = (float) o.value(m, b);
            }
          }
          series[p][r] = s;
          myEvents += o.events();
          synchronized (progressLock) {
            completed[0]++;
            progress.onProgress(completed[0], total);
          }
        }
      } catch (Throwable t) {
        failure.compareAndSet(null, t);
      } finally {
        events.addAndGet(myEvents);
      }
    };

    Workers.runAll(worker, (int) Math.min(config.threads(), total), "backoff-sim-overload-", failure);

    List<OverloadPoint> out = new ArrayList<>(points);
    for (int p = 0; p < points; p++) {
      double[][] means = new double[metrics][buckets];
      for (int r = 0; r < runs; r++) {
        for (int m = 0; m < metrics; m++) {
          for (int b = 0; b < buckets; b++) {
            means[m][b] += series[p][r][m][b];
          }
        }
      }
      for (double[] m : means) {
        for (int b = 0; b < buckets; b++) {
          m[b] /= runs;
        }
      }
      out.add(new OverloadPoint(policies.get(p / strategies.size()), strategies.get(p % strategies.size()),
          List.of(results[p]), means));
    }
    return new OverloadResult(config, out, events.get(), Duration.ofNanos(System.nanoTime() - started));
  }
}
