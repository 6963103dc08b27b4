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
 * Benchmark 2: the first attempt fails, the second succeeds, with a zero delay between them. This measures the
 * retry machinery, not sleeping. The failure is one preallocated exception without a stack trace, so building
 * exceptions is not measured either; {@code direct} is a hand-written try/catch retry.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class OneFailureBenchmark {
  private static final RuntimeException FAILURE = new StacklessFailure();

  /** Preallocated and without a stack trace, so filling stack traces is not what is measured. */
  static final class StacklessFailure extends RuntimeException {
    StacklessFailure() {
      super("first attempt fails", null, false, false);
    }
  }

  private String value;
  private int calls;
  private Supplier<String> direct;
  private Retrier<String> backoff;
  private Callable<String> backoffCallable;
  private FailsafeExecutor<String> failsafe;
  private CheckedSupplier<String> failsafeSupplier;
  private Supplier<String> resilience4j;

  /** Fails on odd calls and succeeds on even ones: every operation is one failure, then a success. */
  private String work() {
    if ((++calls & 1) != 0) {
      throw FAILURE;
    }
    return value;
  }

  @Setup
  public void setUp() {
    value = "ok";
    calls = 0;
    direct = this::work;
    backoff = Policies.backoff(true);
    backoffCallable = this::work;
    failsafe = Policies.failsafe(true);
    failsafeSupplier = this::work;
    Retry retry = Policies.resilience4j(true);
    Supplier<String> supplier = this::work;
    resilience4j = Retry.decorateSupplier(retry, supplier);
  }

  @Benchmark
  public String direct() {
    try {
      return direct.get();
    } catch (RuntimeException e) {
      return direct.get();
    }
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
