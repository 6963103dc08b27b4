package io.github.backoff.bench;

import io.github.backoff.Retrier;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.Hedger;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
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
 * The cost of a hedged call that answers before the hedging delay, against the same call through
 * {@code Retrier.callAsync} (success at the first attempt) and against the bare future.
 *
 * <ul>
 *   <li>{@code *Pending}: the supplier returns a new, not yet completed future, which the benchmark completes right
 *       after the call returns: the hedge is queued on the hedger's timer and unqueued when the answer comes.
 *   <li>{@code *Completed}: the supplier returns an already completed future (a cache hit): nothing is queued.
 * </ul>
 * The hedging delay is 1 s, so no hedge is ever sent.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HedgedCallBenchmark {
  private Retrier<String> retrier;
  private Hedger<String> hedger;
  private CompletableFuture<String> pending;
  private CompletableFuture<String> completed;
  private Supplier<CompletionStage<String>> pendingSupplier;
  private Supplier<CompletionStage<String>> completedSupplier;

  @Setup
  public void setUp() {
    retrier = Policies.backoff(false);
    hedger = Hedger.of(HedgePolicy.<String>builder().withDelay(Duration.ofSeconds(1)).withMaxHedges(1).build());
    completed = CompletableFuture.completedFuture("ok");
    pendingSupplier = () -> pending;
    completedSupplier = () -> completed;
  }

  /** The bare future and one dependent stage: what any async caller pays. */
  @Benchmark
  public CompletableFuture<String> futurePending() {
    CompletableFuture<String> f = new CompletableFuture<>();
    CompletableFuture<String> r = f.thenApply(s -> s);
    f.complete("ok");
    return r;
  }

  @Benchmark
  public CompletableFuture<String> retrierPending() {
    pending = new CompletableFuture<>();
    CompletableFuture<String> r = retrier.callAsync(pendingSupplier);
    pending.complete("ok");
    return r;
  }

  @Benchmark
  public CompletableFuture<String> hedgerPending() {
    pending = new CompletableFuture<>();
    CompletableFuture<String> r = hedger.callAsync(pendingSupplier);
    pending.complete("ok");
    return r;
  }

  @Benchmark
  public CompletableFuture<String> retrierCompleted() {
    return retrier.callAsync(completedSupplier);
  }

  @Benchmark
  public CompletableFuture<String> hedgerCompleted() {
    return hedger.callAsync(completedSupplier);
  }
}
