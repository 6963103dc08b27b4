package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSpec;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class StrategyRegistryTest {
  private static final long MS = 1_000_000;
  /** The study's own figures: a first exponential wait of 10 ms, decorrelated-jitter at 5 ms, cap 2 s. */
  private final StrategyRegistry study = StrategyRegistry.study(Duration.ofMillis(10), Duration.ofMillis(5),
      Duration.ofMillis(2000));

  @Test
  void study_oneBase_isTheFirstWaitOfEveryStrategy() {
    StrategyRegistry registry = StrategyRegistry.study(Duration.ofMillis(50), Duration.ofMillis(2000));
    SplittableRandom random = new SplittableRandom(1);
    assertThat(registry.get("exponential").delayNanos(1, 0, random)).isEqualTo(50 * MS);
    assertThat(registry.get("exponential").maxDelayNanos(1)).isEqualTo(BackoffSpec.of("exponential")
        .withBase(Duration.ofMillis(50)).toBackoff().maxDelayNanos(1));
    assertThat(registry.get("full-jitter").maxDelayNanos(1)).isEqualTo(50 * MS);
    for (int i = 0; i < 100; i++) {
      assertThat(registry.get("decorrelated-jitter").delayNanos(1, 0, random)).isBetween(50 * MS, 150 * MS);
    }
  }

  @Test
  void study_exponential_isMinCapBaseTimesTwoToTheR() {
    Backoff expo = study.get("exponential");
    SplittableRandom random = new SplittableRandom(1);
    assertThat(expo.delayNanos(1, 0, random)).isEqualTo(10 * MS);
    assertThat(expo.delayNanos(2, 0, random)).isEqualTo(20 * MS);
    assertThat(expo.delayNanos(8, 0, random)).isEqualTo(1280 * MS);
    assertThat(expo.delayNanos(9, 0, random)).isEqualTo(2000 * MS);
    assertThat(expo.delayNanos(60, 0, random)).isEqualTo(2000 * MS);
  }

  @Test
  void study_jitters_stayWithinTheirBounds() {
    SplittableRandom random = new SplittableRandom(2);
    for (int r = 1; r <= 12; r++) {
      long expo = Math.min(2000 * MS, 5 * MS << r);
      for (int i = 0; i < 200; i++) {
        assertThat(study.get("full-jitter").delayNanos(r, 0, random)).isBetween(0L, expo);
        assertThat(study.get("equal-jitter").delayNanos(r, 0, random)).isBetween(expo / 2, expo);
      }
    }
  }

  @Test
  void study_decorrelated_drawsBetweenBaseAndThreeTimesPrevious() {
    Backoff decorrelated = study.get("decorrelated-jitter");
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 500; i++) {
      assertThat(decorrelated.delayNanos(1, 0, random)).isBetween(5 * MS, 15 * MS);
      assertThat(decorrelated.delayNanos(2, 100 * MS, random)).isBetween(5 * MS, 300 * MS);
      assertThat(decorrelated.delayNanos(9, 1500 * MS, random)).isBetween(5 * MS, 2000 * MS);
    }
  }

  @Test
  void study_none_isCoreNone() {
    assertThat(study.get("none")).isSameAs(Backoff.none());
  }

  @Test
  void names_studyFirstThenOthersSorted() {
    StrategyRegistry registry = study.with("zeta", Backoff.none()).with("alpha", Backoff.none());
    assertThat(registry.names()).containsExactly("none", "exponential", "full-jitter", "equal-jitter",
        "decorrelated-jitter", "alpha", "zeta");
    assertThat(study.names()).isEqualTo(StrategyRegistry.STUDY_NAMES);
  }

  @Test
  void with_customStrategy_isReturnedByName() {
    Backoff linear = Backoff.linear(Duration.ofMillis(10), Duration.ofMillis(10));
    StrategyRegistry registry = study.with("linear", linear);
    assertThat(registry.get("linear")).isSameAs(linear);
    assertThat(registry.contains("linear")).isTrue();
    assertThat(study.contains("linear")).isFalse();
  }

  @Test
  void get_unknownName_throwsNamingIt() {
    assertThatThrownBy(() -> study.get("fibonacci")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("strategies: unknown strategy 'fibonacci' (known: none, exponential, full-jitter, "
            + "equal-jitter, decorrelated-jitter)");
  }

  @Test
  void with_badName_throws() {
    assertThatThrownBy(() -> study.with("a,b", Backoff.none())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("strategies: bad strategy name 'a,b' (must be non-blank, without commas, quotes or line breaks)");
    assertThatThrownBy(() -> study.with(" ", Backoff.none())).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> study.with("x", null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void study_capBelowBase_throws() {
    assertThatThrownBy(() -> StrategyRegistry.study(Duration.ofMillis(5), Duration.ofMillis(4)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("cap must be >= base: PT0.004S < PT0.005S");
    assertThatThrownBy(() -> StrategyRegistry.study(Duration.ofMillis(-1), Duration.ofMillis(4)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("base must not be negative: PT-0.001S");
  }
}
