package io.github.backoff.sim;

import io.github.backoff.sim.model.ClientModel;
import io.github.backoff.sim.model.RunOutcome;
import io.github.backoff.sim.report.Reports;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a sweep: every (strategy, client count) point of a {@link SimulationConfig}, {@code runs} times each,
 * spread over {@code threads} threads, and optionally writes the reports.
 *
 * <p><b>Determinism.</b> Each run draws from its own {@link SplittableRandom} seeded from
 * {@code (seed, model, strategy, clients, run index)} by hash mixing, and results are stored by run index and
 * aggregated in that order; thread scheduling decides only who computes a run, never what it computes. So the same
 * configuration gives bit-identical statistics, and a byte-identical {@code results.csv}, whatever the thread
 * count.
 *
 * <p>Stateless and thread-safe; each call uses threads of its own (the calling thread is one of the workers). If
 * the calling thread is interrupted the workers stop after their current batch of runs and a
 * {@link CancellationException} is thrown.
 *
 * <pre>{@code
 * SimulationConfig config = SimulationConfig.builder().out(Path.of("out")).build(); // the study
 * SimulationResult result = Simulator.run(config, (done, total) -> { });
 * System.out.print(result.summary());
 * }</pre>
 */
public final class Simulator {
  /** Runs per work item handed to a thread: big enough to amortise the hand-out, small enough to balance. */
  private static final int BATCH = 10;

  private Simulator() {}

  /**
   * Simulates every point of {@code config} and writes {@code results.csv}, {@code work.png},
   * {@code completion.png} and {@code report.html} (and, for {@code single-server}, {@code utilisation.csv}) into
   * {@code config.out()}, creating it if needed.
   *
   * @throws IOException if a report cannot be written
   * @throws CancellationException if the calling thread is interrupted
   */
  public static SimulationResult run(SimulationConfig config, ProgressListener progress) throws IOException {
    Reports.prepareInBackground();
    SimulationResult result = simulate(config, progress);
    Reports.writeAll(result, config.out());
    return result;
  }

  /**
   * Simulates every point of {@code config} and returns the results, writing nothing.
   *
   * @throws NullPointerException if an argument is null
   * @throws CancellationException if the calling thread is interrupted
   */
  public static SimulationResult simulate(SimulationConfig config, ProgressListener progress) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(progress, "progress");
    long started = System.nanoTime(); // wall time for the events/s figure only; never feeds a result
    List<String> strategies = config.strategies();
    List<Integer> clients = config.clients();
    int runs = config.runs();
    int points = strategies.size() * clients.size();
    Backoff[] backoffs = new Backoff[points];
    int[] counts = new int[points];
    long[] strategyHashes = new long[points];
    for (int s = 0; s < strategies.size(); s++) {
      for (int c = 0; c < clients.size(); c++) {
        int p = s * clients.size() + c;
        backoffs[p] = config.backoff(strategies.get(s));
        counts[p] = clients.get(c);
        strategyHashes[p] = strategies.get(s).hashCode();
      }
    }
    double[][] work = new double[points][runs];
    double[][] completion = new double[points][runs];
    double[][] utilisation = new double[points][runs];

    // Work items (point, first run); the largest client counts first, so the long runs do not come last.
    List<int[]> items = new ArrayList<>();
    for (int p = 0; p < points; p++) {
      for (int r = 0; r < runs; r += BATCH) {
        items.add(new int[] {p, r});
      }
    }
    items.sort(Comparator.comparingInt((int[] item) -> -counts[item[0]]));
    int[][] queue = items.toArray(new int[0][]);

    long total = (long) points * runs;
    AtomicInteger next = new AtomicInteger();
    AtomicLong events = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Object progressLock = new Object();
    long[] completed = {0};
    double nanosPerUnit = SimulationConfig.TIME_UNIT.toNanos();
    long modelHash = config.model().id().hashCode();

    Runnable worker = () -> {
      ClientModel model = config.model().newModel(nanosPerUnit);
      RunOutcome outcome = new RunOutcome();
      long myEvents = 0;
      try {
        int i;
        while (failure.get() == null && (i = next.getAndIncrement()) < queue.length) {
          int p = queue[i][0];
          int first = queue[i][1];
          int last = Math.min(runs, first + BATCH);
          for (int r = first; r < last; r++) {
            long seed = runSeed(config.seed(), modelHash, strategyHashes[p], counts[p], r);
            model.run(counts[p], backoffs[p], new SplittableRandom(seed), outcome);
            work[p][r] = outcome.work();
            completion[p][r] = outcome.completion();
            utilisation[p][r] = outcome.utilisation();
            myEvents += outcome.events();
          }
          synchronized (progressLock) {
            completed[0] += last - first;
            progress.onProgress(completed[0], total);
          }
        }
      } catch (Throwable t) {
        failure.compareAndSet(null, t);
      } finally {
        events.addAndGet(myEvents);
      }
    };

    Workers.runAll(worker, Math.min(config.threads(), queue.length), "backoff-sim-worker-", failure);

    List<PointResult> results = new ArrayList<>(points);
    boolean hasServer = !Double.isNaN(utilisation[0][0]);
    for (int p = 0; p < points; p++) {
      results.add(new PointResult(config.model(), strategies.get(p / clients.size()), counts[p], runs,
          Stats.of(work[p]), Stats.of(completion[p]), hasServer ? Stats.of(utilisation[p]) : Stats.NONE));
    }
    return new SimulationResult(config, results, events.get(), Duration.ofNanos(System.nanoTime() - started));
  }

  /**
   * The seed of one run: a hash of the sweep's seed, the model, the strategy's name, the client count and the run
   * index, mixed with SplittableRandom's finaliser so that neighbouring inputs give unrelated streams.
   */
  static long runSeed(long seed, long modelHash, long strategyHash, int clients, int run) {
    long h = mix(seed);
    h = mix(h + 0x9E3779B97F4A7C15L * (1 + modelHash));
    h = mix(h + 0x9E3779B97F4A7C15L * (1 + strategyHash));
    h = mix(h + 0x9E3779B97F4A7C15L * (1 + clients));
    return mix(h + 0x9E3779B97F4A7C15L * (1 + run));
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

}
