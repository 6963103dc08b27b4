package io.github.backoff.sim.run;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Study;
import io.github.backoff.sim.spi.Trial;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one runner of every model: runs each point of a {@link Study} {@code runs} times over {@code threads}
 * threads (the caller's among them), reports progress, and collects the values by (point, run) index.
 *
 * <p><b>Determinism.</b> A run's values depend only on (point, run) (each model seeds its random generators from
 * them with {@link Seeds}); they are stored by index and aggregated in run order, so thread scheduling decides
 * only who computes a run, never what it computes: the same study gives bit-identical results, and byte-identical
 * reports, whatever the thread count.
 *
 * <p>Stateless and thread-safe. If the calling thread is interrupted the workers stop after their current batch
 * and a {@link CancellationException} is thrown; a failure in a worker is rethrown as it was.
 *
 * <pre>{@code
 * Results results = Runner.run(study, (done, total) -> { });
 * }</pre>
 */
public final class Runner {
  private Runner() {}

  /**
   * Runs {@code study} and returns what it measured.
   *
   * @throws NullPointerException if an argument is null
   * @throws CancellationException if the calling thread is interrupted
   */
  public static Results run(Study study, ProgressListener progress) {
    Objects.requireNonNull(study, "study");
    Objects.requireNonNull(progress, "progress");
    long started = System.nanoTime(); // wall time for the events/s figure only; never feeds a result
    int points = study.points().size();
    int runs = study.runs();
    int batch = Math.max(1, study.batch());
    int buckets = study.buckets();
    List<Metric> metrics = study.metrics();
    int m = metrics.size();
    boolean[] isSeries = new boolean[m];
    for (int i = 0; i < m; i++) {
      isSeries[i] = metrics.get(i).aggregation() == Metric.Aggregation.SERIES_MEAN;
    }
    double[][][] values = new double[points][m][];
    for (double[][] point : values) {
      for (int i = 0; i < m; i++) {
        point[i] = isSeries[i] ? null : new double[runs];
      }
    }
    // Per point and run, the per-bucket values; kept until all runs are done, then averaged in run order.
    float[][][][] series = new float[points][runs][][];

    // Work items (point, first run); the costly points first, so the long runs do not come last.
    List<int[]> items = new ArrayList<>();
    for (int p = 0; p < points; p++) {
      for (int r = 0; r < runs; r += batch) {
        items.add(new int[] {p, r});
      }
    }
    double[] cost = new double[points];
    for (int p = 0; p < points; p++) {
      cost[p] = study.cost(p);
    }
    items.sort(Comparator.comparingDouble((int[] item) -> -cost[item[0]]));
    int[][] queue = items.toArray(new int[0][]);

    long total = (long) points * runs;
    AtomicInteger next = new AtomicInteger();
    AtomicLong events = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Object progressLock = new Object();
    long[] completed = {0};

    Runnable worker = () -> {
      long myEvents = 0;
      try {
        Trial trial = study.newTrial();
        double[] v = new double[m];
        int i;
        while (failure.get() == null && (i = next.getAndIncrement()) < queue.length) {
          int p = queue[i][0];
          int first = queue[i][1];
          int last = Math.min(runs, first + batch);
          for (int r = first; r < last; r++) {
            float[][] s = new float[m][];
            for (int k = 0; k < m; k++) {
              s[k] = isSeries[k] ? new float[buckets] : null;
            }
            myEvents += trial.run(p, r, v, s);
            for (int k = 0; k < m; k++) {
              if (!isSeries[k]) {
                values[p][k][r] = v[k];
              }
            }
            series[p][r] = s;
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

    runAll(worker, Math.min(study.threads(), queue.length), "backoff-sim-" + study.model() + "-", failure);

    double[][][] means = new double[points][m][];
    for (int p = 0; p < points; p++) {
      for (int k = 0; k < m; k++) {
        if (!isSeries[k]) {
          continue;
        }
        double[] mean = new double[buckets];
        for (int r = 0; r < runs; r++) {
          float[] s = series[p][r][k];
          for (int b = 0; b < buckets; b++) {
            mean[b] += s[b];
          }
        }
        for (int b = 0; b < buckets; b++) {
          mean[b] /= runs;
        }
        means[p][k] = mean;
      }
    }
    return new Results(study, values, means, events.get(), Duration.ofNanos(System.nanoTime() - started));
  }

  /**
   * Runs one worker body on {@code threads} threads (the caller's among them) and rethrows the first failure any
   * of them recorded.
   */
  private static void runAll(Runnable worker, int threads, String namePrefix, AtomicReference<Throwable> failure) {
    Thread[] helpers = new Thread[Math.max(0, threads - 1)];
    for (int t = 0; t < helpers.length; t++) {
      helpers[t] = new Thread(worker, namePrefix + (t + 1));
      helpers[t].setDaemon(true);
      helpers[t].start();
    }
    worker.run();
    try {
      for (Thread helper : helpers) {
        helper.join();
      }
    } catch (InterruptedException e) {
      failure.compareAndSet(null, e);
      Thread.currentThread().interrupt();
      throw new CancellationException("simulation interrupted");
    }
    Throwable t = failure.get();
    if (t instanceof RuntimeException) {
      throw (RuntimeException) t;
    } else if (t instanceof Error) {
      throw (Error) t;
    } else if (t != null) {
      throw new IllegalStateException("simulation failed", t);
    }
  }
}
