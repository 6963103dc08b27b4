package io.github.backoff.bench;

import io.github.backoff.strategy.Backoff;
import io.github.resilience4j.core.IntervalFunction;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Benchmark 3: the wait before retry 5 of exponential backoff (100 ms, ×2, cap 10 s) randomized by ±50%. Failsafe
 * computes its delays inside its internal executor and exposes no function for it, so it has no entry here.
 * {@code retry} is a field so the JIT cannot fold it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class NextDelayBenchmark {
  private int retry;
  private Backoff backoff;
  private RandomGenerator random;
  private IntervalFunction resilience4j;

  @Setup
  public void setUp() {
    retry = 5;
    backoff = Policies.backoffStrategy();
    random = ThreadLocalRandom.current();
    resilience4j = Policies.resilience4jInterval();
  }

  /** Nanoseconds, from a random source the caller passes (the retrier's default is {@code ThreadLocalRandom}). */
  @Benchmark
  public long backoff() {
    return backoff.delayNanos(retry, 0, random);
  }

  /** Milliseconds, boxed: {@code IntervalFunction} is a {@code Function<Integer, Long>}. */
  @Benchmark
  public Long resilience4j() {
    return resilience4j.apply(retry);
  }
}
