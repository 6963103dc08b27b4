package io.github.backoff.strategy;

import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators shared by the strategy properties: every factory with valid parameters over the whole range
 * (zero, realistic, up to {@code Long.MAX_VALUE} nanoseconds and beyond), wrapped in up to three combinators.
 */
final class Strategies {
  private Strategies() {}

  /** Non-negative nanoseconds: realistic values, the whole long range, and its edges. */
  static Arbitrary<Long> nanos() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.longs().between(0, 100_000_000_000L)),
        Tuple.of(3, Arbitraries.longs().between(0, Long.MAX_VALUE)),
        Tuple.of(1, Arbitraries.of(0L, 1L, 2L, 3L, (1L << 53) + 1, Long.MAX_VALUE / 3 + 1,
            Long.MAX_VALUE / 2, Long.MAX_VALUE - 1, Long.MAX_VALUE)));
  }

  /** Non-negative durations, including ones far beyond {@code Long.MAX_VALUE} nanoseconds. */
  static Arbitrary<Duration> durations() {
    return Arbitraries.frequencyOf(
        Tuple.of(12, nanos().map(Duration::ofNanos)),
        Tuple.of(1, Arbitraries.of(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999),
            Duration.ofDays(1_000_000_000L), Duration.ofSeconds(9_223_372_037L))));
  }

  static Arbitrary<Duration> positiveDurations() {
    return durations().filter(d -> !d.isZero());
  }

  /** Multipliers from 1 to the largest double. */
  static Arbitrary<Double> multipliers() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.doubles().between(1.0, 10.0).ofScale(6)),
        Tuple.of(3, Arbitraries.doubles().between(0, 308).ofScale(4).map(e -> Math.pow(10, e))),
        Tuple.of(1, Arbitraries.of(1.0, Math.nextUp(1.0), 1.5, 2.0, 3.0, 1e308, Double.MAX_VALUE)));
  }

  /** Factors in [0, 1]. */
  static Arbitrary<Double> factors() {
    return Arbitraries.oneOf(Arbitraries.doubles().between(0.0, 1.0).ofScale(9),
        Arbitraries.of(0.0, Double.MIN_VALUE, 0.5, Math.nextDown(1.0), 1.0));
  }

  /** Uniform draws on the grid {@code nextDouble()} uses, k·2^-53, including 0 and the largest, 1 - 2^-53. */
  static Arbitrary<Double> uniforms() {
    return Arbitraries.longs().between(0, (1L << 53) - 1).map(k -> k * 0x1p-53);
  }

  static Arbitrary<double[]> drawScripts() {
    return uniforms().list().ofMinSize(1).ofMaxSize(4)
        .map(list -> list.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** Retry numbers over the whole int range, biased to small ones and the edges. */
  static Arbitrary<Integer> retries() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.integers().between(1, 70)),
        Tuple.of(3, Arbitraries.integers().between(1, Integer.MAX_VALUE)),
        Tuple.of(1, Arbitraries.of(1, 2, 63, 64, 65, 1022, 1023, 1024, 1025,
            Integer.MAX_VALUE - 1, Integer.MAX_VALUE)));
  }

  /** Every factory with valid parameters. */
  static Arbitrary<Backoff> factories() {
    return Arbitraries.oneOf(
        Arbitraries.just(Backoff.none()),
        durations().map(Backoff::constant),
        Combinators.combine(durations(), durations()).as(Backoff::linear),
        durations().map(Backoff::exponential),
        Combinators.combine(durations(), multipliers()).as(Backoff::exponential),
        Combinators.combine(retries(), durations()).as(Backoff::truncatedBinary),
        Combinators.combine(nanos(), nanos()).as((a, b) ->
            Backoff.decorrelatedJitter(Duration.ofNanos(Math.min(a, b)), Duration.ofNanos(Math.max(a, b)))),
        Combinators.combine(nanos(), nanos()).as((a, b) ->
            Backoff.decorrelatedJitterV2(Duration.ofNanos(Math.min(a, b)), Duration.ofNanos(Math.max(a, b)))));
  }

  /** The deterministic factories: no randomness, documented as non-decreasing in r. */
  static Arbitrary<Backoff> deterministicFactories() {
    return Arbitraries.oneOf(
        durations().map(Backoff::constant),
        Combinators.combine(durations(), durations()).as(Backoff::linear),
        Combinators.combine(durations(), multipliers()).as(Backoff::exponential),
        Combinators.combine(retries(), durations()).as(Backoff::truncatedBinary));
  }

  static Arbitrary<UnaryOperator<Backoff>> combinators() {
    return Arbitraries.oneOf(
        durations().map(cap -> named(b -> b.withCap(cap), "withCap(" + cap + ")")),
        retries().map(n -> named(b -> b.truncatedAfter(n), "truncatedAfter(" + n + ")")),
        Arbitraries.just(named(Backoff::withFullJitter, "withFullJitter()")),
        Arbitraries.just(named(Backoff::withEqualJitter, "withEqualJitter()")),
        factors().map(f -> named(b -> b.withRandomization(f), "withRandomization(" + f + ")")),
        durations().map(j -> named(b -> b.withAdditiveJitter(j), "withAdditiveJitter(" + j + ")")),
        positiveDurations().map(q -> named(b -> b.quantizedTo(q), "quantizedTo(" + q + ")")));
  }

  /** Deterministic combinators: they keep a deterministic strategy deterministic and non-decreasing. */
  static Arbitrary<UnaryOperator<Backoff>> deterministicCombinators() {
    return Arbitraries.oneOf(
        durations().map(cap -> named(b -> b.withCap(cap), "withCap(" + cap + ")")),
        retries().map(n -> named(b -> b.truncatedAfter(n), "truncatedAfter(" + n + ")")),
        positiveDurations().map(q -> named(b -> b.quantizedTo(q), "quantizedTo(" + q + ")")));
  }

  /** Any strategy: a factory wrapped in up to three combinators. */
  static Arbitrary<Backoff> any() {
    return compose(factories(), combinators());
  }

  static Arbitrary<Backoff> deterministic() {
    return compose(deterministicFactories(), deterministicCombinators());
  }

  private static Arbitrary<Backoff> compose(Arbitrary<Backoff> factories,
      Arbitrary<UnaryOperator<Backoff>> combinators) {
    return Combinators.combine(factories, combinators.list().ofMaxSize(3)).as(Strategies::apply);
  }

  private static Backoff apply(Backoff backoff, List<UnaryOperator<Backoff>> ops) {
    Backoff b = backoff;
    for (UnaryOperator<Backoff> op : ops) {
      b = op.apply(b);
    }
    return b;
  }

  private static UnaryOperator<Backoff> named(UnaryOperator<Backoff> op, String name) {
    return new UnaryOperator<>() {
      @Override
      public Backoff apply(Backoff b) {
        return op.apply(b);
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }
}
