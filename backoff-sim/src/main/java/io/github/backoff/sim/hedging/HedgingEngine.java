package io.github.backoff.sim.hedging;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.hedge.LatencyHistogram;
import io.github.backoff.sim.engine.EventEngine;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The discrete-event simulation of one run of a (load, mode) point: Poisson arrivals to k servers sharing one FIFO
 * queue (M/G/k); each request sends an original attempt and, while it has not answered, up to
 * {@link HedgingConfig#maxHedges()} hedges, each a hedging delay after the previous attempt, that join the same
 * queue, so hedges add load and queueing. The first attempt to finish answers; the others are cancelled by the
 * client, which the service either ignores (the losers run to the end) or honours
 * ({@link HedgingConfig#serverCancels()}: removed from the queue, or their server freed at once). The originals'
 * service times come from one stream and the hedges' from another, so every mode serves the same originals at a
 * load and run (common random numbers) and the extra load is measured against exactly the unhedged work. Percentile
 * hedging uses the core's {@link LatencyHistogram} on the simulated clock, recording the original attempt's
 * latency (or, if the hedge answered first, the time the original had run), exactly as {@code Hedger} does.
 *
 * <p>Single-threaded; one instance per run.
 */
final class HedgingEngine {
  private static final int ARRIVAL = 0;
  private static final int HEDGE = 1;
  private static final int COMPLETE = 2;
  /** An event's payload is its type in the low bits and its request or attempt id above them. */
  private static final int TYPE_BITS = 2;
  private static final int TYPE_MASK = (1 << TYPE_BITS) - 1;
  private static final int QUEUED = 0;
  private static final int RUNNING = 1;
  private static final int FINISHED = 2;

  private final HedgingConfig config;
  private final HedgeMode mode;
  private final double load;
  private final SplittableRandom arrivals;
  private final SplittableRandom service;
  private final SplittableRandom hedgeService;
  /** Events in time order, ties in the order scheduled; {@link #now} follows its clock. */
  private final EventEngine events = new EventEngine(1024);
  /** The servers' FIFO queue of attempts: a ring, grown by doubling, so no attempt is boxed. */
  private int[] queue = new int[64];
  private int queueHead;
  private int queueSize;
  private double now;
  private int busy;
  private double busyTime;
  private double originalService;

  // Per request: arrival time, answered flag, latency, hedges sent (-1 once one was denied). Per attempt
  // (A = 1 + maxHedges per request: A*r the original, A*r+k the k-th hedge): state, service time, start, sent.
  private final int perRequest;
  private final int[] sent;
  private final double[] arrival;
  private final boolean[] answered;
  private final double[] latency;
  private final int[] attemptState;
  private final double[] attemptService;
  private final double[] attemptStart;
  private final boolean[] attemptSent;
  private final LatencyHistogram histogram;
  private final RetryBudget budget;
  private int hedges;

  HedgingEngine(HedgingConfig config, HedgeMode mode, double load, SplittableRandom arrivals,
      SplittableRandom service, SplittableRandom hedgeService) {
    this.config = config;
    this.mode = mode;
    this.load = load;
    this.arrivals = arrivals;
    this.service = service;
    this.hedgeService = hedgeService;
    int n = config.requests();
    perRequest = 1 + config.maxHedges();
    if ((long) perRequest * n > Integer.MAX_VALUE >>> TYPE_BITS) {
      throw new IllegalArgumentException("requests x (1 + maxHedges) must be < 2^29 attempts: " + n + " x "
          + perRequest);
    }
    sent = new int[n];
    arrival = new double[n];
    answered = new boolean[n];
    latency = new double[n];
    attemptState = new int[perRequest * n];
    attemptService = new double[perRequest * n];
    attemptStart = new double[perRequest * n];
    attemptSent = new boolean[perRequest * n];
    histogram = mode == HedgeMode.PERCENTILE || mode == HedgeMode.BUDGETED
        ? LatencyHistogram.create(Duration.ofNanos((long) (config.windowMs() * 1e6)), () -> (long) (now * 1e6))
        : null;
    budget = mode == HedgeMode.BUDGETED
        ? RetryBudget.ratio(config.budgetPercent() / 100, Duration.ofSeconds(10), 0, () -> (long) (now * 1e6))
        : null;
  }

  HedgingPoint run() {
    int n = config.requests();
    double rate = load * config.servers() / config.latency().mean(); // arrivals per millisecond
    double t = 0;
    for (int r = 0; r < n; r++) {
      t += -StrictMath.log(1 - arrivals.nextDouble()) / rate;
      schedule(t, ARRIVAL, r);
    }
    while (events.hasNext()) {
      int e = events.next();
      now = events.now();
      int id = e >>> TYPE_BITS;
      switch (e & TYPE_MASK) {
        case ARRIVAL -> arrive(id);
        case HEDGE -> hedge(id);
        default -> complete(id);
      }
    }
    int warmUp = n / 10;
    double[] measured = Arrays.copyOfRange(latency, warmUp, n);
    Arrays.sort(measured);
    // Without hedging every attempt is an original that runs to the end: exactly 0, not a rounding residue.
    double extraLoad = mode == HedgeMode.NONE || config.maxHedges() == 0 ? 0 : busyTime / originalService - 1;
    return new HedgingPoint(load, mode, quantile(measured, 0.5), quantile(measured, 0.99),
        quantile(measured, 0.999), (double) hedges / n, busyTime / n, extraLoad);
  }

  /** The events {@link #run} processed. */
  long events() {
    return events.eventCount();
  }

  private static double quantile(double[] sorted, double p) {
    int index = (int) Math.ceil(sorted.length * p) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  private void schedule(double time, int type, int id) {
    events.scheduleAt(time, type | id << TYPE_BITS);
  }

  private void arrive(int r) {
    arrival[r] = now;
    if (budget != null) {
      budget.onRequest();
    }
    send(perRequest * r);
    if (mode != HedgeMode.NONE && config.maxHedges() > 0) {
      schedule(now + delayMs(), HEDGE, r);
    }
  }

  private double delayMs() {
    if (mode == HedgeMode.FIXED) {
      return config.fixedDelayMs();
    }
    if (histogram.count() < 20) {
      return config.fixedDelayMs(); // the initial delay, as HedgePolicy's withPercentileDelay has one
    }
    return histogram.percentile(config.percentile()) / 1e6;
  }

  private void hedge(int r) {
    if (answered[r]) {
      return;
    }
    if (budget != null && budget.tryAcquireRetry(null) < 0) {
      return; // as Hedger does: a denied hedge is not sent, nor any later one for that call
    }
    hedges++;
    int k = ++sent[r];
    send(perRequest * r + k);
    if (k < config.maxHedges()) {
      schedule(now + delayMs(), HEDGE, r);
    }
  }

  private void send(int attempt) {
    attemptSent[attempt] = true;
    boolean original = attempt % perRequest == 0;
    attemptService[attempt] = config.latency().sample(original ? service : hedgeService);
    if (original) {
      originalService += attemptService[attempt];
    }
    attemptState[attempt] = QUEUED;
    if (busy < config.servers()) {
      start(attempt);
    } else {
      enqueue(attempt);
    }
  }

  private void enqueue(int attempt) {
    if (queueSize == queue.length) {
      int[] grown = new int[queue.length * 2];
      for (int i = 0; i < queueSize; i++) {
        grown[i] = queue[(queueHead + i) % queue.length];
      }
      queue = grown;
      queueHead = 0;
    }
    int tail = queueHead + queueSize;
    queue[tail >= queue.length ? tail - queue.length : tail] = attempt;
    queueSize++;
  }

  private void start(int attempt) {
    busy++;
    attemptState[attempt] = RUNNING;
    attemptStart[attempt] = now;
    schedule(now + attemptService[attempt], COMPLETE, attempt);
  }

  private void complete(int attempt) {
    if (attemptState[attempt] != RUNNING) {
      return; // cancelled while running: its server was freed then
    }
    release(attempt);
    int r = attempt / perRequest;
    if (!answered[r]) {
      answered[r] = true;
      latency[r] = now - arrival[r];
      if (histogram != null) {
        histogram.record((long) ((now - arrival[r]) * 1e6)); // the original's latency, or a lower bound of it
      }
      if (config.serverCancels()) {
        for (int other = perRequest * r; other <= perRequest * r + sent[r]; other++) {
          if (other == attempt || !attemptSent[other] || attemptState[other] == FINISHED) {
            continue;
          }
          if (attemptState[other] == RUNNING) {
            release(other);
          } else {
            attemptState[other] = FINISHED; // still queued: skipped when it reaches the head
          }
        }
      }
    }
    while (busy < config.servers() && queueSize > 0) {
      int next = queue[queueHead];
      queueHead = queueHead + 1 == queue.length ? 0 : queueHead + 1;
      queueSize--;
      if (attemptState[next] == QUEUED) {
        start(next);
      }
    }
  }

  private void release(int attempt) {
    attemptState[attempt] = FINISHED;
    busy--;
    busyTime += now - attemptStart[attempt];
  }
}
