package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class BackoffSpecTest {
  private static final Duration MS_100 = Duration.ofMillis(100);
  private static final double[] DRAWS = {0.0, 0.25, 0.5, 0.999};

  /** Both strategies give the same waits for retries 1..30 under the same scripted draws. */
  private static void assertSameWaits(Backoff actual, Backoff expected) {
    RandomGenerator a = Randoms.uniforms(DRAWS);
    RandomGenerator e = Randoms.uniforms(DRAWS);
    long previousA = 0;
    long previousE = 0;
    for (int r = 1; r <= 30; r++) {
      previousA = actual.delayNanos(r, previousA, a);
      previousE = expected.delayNanos(r, previousE, e);
      assertThat(previousA).as("retry %d", r).isEqualTo(previousE);
      assertThat(actual.minDelayNanos(r)).as("min of retry %d", r).isEqualTo(expected.minDelayNanos(r));
      assertThat(actual.maxDelayNanos(r)).as("max of retry %d", r).isEqualTo(expected.maxDelayNanos(r));
    }
  }

  @Test
  void names_areTheDocumentedOnes() {
    assertThat(BackoffSpec.NAMES).containsExactly("none", "constant", "linear", "exponential", "full-jitter",
        "equal-jitter", "decorrelated-jitter", "decorrelated-jitter-v2", "randomized", "additive");
    for (String name : BackoffSpec.NAMES) {
      assertThat(BackoffSpec.isKnown(name)).isTrue();
      assertThat(BackoffSpec.of(name).toBackoff()).as(name).isNotNull();
    }
    assertThat(BackoffSpec.isKnown("google-drive")).isFalse();
  }

  @Test
  void of_misspelledName_suggestsTheClosestStrategy() {
    assertThatThrownBy(() -> BackoffSpec.of("full-jiter"))
        .hasMessageStartingWith("unknown strategy: 'full-jiter' (did you mean 'full-jitter'?) (expected one of ");
  }

  @Test
  void of_unknownName_throwsNamingItAndTheChoices() {
    assertThatThrownBy(() -> BackoffSpec.of("fibonacci"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown strategy: 'fibonacci' (expected one of none, constant, linear, exponential, "
            + "full-jitter, equal-jitter, decorrelated-jitter, decorrelated-jitter-v2, randomized, additive)");
  }

  @Test
  void of_null_throwsNullPointerException() {
    assertThatThrownBy(() -> BackoffSpec.of(null)).isInstanceOf(NullPointerException.class).hasMessage("name");
  }

  @Test
  void defaults_areDocumented() {
    BackoffSpec spec = BackoffSpec.of("randomized");
    assertThat(spec.base()).isEqualTo(MS_100);
    assertThat(spec.multiplier()).isEqualTo(2.0);
    assertThat(spec.step()).isEqualTo(MS_100);
    assertThat(spec.jitter()).isEqualTo(MS_100);
    assertThat(spec.factor()).isEqualTo(0.5);
    assertThat(spec.cap()).isEmpty();
    assertThat(spec.truncateAfter()).isEmpty();
    assertThat(spec.withBase(Duration.ofSeconds(1)).step()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void toBackoff_eachName_buildsTheDocumentedComposition() {
    Duration base = Duration.ofMillis(50);
    Duration cap = Duration.ofSeconds(3);
    Duration step = Duration.ofMillis(30);
    Duration jitter = Duration.ofMillis(200);
    assertSameWaits(BackoffSpec.of("none").toBackoff(), Backoff.none());
    assertSameWaits(BackoffSpec.of("constant").withBase(base).toBackoff(), Backoff.constant(base));
    assertSameWaits(BackoffSpec.of("linear").withBase(base).withStep(step).withCap(cap).toBackoff(),
        Backoff.linear(base, step).withCap(cap));
    assertSameWaits(BackoffSpec.of("exponential").withBase(base).withMultiplier(3).toBackoff(),
        Backoff.exponential(base, 3));
    assertSameWaits(BackoffSpec.of("full-jitter").withBase(base).withCap(cap).toBackoff(),
        Backoff.exponential(base, 2).withCap(cap).withFullJitter());
    assertSameWaits(BackoffSpec.of("equal-jitter").withBase(base).withCap(cap).withTruncateAfter(4).toBackoff(),
        Backoff.exponential(base, 2).truncatedAfter(4).withCap(cap).withEqualJitter());
    assertSameWaits(BackoffSpec.of("decorrelated-jitter").withBase(base).withCap(cap).toBackoff(),
        Backoff.decorrelatedJitter(base, cap));
    assertSameWaits(BackoffSpec.of("decorrelated-jitter-v2").withBase(base).withCap(cap).toBackoff(),
        Backoff.decorrelatedJitterV2(base, cap));
    assertSameWaits(BackoffSpec.of("randomized").withBase(base).withMultiplier(1.5).withFactor(0.25).withCap(cap)
        .toBackoff(), Backoff.exponential(base, 1.5).withCap(cap).withRandomization(0.25));
    assertSameWaits(BackoffSpec.of("additive").withBase(base).withJitter(jitter).withCap(cap).toBackoff(),
        Backoff.exponential(base, 2).withAdditiveJitter(jitter).withCap(cap));
  }

  @Test
  void toBackoff_decorrelatedWithoutCap_usesTheDefaultCap() {
    assertSameWaits(BackoffSpec.of("decorrelated-jitter").toBackoff(),
        Backoff.decorrelatedJitter(MS_100, BackoffSpec.DEFAULT_DECORRELATED_CAP));
  }

  @Test
  void toBackoff_capBelowBase_throwsNamingBoth() {
    assertThatThrownBy(() -> BackoffSpec.of("full-jitter").withBase(Duration.ofSeconds(1))
        .withCap(Duration.ofMillis(500)).toBackoff())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cap must be >= base: 500 ms < 1 s");
  }

  @Test
  void toBackoff_decorrelatedBaseAboveDefaultCap_throws() {
    assertThatThrownBy(() -> BackoffSpec.of("decorrelated-jitter").withBase(Duration.ofSeconds(30)).toBackoff())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cap must be >= base: 20 s < 30 s");
  }

  @Test
  void toBackoff_parameterNotUsed_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSpec.of("constant").withMultiplier(3).toBackoff())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("multiplier does not apply to strategy constant (it takes base)");
    assertThatThrownBy(() -> BackoffSpec.of("none").withBase(MS_100).toBackoff())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("base does not apply to strategy none (it takes no parameters)");
    assertThatThrownBy(() -> BackoffSpec.of("full-jitter").withFactor(0.1).toBackoff())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("factor does not apply to strategy full-jitter (it takes base, cap, multiplier, truncateAfter)");
    assertThatThrownBy(() -> BackoffSpec.of("decorrelated-jitter").withTruncateAfter(3).toBackoff())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("truncateAfter does not apply to strategy decorrelated-jitter (it takes base, cap)");
  }

  @Test
  void withBase_negative_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSpec.of("exponential").withBase(Duration.ofMillis(-5)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("base must not be negative: -5 ms");
  }

  @Test
  void withCap_negative_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSpec.of("exponential").withCap(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("cap must not be negative: -1 s");
  }

  @Test
  void withStep_negative_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSpec.of("linear").withStep(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("step must not be negative: -1 ms");
  }

  @Test
  void withJitter_negative_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSpec.of("additive").withJitter(Duration.ofMillis(-2)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("jitter must not be negative: -2 ms");
  }

  @Test
  void withMultiplier_belowOneOrInfinite_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSpec.of("exponential").withMultiplier(0.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("multiplier must be >= 1 and finite: 0.5");
    assertThatThrownBy(() -> BackoffSpec.of("exponential").withMultiplier(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("multiplier must be >= 1 and finite: NaN");
    assertThatThrownBy(() -> BackoffSpec.of("exponential").withMultiplier(Double.POSITIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("multiplier must be >= 1 and finite: Infinity");
  }

  @Test
  void withFactor_outsideZeroOne_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSpec.of("randomized").withFactor(1.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("factor must be in [0, 1]: 1.5");
    assertThatThrownBy(() -> BackoffSpec.of("randomized").withFactor(-0.1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("factor must be in [0, 1]: -0.1");
  }

  @Test
  void withTruncateAfter_belowOne_throwsNamingIt() {
    assertThatThrownBy(() -> BackoffSpec.of("exponential").withTruncateAfter(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("truncateAfter must be >= 1: 0");
  }

  @Test
  void withers_returnNewSpecs_equalityByValue() {
    BackoffSpec a = BackoffSpec.of("full-jitter");
    BackoffSpec b = a.withCap(Duration.ofSeconds(20));
    assertThat(a.cap()).isEmpty();
    assertThat(b).isEqualTo(BackoffSpec.of("full-jitter").withCap(Duration.ofSeconds(20)))
        .hasSameHashCodeAs(BackoffSpec.of("full-jitter").withCap(Duration.ofSeconds(20)))
        .isNotEqualTo(a);
    assertThat(b.withBase(MS_100)).hasToString("full-jitter(base=100 ms, cap=20 s)");
  }

  @Property(tries = 200)
  void toBackoff_anyNameAndSeed_staysWithinBounds(@ForAll("names") String name, @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 200) int retry) {
    Backoff backoff = BackoffSpec.of(name).toBackoff();
    RandomGenerator random = Randoms.seeded(seed);
    long wait = backoff.delayNanos(retry, 0, random);
    assertThat(wait).isBetween(backoff.minDelayNanos(retry), backoff.maxDelayNanos(retry));
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<String> names() {
    return net.jqwik.api.Arbitraries.of(BackoffSpec.NAMES);
  }
}
