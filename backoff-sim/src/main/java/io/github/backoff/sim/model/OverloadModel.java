package io.github.backoff.sim.model;

import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.sim.engine.EventEngine;
import io.github.backoff.strategy.Backoff;
import java.util.Arrays;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * An open system under overload: requests arrive as a Poisson process of rate λ at one server of capacity μ
 * requests per time unit with a bounded FIFO queue, and their clients retry failures with a core {@link Backoff},
 * an attempt limit and optionally a core {@link RetryBudget}. For a window of time the server's capacity drops to
 * a fraction of μ (0: it is down), then comes back.
 *
 * <p><b>Time.</b> Rates are per time unit and times are in time units; {@code nanosPerUnit} maps core durations
 * onto them (the simulator uses 1 unit = 1 s, so a core delay of {@code d} ns lasts {@code d / 1e9} units, and
 * the budget's {@link Ticker} reads {@code now × 1e9}).
 *
 * <p><b>Server.</b> Each attempt brings {@code Exp(1)} units of work; the server works through them one at a time
 * in arrival order at {@code μ} (during the outage {@code fraction × μ}) work per time unit: an M/M/1 queue. An
 * attempt that finds {@code queue} attempts already waiting is rejected at once and costs the server nothing.
 * The server cannot tell that a client has given up: it serves every queued attempt, wasting the work on those
 * whose client timed out (unless {@code dropExpired}, which models deadline propagation: a queued attempt whose
 * client gave up is discarded when it reaches the head of the queue; one already in service is still finished).
 *
 * <p><b>Clients.</b> An attempt fails when its client has waited {@code timeout} time units for it, or at once if
 * rejected. A failed attempt is reported to the budget ({@code onFailure}); if the attempt limit is not reached the
 * client draws its wait from the backoff ({@code delayNanos(attempt, previous, random)}), then asks the budget
 * ({@code tryAcquireRetry}, with a {@link TimeoutException} after a timeout and a
 * {@link RejectedExecutionException} after a rejection), in the order of the core's retry loop; if either says no
 * the request is lost. A success reports what its retries acquired ({@code onSuccess}); every request's first
 * attempt calls {@code onRequest}. Network time is not modelled.
 *
 * <p><b>Allocation.</b> Events are {@code int}s in the reused engine; requests live in reused slots of primitive
 * arrays (a slot is freed once no event or queue entry refers to it); the queue is a primitive ring. A run
 * allocates only when its arrays must grow, plus what the budget factory allocates.
 *
 * <p>Not thread-safe: one instance per thread. A run depends only on its arguments and the random generators.
 *
 * <pre>{@code
 * OverloadModel model = new OverloadModel(800, 1000, 2000, 1, 60, 10, 0, 300, false, 1e9);
 * OverloadOutcome outcome = new OverloadOutcome();
 * model.run(backoff, 4, ticker -> RetryBudget.tokenBucket(100, 0.1),
 *     new SplittableRandom(1), new SplittableRandom(2), new SplittableRandom(3), outcome);
 * }</pre>
 */
public final class OverloadModel {
  /** The share of λ each bucket's goodput must reach for the run to count as recovered. */
  public static final double RECOVERY_FRACTION = 0.9;
  /** How many consecutive buckets must reach {@link #RECOVERY_FRACTION} of λ. */
  public static final int RECOVERY_WINDOW = 5;

  private static final int ARRIVAL = 0;
  private static final int RETRY = 1;
  private static final int TIMEOUT = 2;
  private static final int DONE = 3;
  private static final int OUTAGE_START = 4;
  private static final int OUTAGE_END = 5;
  private static final int KIND_BITS = 3;
  private static final int KIND_MASK = (1 << KIND_BITS) - 1;
  /** Slots are packed above the kind bits of an {@code int} payload. */
  private static final int MAX_SLOTS = 1 << (31 - KIND_BITS);

  private static final byte FREE = 0;
  private static final byte WAITING = 1;
  private static final byte BACKING_OFF = 2;
  private static final byte FINISHED = 3;

  /** The failures the budget is told about; never thrown, so one shared instance each (no stack trace). */
  private static final TimeoutException TIMED_OUT = new TimeoutException("simulated timeout") {
    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  };
  private static final RejectedExecutionException QUEUE_FULL = new RejectedExecutionException("queue full", null) {
    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  };

  private final double rate;
  private final double capacity;
  private final int queueLimit;
  private final double timeout;
  private final double outageStart;
  private final double outageEnd;
  private final double outageFraction;
  private final double horizon;
  private final int buckets;
  private final boolean dropExpired;
  private final double unitsPerNano;
  private final double nanosPerUnit;

  private final EventEngine engine = new EventEngine(1024);
  private final Ticker ticker;

  // Per request slot.
  private byte[] state = new byte[64];
  private int[] attempt = new int[64];
  private long[] previousDelay = new long[64];
  private long[] acquired = new long[64];
  /** Events and queue entries that still refer to the slot; it is freed when the request is finished and 0. */
  private int[] refs = new int[64];
  private int[] freeSlots = new int[64];
  private int freeCount;
  private int slotsUsed;

  // The server's queue: a ring of (slot, attempt number) entries.
  private int[] queueSlot = new int[64];
  private int[] queueAttempt = new int[64];
  private int queueHead;
  private int queueSize;

  // The run.
  private Backoff backoff;
  private int maxAttempts;
  private RetryBudget budget;
  private RandomGenerator service;
  private RandomGenerator jitter;
  private OverloadOutcome out;
  private double speed;
  private boolean serving;
  private int servingSlot;
  private int servingAttempt;
  private double servingWork;
  private double servingSince;
  private int epoch;
  private double lastTime;

  /**
   * Creates a model with the given system; every run uses it.
   *
   * @param rate λ, requests arriving per time unit
   * @param capacity μ, work the server does per time unit (an attempt needs {@code Exp(1)})
   * @param queue the most attempts that can wait (not counting the one in service)
   * @param timeout how long a client waits for an attempt, in time units
   * @param outageStart when the capacity drops
   * @param outageLength how long it stays down (0: no outage)
   * @param outageFraction the capacity during the outage, as a fraction of μ, in {@code [0, 1]}
   * @param horizon the run's length in time units; one bucket per time unit
   * @param dropExpired whether the server discards queued attempts whose client has given up
   * @param nanosPerUnit core nanoseconds per time unit
   * @throws IllegalArgumentException if a value is out of range
   */
  public OverloadModel(double rate, double capacity, int queue, double timeout, double outageStart,
      double outageLength, double outageFraction, double horizon, boolean dropExpired, double nanosPerUnit) {
    check(rate > 0 && rate < Double.POSITIVE_INFINITY, "rate must be positive and finite: " + rate);
    check(capacity > 0 && capacity < Double.POSITIVE_INFINITY, "capacity must be positive and finite: " + capacity);
    check(queue >= 0, "queue must be >= 0: " + queue);
    check(timeout > 0 && timeout < Double.POSITIVE_INFINITY, "timeout must be positive and finite: " + timeout);
    check(outageStart >= 0 && outageLength >= 0 && outageStart + outageLength <= horizon,
        "outage must lie in [0, horizon]: " + outageStart + " + " + outageLength + " > " + horizon);
    check(outageFraction >= 0 && outageFraction <= 1, "outageFraction must be in [0, 1]: " + outageFraction);
    check(horizon >= 1 && horizon <= Integer.MAX_VALUE / 2, "horizon must be in [1, 2^30]: " + horizon);
    this.rate = rate;
    this.capacity = capacity;
    this.queueLimit = queue;
    this.timeout = timeout;
    this.outageStart = outageStart;
    this.outageEnd = outageStart + outageLength;
    this.outageFraction = outageFraction;
    this.horizon = horizon;
    this.buckets = (int) Math.ceil(horizon);
    this.dropExpired = dropExpired;
    this.unitsPerNano = Models.unitsPerNano(nanosPerUnit);
    this.nanosPerUnit = nanosPerUnit;
    this.ticker = () -> (long) (engine.now() * this.nanosPerUnit);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /**
   * Runs from time 0 to the horizon and writes what was measured into {@code outcome}.
   *
   * @param backoff the clients' strategy
   * @param maxAttempts the most attempts per request, first included (1: no retries)
   * @param budgetFactory makes the run's budget, shared by all its requests, from a ticker on the run's virtual
   *     clock; {@code null} for no budget
   * @param arrivals draws the arrival times (the same stream gives the same requests whatever the policy)
   * @param service draws the attempts' work
   * @param jitter the backoff's random source
   * @param outcome overwritten with the run's measurements
   * @throws IllegalArgumentException if {@code maxAttempts < 1}
   */
  public void run(Backoff backoff, int maxAttempts, Function<Ticker, RetryBudget> budgetFactory,
      RandomGenerator arrivals, RandomGenerator service, RandomGenerator jitter, OverloadOutcome outcome) {
    check(maxAttempts >= 1, "maxAttempts must be >= 1: " + maxAttempts);
    engine.reset();
    outcome.reset(buckets);
    long eventsBefore = engine.eventCount();
    this.backoff = backoff;
    this.maxAttempts = maxAttempts;
    this.service = service;
    this.jitter = jitter;
    this.out = outcome;
    this.budget = budgetFactory == null ? null : budgetFactory.apply(ticker);
    Arrays.fill(state, 0, slotsUsed, FREE);
    freeCount = 0;
    slotsUsed = 0;
    queueHead = 0;
    queueSize = 0;
    serving = false;
    epoch = 0;
    lastTime = 0;
    speed = capacity;
    if (outageEnd > outageStart) {
      engine.scheduleAt(outageStart, OUTAGE_START);
      engine.scheduleAt(outageEnd, OUTAGE_END);
    }
    engine.scheduleAt(exponential(arrivals) / rate, ARRIVAL);
    while (engine.hasNext()) {
      int event = engine.next();
      double now = engine.now();
      if (now >= horizon) {
        break;
      }
      integrateQueue(now);
      int kind = event & KIND_MASK;
      int index = event >>> KIND_BITS;
      switch (kind) {
        case ARRIVAL -> {
          int slot = newSlot();
          out.requests++;
          out.series[OverloadOutcome.REQUESTS][bucket(now)]++;
          if (budget != null) {
            budget.onRequest();
          }
          send(slot, now);
          double next = now + exponential(arrivals) / rate;
          if (next < horizon) {
            engine.scheduleAt(next, ARRIVAL);
          }
        }
        case RETRY -> send(index, now);
        case TIMEOUT -> {
          refs[index]--;
          if (state[index] == WAITING) {
            out.timeouts++;
            out.series[OverloadOutcome.TIMEOUTS][bucket(now)]++;
            fail(index, TIMED_OUT, now);
          } else {
            release(index);
          }
        }
        case DONE -> {
          if (index == epoch && serving) {
            finishService(now);
          }
        }
        case OUTAGE_START -> changeSpeed(capacity * outageFraction, now);
        case OUTAGE_END -> changeSpeed(capacity, now);
        default -> throw new IllegalStateException("unknown event kind " + kind);
      }
    }
    integrateQueue(horizon);
    outcome.events = engine.eventCount() - eventsBefore;
    outcome.recovery = recovery(outcome);
    this.budget = null;
    this.backoff = null;
    this.out = null;
    this.service = null;
    this.jitter = null;
  }

  private void send(int slot, double now) {
    int a = ++attempt[slot];
    int b = bucket(now);
    out.attempts++;
    out.series[OverloadOutcome.ATTEMPTS][b]++;
    if (a > 1) {
      out.retries++;
      out.series[OverloadOutcome.RETRIES][b]++;
    }
    if (!serving && speed > 0 && queueSize == 0) {
      startService(slot, a, now);
    } else if (queueSize < queueLimit) {
      enqueue(slot, a);
    } else {
      out.rejected++;
      out.series[OverloadOutcome.REJECTED][b]++;
      fail(slot, QUEUE_FULL, now);
      return;
    }
    state[slot] = WAITING;
    refs[slot] += 2; // the timeout event and the server's entry
    engine.scheduleAt(now + timeout, TIMEOUT | slot << KIND_BITS);
  }

  private void fail(int slot, Throwable failure, double now) {
    if (budget != null) {
      budget.onFailure();
    }
    int a = attempt[slot];
    if (a < maxAttempts) {
      long delay = backoff.delayNanos(a, previousDelay[slot], jitter);
      long cost = budget == null ? 0 : budget.tryAcquireRetry(failure);
      if (cost >= 0) {
        acquired[slot] += cost;
        previousDelay[slot] = delay;
        state[slot] = BACKING_OFF;
        engine.scheduleAt(now + delay * unitsPerNano, RETRY | slot << KIND_BITS);
        return;
      }
      out.budgetDenied++;
    }
    out.lost++;
    out.series[OverloadOutcome.LOST][bucket(now)]++;
    state[slot] = FINISHED;
    release(slot);
  }

  private void startService(int slot, int a, double now) {
    serving = true;
    servingSlot = slot;
    servingAttempt = a;
    servingWork = exponential(service);
    servingSince = now;
    engine.scheduleAt(now + servingWork / speed, DONE | (++epoch & (MAX_SLOTS - 1)) << KIND_BITS);
    epoch &= MAX_SLOTS - 1;
  }

  private void finishService(double now) {
    serving = false;
    int slot = servingSlot;
    refs[slot]--;
    if (state[slot] == WAITING && attempt[slot] == servingAttempt) {
      out.successes++;
      out.series[OverloadOutcome.SUCCESSES][bucket(now)]++;
      if (budget != null) {
        budget.onSuccess(acquired[slot]);
      }
      state[slot] = FINISHED;
    } else {
      out.wasted++;
    }
    release(slot);
    startNext(now);
  }

  /** Serves the next queued attempt, if the server is up (skipping abandoned ones if {@code dropExpired}). */
  private void startNext(double now) {
    while (!serving && speed > 0 && queueSize > 0) {
      int slot = queueSlot[queueHead];
      int a = queueAttempt[queueHead];
      queueHead = queueHead + 1 == queueSlot.length ? 0 : queueHead + 1;
      queueSize--;
      if (dropExpired && (state[slot] != WAITING || attempt[slot] != a)) {
        refs[slot]--;
        release(slot);
      } else {
        startService(slot, a, now);
      }
    }
  }

  private void changeSpeed(double newSpeed, double now) {
    if (serving) {
      double done = speed > 0 ? (now - servingSince) * speed : 0;
      servingWork = Math.max(0, servingWork - done);
      servingSince = now;
      epoch = (epoch + 1) & (MAX_SLOTS - 1); // the pending DONE event, if any, is now stale
      speed = newSpeed;
      if (speed > 0) {
        engine.scheduleAt(now + servingWork / speed, DONE | epoch << KIND_BITS);
      }
    } else {
      speed = newSpeed;
      startNext(now);
    }
  }

  private void enqueue(int slot, int a) {
    if (queueSize == queueSlot.length) {
      int[] s = new int[queueSlot.length * 2];
      int[] t = new int[s.length];
      for (int i = 0; i < queueSize; i++) {
        int j = (queueHead + i) % queueSlot.length;
        s[i] = queueSlot[j];
        t[i] = queueAttempt[j];
      }
      queueSlot = s;
      queueAttempt = t;
      queueHead = 0;
    }
    int tail = queueHead + queueSize;
    if (tail >= queueSlot.length) {
      tail -= queueSlot.length;
    }
    queueSlot[tail] = slot;
    queueAttempt[tail] = a;
    queueSize++;
    if (queueSize > out.maxQueue) {
      out.maxQueue = queueSize;
    }
  }

  /** Adds the queue length times the time since the last event to the buckets that time spans. */
  private void integrateQueue(double now) {
    if (queueSize > 0) {
      double t = lastTime;
      double[] area = out.series[OverloadOutcome.QUEUE_AREA];
      while (t < now) {
        int b = bucket(t);
        double end = Math.min(now, b + 1.0);
        area[b] += queueSize * (end - t);
        t = end;
      }
    }
    lastTime = now;
  }

  private int newSlot() {
    int slot;
    if (freeCount > 0) {
      slot = freeSlots[--freeCount];
    } else {
      if (slotsUsed == state.length) {
        growSlots();
      }
      slot = slotsUsed++;
    }
    state[slot] = BACKING_OFF;
    attempt[slot] = 0;
    previousDelay[slot] = 0;
    acquired[slot] = 0;
    refs[slot] = 0;
    return slot;
  }

  private void release(int slot) {
    if (state[slot] == FINISHED && refs[slot] == 0) {
      state[slot] = FREE;
      if (freeCount == freeSlots.length) {
        freeSlots = Arrays.copyOf(freeSlots, freeSlots.length * 2);
      }
      freeSlots[freeCount++] = slot;
    }
  }

  private void growSlots() {
    int n = state.length * 2;
    if (n > MAX_SLOTS) {
      throw new IllegalStateException("more than " + MAX_SLOTS + " requests in flight");
    }
    state = Arrays.copyOf(state, n);
    attempt = Arrays.copyOf(attempt, n);
    previousDelay = Arrays.copyOf(previousDelay, n);
    acquired = Arrays.copyOf(acquired, n);
    refs = Arrays.copyOf(refs, n);
  }

  private int bucket(double time) {
    return Math.min(buckets - 1, (int) time);
  }

  private static double exponential(RandomGenerator random) {
    return -Math.log(1.0 - random.nextDouble());
  }

  /** See {@link OverloadOutcome#recovery()}. */
  private double recovery(OverloadOutcome o) {
    double needed = RECOVERY_FRACTION * rate;
    double[] goodput = o.series[OverloadOutcome.SUCCESSES];
    int first = (int) Math.ceil(outageEnd);
    int run = 0;
    for (int b = first; b < buckets; b++) {
      double width = Math.min(1.0, horizon - b);
      if (width < 1.0) {
        break; // a partial last bucket cannot be judged against λ
      }
      run = goodput[b] >= needed ? run + 1 : 0;
      if (run == RECOVERY_WINDOW) {
        return b - RECOVERY_WINDOW + 1 - outageEnd;
      }
    }
    return Double.NaN;
  }
}
