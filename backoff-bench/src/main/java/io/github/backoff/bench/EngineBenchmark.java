package io.github.backoff.bench;

import io.github.backoff.sim.overload.OverloadModel;
import io.github.backoff.sim.overload.OverloadOutcome;
import io.github.backoff.sim.overload.OverloadSystem;
import io.github.backoff.sim.sweep.ClientModel;
import io.github.backoff.sim.sweep.OccModel;
import io.github.backoff.sim.sweep.RunOutcome;
import io.github.backoff.sim.sweep.SingleServerModel;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The simulator's engine speed, in events per second per model: one seeded run of each model per invocation, the
 * events it processed counted by JMH as a secondary result ({@code events}, per second), so that a regression in
 * the engine, a model or the random draws shows as a lower rate. {@code occ} and {@code single-server} run N
 * clients at once with full jitter (5 ms base, 2 s cap, 1 unit = 1 ms, as {@code backoff simulate}); {@code
 * overload} runs the default system ({@link OverloadSystem#DEFAULTS}: 800/s at 1000/s, a 10 s outage, 180 s) with
 * 4 attempts and no budget.
 *
 * <pre>{@code
 * java -jar backoff-bench/target/benchmarks.jar EngineBenchmark -p clients=10000
 * }</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 5, time = 5)
public class EngineBenchmark {
  private static final Backoff FULL_JITTER =
      Backoff.exponential(Duration.ofMillis(5), 2).withCap(Duration.ofSeconds(2)).withFullJitter();
  private static final Backoff OVERLOAD_JITTER =
      Backoff.exponential(Duration.ofMillis(50), 2).withCap(Duration.ofSeconds(2)).withFullJitter();

  /** The burst models' client count (overload ignores it). */
  @Param({"10000"})
  public int clients;

  private ClientModel occ;
  private ClientModel singleServer;
  private OverloadModel overload;
  private final RunOutcome burst = new RunOutcome();
  private final OverloadOutcome open = new OverloadOutcome();
  private long seed;

  /** Events processed, reported by JMH per second. */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Events {
    public long events;

    @Setup(Level.Iteration)
    public void reset() {
      events = 0;
    }
  }

  @Setup
  public void setUp() {
    occ = new OccModel(1_000_000);
    singleServer = new SingleServerModel(1_000_000);
    overload = new OverloadModel(OverloadSystem.DEFAULTS);
  }

  @Benchmark
  public long occ(Events counter) {
    occ.run(clients, FULL_JITTER, new SplittableRandom(seed++), burst);
    counter.events += burst.events();
    return burst.work();
  }

  @Benchmark
  public long singleServer(Events counter) {
    singleServer.run(clients, FULL_JITTER, new SplittableRandom(seed++), burst);
    counter.events += burst.events();
    return burst.work();
  }

  @Benchmark
  public long overload(Events counter) {
    long s = seed++;
    overload.run(OVERLOAD_JITTER, 4, null, new SplittableRandom(s), new SplittableRandom(s + 1),
        new SplittableRandom(s + 2), open);
    counter.events += open.events();
    return open.attempts();
  }
}
