package io.github.backoff.bench;

import dev.failsafe.FailsafeExecutor;
import dev.failsafe.function.CheckedSupplier;
import io.github.backoff.Retrier;
import io.github.resilience4j.retry.Retry;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
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
 * Benchmark 1: a call that succeeds at the first attempt, through a policy with exponential backoff, jitter and 3
 * attempts. The supplier returns a constant, so it allocates nothing: every byte per op is the library's.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SuccessPathBenchmark {
  private String value;
  private Supplier<String> direct;
  private Retrier<String> backoff;
  private Callable<String> backoffCallable;
  private FailsafeExecutor<String> failsafe;
  private CheckedSupplier<String> failsafeSupplier;
  private Supplier<String> resilience4j;

  @Setup
  public void setUp() {
    value = "ok";
    direct = () -> value;
    backoff = Policies.backoff(false);
    backoffCallable = () -> value;
    failsafe = Policies.failsafe(false);
    failsafeSupplier = () -> value;
    Retry retry = Policies.resilience4j(false);
    Supplier<String> supplier = () -> value;
    resilience4j = Retry.decorateSupplier(retry, supplier);
  }

  @Benchmark
  public String direct() {
    return direct.get();
  }

  @Benchmark
  public String backoff() {
    return backoff.call(backoffCallable);
  }

  @Benchmark
  public String failsafe() {
    return failsafe.get(failsafeSupplier);
  }

  @Benchmark
  public String resilience4j() {
    return resilience4j.get();
  }
}
