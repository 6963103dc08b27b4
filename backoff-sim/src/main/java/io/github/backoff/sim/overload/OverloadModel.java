package io.github.backoff.sim.overload;

import io.github.backoff.Ticker;
import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.sim.engine.EventEngine;
import io.github.backoff.sim.engine.Models;
import io.github.backoff.sim.engine.SlotPool;
import io.github.backoff.strategy.Backoff;
import java.util.Arrays;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * An open system under overload: requests arrive as a Poisson process of rate λ at one server of capacity μ
 * requests per time unit with a bounded FIFO queue, and their clients retry failures with a core {@link Backoff},
 * an attempt limit, optionally a core {@link RetryBudget} and a core {@link AdaptiveRateLimiter}. For a window of
 * time the server's capacity drops to a fraction of μ (0: it is down), then comes back.
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
 * <p><b>Throttling server</b> (a positive {@code throttleRate}): in front of the queue, a token bucket admits at
 * most {@code throttleRate} attempts per time unit ({@code fraction × throttleRate} during the outage), with a
 * burst of {@link #THROTTLE_BURST} time units' worth (at least one attempt); it is full at time 0. An attempt that
 * finds no token is rejected at once as "throttled" and costs the server nothing. The clients classify it as
 * throttling: a budget is asked with {@link CostClass#THROTTLING} and a rate limiter is told
 * {@code onResponse(true)}. Every other failure is {@link CostClass#TRANSIENT} and not throttled.
 * With a {@link OverloadSystem#retryAfter() hint} every throttled reply carries it, and the client waits what the core's HTTP
 * rules make of it ({@link RetryAfterHint#waitNanos}) instead of its strategy's delay.
 *
 * <p><b>Clients.</b> An attempt fails when its client has waited {@code timeout} time units for it, or at once if
 * rejected. A failed attempt is reported to the budget ({@code onFailure}); if the attempt limit is not reached the
 * client draws its wait from the backoff ({@code delayNanos(attempt, previous, random)}), then asks the budget
 * ({@code tryAcquireRetry}, with a {@link TimeoutException} after a timeout and a
 * {@link RejectedExecutionException} after a rejection), in the order of the core's retry loop; if either says no
 * the request is lost. A success reports what its retries acquired ({@code onSuccess}); every request's first
 * attempt calls {@code onRequest}.
 *
 * <p><b>Network time.</b> None by default. With a {@link NetworkLatency} that is not {@link NetworkLatency#ZERO},
 * each answer the server gives an attempt (a reply, a queue-full rejection, a throttle) reaches its client that
 * long later, drawn per answer from a generator of its own (so the arrival and service streams stay as they are);
 * the server still sees the attempt at once. A reply that would arrive after the client's timeout is not heard
 * (the client times out, and the service counts as wasted); a rejection's latency is cut to the timeout. Latency
 * then runs to when the client hears the reply. With {@link NetworkLatency#ZERO} no number is drawn and no event
 * added: runs are exactly those of a model without network time.
 *
 * <p><b>Rate limiter.</b> With a limiter (shared by all the requests of a run, as one SDK client's), the clients
 * do what backoff-core's decision core does with {@code RetryPolicyBuilder.withRateLimiter} and a time budget: a
 * request takes a token before its first attempt with {@code tryAcquireDelayNanos}, bounded by its timeout, and
 * waits for it (it may be 0), or gives up at once without taking one if it is due later; after a failure, once the
 * budget allowed the retry, the same, and the token's wait is added to the backoff's; every attempt's outcome is
 * reported with {@code onResponse(throttled)}, a success with {@code onResponse(false)}. The waits are summed into the outcome
 * (the client-side delay the limiter adds). The limiter reads the same virtual clock as the budget.
 * A {@link AdaptiveRateLimiter#nonReserving non-reserving} limiter is used as botocore uses its bucket: before
 * each attempt (after the backoff, for a retry) the request asks for a token; if none is in the bucket it waits the
 * time the limiter returns (summed into the outcome's limiter wait, each re-check a wait) and asks again, and it
 * gives up (lost) once the token would not be there within its timeout of starting to wait.
 *
 * <p><b>Allocation.</b> Events are {@code int}s in the reused engine; requests live in reused slots of primitive
 * arrays (a slot is freed once no event or queue entry refers to it); the queue is a primitive ring. A run
 * allocates only when its arrays must grow, plus what the budget factory allocates.
 *
 * <p>Not thread-safe: one instance per thread. A run depends only on its arguments and the random generators.
 *
 * <pre>{@code
 * OverloadModel model = new OverloadModel(OverloadSystem.DEFAULTS);
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
  /** The throttling server's burst, in time units of its rate: 0.1 (100 ms at 1 unit = 1 s). */
  public static final double THROTTLE_BURST = 0.1;
  /** Latencies are counted in bins of this many time units (1 ms at 1 unit = 1 s). */
  public static final double LATENCY_BIN = 0.001;
  /** The most latency bins; a longer latency counts in the last bin. */
  static final int MAX_LATENCY_BINS = 1_000_000;

  private static final int ARRIVAL = 0;
  private static final int RETRY = 1;
  private static final int TIMEOUT = 2;
  private static final int DONE = 3;
  private static final int OUTAGE_START = 4;
  private static final int OUTAGE_END = 5;
  /** A non-reserving limiter's re-check: the request asks for its token again. */
  private static final int ACQUIRE = 6;
  /** An answer of the server reaches its client (with network latency only). */
  private static final int RESPONSE = 7;
  private static final int KIND_BITS = 3;
  private static final int KIND_MASK = (1 << KIND_BITS) - 1;
  /** Slots are packed above the kind bits of an {@code int} payload. */
  private static final int MAX_SLOTS = 1 << (31 - KIND_BITS);

  private static final byte FREE = 0;
  private static final byte WAITING = 1;
  private static final byte BACKING_OFF = 2;
  private static final byte FINISHED = 3;

  /** What a pending {@link #RESPONSE} carries. */
  private static final byte ANSWER_SUCCESS = 0;
  private static final byte ANSWER_QUEUE_FULL = 1;
  private static final byte ANSWER_THROTTLED = 2;

  /** The failures the budget is told about; never thrown, so one shared instance each (no stack trace). */
  private static final TimeoutException TIMED_OUT = new TimeoutException("simulated timeout") {
    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  };
  private static final RejectedExecutionException THROTTLED = new RejectedExecutionException("throttled", null) {
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
  /** The limiter's {@code tryAcquireDelayNanos} bound: a token due within the timeout (inclusive) is taken. */
  private final long limiterMaxWait;
  /** Attempts the throttling server admits per time unit at full capacity; 0 for the queueing server. */
  private final double throttleRate;
  private final double throttleBurst;
  /** Each answer's network time; null for none ({@link NetworkLatency#ZERO}). */
  private final NetworkLatency latency;
  /** The hint a throttled reply carries; null for none ({@link RetryAfterHint#NONE}). */
  private final RetryAfterHint retryAfter;
  private final OverloadSystem system;

  private final EventEngine engine = new EventEngine(1024);
  private final Ticker ticker;

  // Per request slot.
  private byte[] state = new byte[64];
  private int[] attempt = new int[64];
  private long[] previousDelay = new long[64];
  private long[] acquired = new long[64];
  private long[] lastCost = new long[64];
  private double[] arrival = new double[64];
  /** When the request began to wait for a non-reserving limiter's token (its bound counts from there). */
  private double[] tokenWaitStart = new double[64];
  /** Events and queue entries that still refer to the slot; it is freed when the request is finished and 0. */
  private int[] refs = new int[64];
  /** With network latency: when the current attempt was sent, and what its pending answer is. */
  private double[] sentAt = new double[64];
  private byte[] answer = new byte[64];
  private final SlotPool slots = new SlotPool();

  // The server's queue: a ring of (slot, attempt number) entries.
  private int[] queueSlot = new int[64];
  private int[] queueAttempt = new int[64];
  private int queueHead;
  private int queueSize;

  // The run.
  private Backoff backoff;
  private int maxAttempts;
  private RetryBudget budget;
  private AdaptiveRateLimiter limiter;
  /** Whether the run's limiter is {@link AdaptiveRateLimiter#nonReserving}: ask, wait, ask again. */
  private boolean nonReserving;
  private double throttleTokens;
  private double throttleFill;
  private double throttleLast;
  private RandomGenerator service;
  private RandomGenerator jitter;
  private RandomGenerator network;
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
   * Creates a model of {@code system}; every run uses it (1 time unit = 1 s: a core delay of {@code d} ns lasts
   * {@code d / 1e9} units). The system's compact constructor has checked every limit.
   *
   * @param system what is simulated: rates, queue, timeout, outage, horizon, server, network time, hint
   * @throws NullPointerException if {@code system} is null
   */
  public OverloadModel(OverloadSystem system) {
    java.util.Objects.requireNonNull(system, "system");
    double nanosPerUnit = OverloadConfig.NANOS_PER_UNIT;
    this.system = system;
    this.latency = system.networkLatency().isZero() ? null : system.networkLatency();
    this.retryAfter = system.retryAfter().isNone() ? null : system.retryAfter();
    this.rate = system.rate();
    this.capacity = system.capacity();
    this.queueLimit = system.queue();
    this.timeout = system.timeout();
    this.outageStart = system.outageStart();
    this.outageEnd = system.outageEnd();
    this.outageFraction = system.outageCapacity();
    this.horizon = system.horizon();
    this.buckets = system.horizon();
    this.dropExpired = system.dropExpired();
    this.unitsPerNano = Models.unitsPerNano(nanosPerUnit);
    this.nanosPerUnit = nanosPerUnit;
    // A client waits for a token at most its timeout: a token due later is refused (-1) and not taken.
    double maxWait = Math.floor(timeout * nanosPerUnit) + 1;
    this.limiterMaxWait = maxWait >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) maxWait;
    this.throttleRate = system.throttling() ? system.throttleRate() : 0;
    this.throttleBurst = Math.max(1, throttleRate * THROTTLE_BURST);
    this.ticker = () -> (long) (engine.now() * this.nanosPerUnit);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** The system this model simulates. */
  public OverloadSystem system() {
    return system;
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
    run(backoff, maxAttempts, budgetFactory, null, arrivals, service, jitter, outcome);
  }

  /**
   * Runs from time 0 to the horizon with a client-side rate limiter and writes what was measured into
   * {@code outcome}; see {@link #run(Backoff, int, Function, RandomGenerator, RandomGenerator, RandomGenerator,
   * OverloadOutcome)}.
   *
   * @param backoff the clients' strategy
   * @param maxAttempts the most attempts per request, first included (1: no retries)
   * @param budgetFactory makes the run's budget, or {@code null}
   * @param limiterFactory makes the run's rate limiter, shared by all its requests, from a ticker on the run's
   *     virtual clock; {@code null} for none
   * @param arrivals draws the arrival times
   * @param service draws the attempts' work
   * @param jitter the backoff's random source
   * @param outcome overwritten with the run's measurements
   * @throws IllegalArgumentException if {@code maxAttempts < 1}
   */
  public void run(Backoff backoff, int maxAttempts, Function<Ticker, RetryBudget> budgetFactory,
      Function<Ticker, AdaptiveRateLimiter> limiterFactory, RandomGenerator arrivals, RandomGenerator service,
      RandomGenerator jitter, OverloadOutcome outcome) {
    run(backoff, maxAttempts, budgetFactory, limiterFactory, arrivals, service, jitter, null, outcome);
  }

  /**
   * Runs from time 0 to the horizon with network time drawn from {@code network}; see
   * {@link #run(Backoff, int, Function, Function, RandomGenerator, RandomGenerator, RandomGenerator,
   * OverloadOutcome)}.
   *
   * @param network draws each answer's network time; unused (may be null) if the model has none
   * @throws IllegalArgumentException if {@code maxAttempts < 1}, or the model has network time and
   *     {@code network} is null
   */
  public void run(Backoff backoff, int maxAttempts, Function<Ticker, RetryBudget> budgetFactory,
      Function<Ticker, AdaptiveRateLimiter> limiterFactory, RandomGenerator arrivals, RandomGenerator service,
      RandomGenerator jitter, RandomGenerator network, OverloadOutcome outcome) {
    check(maxAttempts >= 1, "maxAttempts must be >= 1: " + maxAttempts);
    check(latency == null || network != null, "network must not be null with a network latency");
    this.network = network;
    engine.reset();
    outcome.reset(buckets, Math.min(MAX_LATENCY_BINS, (int) Math.ceil(horizon / LATENCY_BIN) + 1));
    long eventsBefore = engine.eventCount();
    this.backoff = backoff;
    this.maxAttempts = maxAttempts;
    this.service = service;
    this.jitter = jitter;
    this.out = outcome;
    this.budget = budgetFactory == null ? null : budgetFactory.apply(ticker);
    this.limiter = limiterFactory == null ? null : limiterFactory.apply(ticker);
    this.nonReserving = limiter != null && !limiter.isReserving();
    throttleTokens = throttleBurst;
    throttleFill = throttleRate;
    throttleLast = 0;
    Arrays.fill(state, 0, slots.used(), FREE);
    slots.reset();
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
          arrival[slot] = now;
          if (budget != null) {
            budget.onRequest();
          }
          long wait = limiter == null || nonReserving ? 0 : limiter.tryAcquireDelayNanos(limiterMaxWait);
          if (nonReserving) {
            tokenWaitStart[slot] = now;
            acquireToken(slot, now);
          } else if (wait < 0) {
            out.limiterGaveUp++;
            lose(slot, now);
          } else if (wait > 0) {
            // Adaptive mode may delay even a first attempt; the slot waits as if backing off.
            engine.scheduleAt(now + waited(wait), RETRY | slot << KIND_BITS);
          } else {
            send(slot, now);
          }
          double next = now + exponential(arrivals) / rate;
          if (next < horizon) {
            engine.scheduleAt(next, ARRIVAL);
          }
        }
        case RETRY -> send(index, now);
        case RESPONSE -> {
          refs[index]--;
          byte a = answer[index];
          if (a == ANSWER_SUCCESS) {
            succeed(index, now);
          } else {
            fail(index, a == ANSWER_THROTTLED ? THROTTLED : QUEUE_FULL, a == ANSWER_THROTTLED, now);
          }
          release(index);
        }
        case ACQUIRE -> acquireToken(index, now);
        case TIMEOUT -> {
          refs[index]--;
          if (state[index] == WAITING) {
            out.timeouts++;
            out.series[OverloadOutcome.TIMEOUTS][bucket(now)]++;
            fail(index, TIMED_OUT, false, now);
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
    outcome.finishLatency(LATENCY_BIN);
    this.budget = null;
    this.limiter = null;
    this.backoff = null;
    this.out = null;
    this.service = null;
    this.jitter = null;
    this.network = null;
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
    if (throttleRate > 0 && !admit(now)) {
      out.throttled++;
      if (latency != null) {
        answerLater(slot, ANSWER_THROTTLED, now);
        return;
      }
      fail(slot, THROTTLED, true, now);
      return;
    }
    if (!serving && speed > 0 && queueSize == 0) {
      startService(slot, a, now);
    } else if (queueSize < queueLimit) {
      enqueue(slot, a);
    } else {
      out.rejected++;
      out.series[OverloadOutcome.REJECTED][b]++;
      if (latency != null) {
        answerLater(slot, ANSWER_QUEUE_FULL, now);
        return;
      }
      fail(slot, QUEUE_FULL, false, now);
      return;
    }
    if (latency != null) {
      sentAt[slot] = now;
    }
    state[slot] = WAITING;
    refs[slot] += 2; // the timeout event and the server's entry
    engine.scheduleAt(now + timeout, TIMEOUT | slot << KIND_BITS);
  }

  /** A rejection reaches the client after its network time (at most the timeout): a {@link #RESPONSE} event. */
  private void answerLater(int slot, byte kind, double now) {
    answer[slot] = kind;
    state[slot] = BACKING_OFF; // not waiting on the server: no timeout applies
    refs[slot]++;
    engine.scheduleAt(now + Math.min(timeout, latency.sample(network)), RESPONSE | slot << KIND_BITS);
  }

  /** Takes a token of the throttling server's bucket, refilled up to {@code now}; false if there is none. */
  private boolean admit(double now) {
    refillThrottle(now);
    if (throttleTokens < 1) {
      return false;
    }
    throttleTokens -= 1;
    return true;
  }

  private void refillThrottle(double now) {
    throttleTokens = Math.min(throttleBurst, throttleTokens + (now - throttleLast) * throttleFill);
    throttleLast = now;
  }

  /**
   * A non-reserving limiter: takes the token if one is in the bucket and sends, or waits the time the limiter
   * returns and asks again (an {@link #ACQUIRE} event), or gives up (lost) if the token would not be there within
   * the bound, counted from when the request began to wait.
   */
  private void acquireToken(int slot, double now) {
    long left = limiterMaxWait;
    if (left != Long.MAX_VALUE) {
      left = Math.max(0, left - (long) Math.floor((now - tokenWaitStart[slot]) * nanosPerUnit));
    }
    long wait = limiter.tryAcquireDelayNanos(left);
    if (wait == 0) {
      send(slot, now);
    } else if (wait < 0) {
      out.limiterGaveUp++;
      if (budget != null && attempt[slot] > 0) {
        budget.refundRetry(lastCost[slot]); // a retry's token: the budget paid for a retry that is not made
      }
      lose(slot, now);
    } else {
      double at = now + waited(wait);
      engine.scheduleAt(at > now ? at : Math.nextUp(now), ACQUIRE | slot << KIND_BITS);
    }
  }

  /** Records a rate limiter's wait of {@code nanos} and returns it in time units. */
  private double waited(long nanos) {
    double units = nanos * unitsPerNano;
    out.limiterWait += units;
    out.limiterWaits++;
    if (units > out.limiterWaitMax) {
      out.limiterWaitMax = units;
    }
    return units;
  }

  private void fail(int slot, Throwable failure, boolean throttled, double now) {
    if (budget != null) {
      budget.onFailure();
    }
    if (limiter != null) {
      limiter.onResponse(throttled);
    }
    int a = attempt[slot];
    if (a < maxAttempts) {
      long delay = backoff.delayNanos(a, previousDelay[slot], jitter);
      if (throttled && retryAfter != null) {
        // As RetryingHttpClient: the reply's hint replaces the drawn delay (the core's delay override), and a hint
        // longer than the client follows stops the retries before the budget is asked.
        delay = retryAfter.waitNanos(delay, backoff.maxDelayNanos(a), jitter);
        if (delay == RetryAfterHint.TOO_LONG) {
          out.hintTooLong++;
          lose(slot, now);
          return;
        }
      }
      long cost = budget == null ? 0
          : budget.tryAcquireRetry(failure, throttled ? CostClass.THROTTLING : CostClass.TRANSIENT);
      if (cost >= 0) {
        acquired[slot] += cost;
        lastCost[slot] = cost;
        if (nonReserving) {
          // botocore's order: back off, then wait for a token that is in the bucket before the attempt.
          previousDelay[slot] = delay;
          state[slot] = BACKING_OFF;
          double at = now + delay * unitsPerNano;
          tokenWaitStart[slot] = at;
          engine.scheduleAt(at, ACQUIRE | slot << KIND_BITS);
          return;
        }
        long wait = limiter == null ? 0 : limiter.tryAcquireDelayNanos(limiterMaxWait);
        if (wait < 0) {
          out.limiterGaveUp++;
          if (budget != null) {
            budget.refundRetry(cost); // as the core: the retry the budget paid for is not made
          }
          cost = -1; // the request gives up, without a token: its client will not wait that long for one
        } else if (wait > 0) {
          waited(wait);
          // As the core: the token's wait is added to the backoff's, saturating.
          delay = delay + wait < 0 ? Long.MAX_VALUE : delay + wait;
        }
        if (cost >= 0) {
          previousDelay[slot] = delay;
          state[slot] = BACKING_OFF;
          engine.scheduleAt(now + delay * unitsPerNano, RETRY | slot << KIND_BITS);
          return;
        }
      } else {
        out.budgetDenied++;
      }
    }
    lose(slot, now);
  }

  /** The request in {@code slot} gives up at {@code now}: counted lost, and its slot freed. */
  private void lose(int slot, double now) {
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
      if (latency == null) {
        succeed(slot, now);
      } else {
        double at = now + latency.sample(network);
        if (at < sentAt[slot] + timeout) {
          // Heard before the timeout (the only other thing that can happen to a waiting attempt).
          answer[slot] = ANSWER_SUCCESS;
          refs[slot]++;
          engine.scheduleAt(at, RESPONSE | slot << KIND_BITS);
        } else {
          out.wasted++; // the reply arrives after the client gave up
        }
      }
    } else {
      out.wasted++;
    }
    release(slot);
    startNext(now);
  }

  /** The request in {@code slot} succeeds at {@code now}, when its client has the reply. */
  private void succeed(int slot, double now) {
    out.successes++;
    out.series[OverloadOutcome.SUCCESSES][bucket(now)]++;
    if (limiter != null) {
      limiter.onResponse(false);
    }
    if (budget != null) {
      budget.onSuccess(acquired[slot], lastCost[slot]);
    }
    out.latency(now - arrival[slot], LATENCY_BIN);
    state[slot] = FINISHED;
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
    if (throttleRate > 0) {
      refillThrottle(now); // at the old rate up to now
      throttleFill = throttleRate * newSpeed / capacity;
    }
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
    int slot = slots.take();
    if (slot == state.length) {
      growSlots();
    }
    state[slot] = BACKING_OFF;
    attempt[slot] = 0;
    previousDelay[slot] = 0;
    acquired[slot] = 0;
    lastCost[slot] = 0;
    refs[slot] = 0;
    return slot;
  }

  private void release(int slot) {
    if (state[slot] == FINISHED && refs[slot] == 0) {
      state[slot] = FREE;
      slots.free(slot);
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
    tokenWaitStart = Arrays.copyOf(tokenWaitStart, n);
    acquired = Arrays.copyOf(acquired, n);
    lastCost = Arrays.copyOf(lastCost, n);
    arrival = Arrays.copyOf(arrival, n);
    refs = Arrays.copyOf(refs, n);
    sentAt = Arrays.copyOf(sentAt, n);
    answer = Arrays.copyOf(answer, n);
  }

  private int bucket(double time) {
    return Math.min(buckets - 1, (int) time);
  }

  private static double exponential(RandomGenerator random) {
    return OverloadStreams.exponential(random);
  }

  /** See {@link OverloadOutcome#recovery()}. */
  private double recovery(OverloadOutcome o) {
    return OverloadOutcome.recovery(o.series[OverloadOutcome.SUCCESSES], buckets, horizon, outageEnd, rate);
  }
}
