package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** What a spec reports about the parameters it was given: names, values, boundaries, identity. */
class BackoffSpecParametersTest {
  private static final Duration MS_100 = Duration.ofMillis(100);

  /** The exception {@code toBackoff} throws for a parameter {@code none} does not take. */
  private static InvalidParameterException notApplying(UnaryOperator<BackoffSpec> given) {
    try {
      given.apply(BackoffSpec.of("none")).toBackoff();
    } catch (InvalidParameterException e) {
      return e;
    }
    throw new AssertionError("toBackoff accepted a parameter strategy none does not take");
  }

  @Test
  void toBackoff_parameterNotApplying_reportsItsNameAndTheValueGiven() {
    Duration seconds2 = Duration.ofSeconds(2);
    assertThat(notApplying(s -> s.withBase(MS_100))).satisfies(e -> {
      assertThat(e.parameter()).isEqualTo("base");
      assertThat(e.value()).isEqualTo(MS_100);
    });
    assertThat(notApplying(s -> s.withCap(seconds2)).value()).isEqualTo(seconds2);
    assertThat(notApplying(s -> s.withMultiplier(3.0)).value()).isEqualTo(3.0);
    assertThat(notApplying(s -> s.withStep(Duration.ofMillis(7))).value()).isEqualTo(Duration.ofMillis(7));
    assertThat(notApplying(s -> s.withFactor(0.25)).value()).isEqualTo(0.25);
    assertThat(notApplying(s -> s.withJitter(Duration.ofMillis(9))).value()).isEqualTo(Duration.ofMillis(9));
    assertThat(notApplying(s -> s.withTruncateAfter(4))).satisfies(e -> {
      assertThat(e.parameter()).isEqualTo("truncateAfter");
      assertThat(e.value()).isEqualTo(4);
    });
  }

  @Test
  void withMultiplier_exactlyOne_isAccepted() {
    assertThat(BackoffSpec.of("exponential").withMultiplier(1.0).multiplier()).isEqualTo(1.0);
  }

  @Test
  void withFactor_zeroAndOne_areAccepted() {
    assertThat(BackoffSpec.of("randomized").withFactor(0.0).factor()).isEqualTo(0.0);
    assertThat(BackoffSpec.of("randomized").withFactor(1.0).factor()).isEqualTo(1.0);
  }

  @Test
  void toBackoff_capEqualToBase_isAccepted() {
    Backoff backoff = BackoffSpec.of("exponential").withBase(MS_100).withCap(MS_100).toBackoff();

    assertThat(backoff.maxDelayNanos(10)).isEqualTo(MS_100.toNanos());
  }

  @Test
  void nameAndCap_given_returnWhatWasGiven() {
    BackoffSpec spec = BackoffSpec.of("linear").withCap(Duration.ofSeconds(3));

    assertThat(spec.name()).isEqualTo("linear");
    assertThat(spec.cap()).contains(Duration.ofSeconds(3));
  }

  @Test
  void equals_otherTypeOrOneParameterApart_isFalse() {
    BackoffSpec spec = BackoffSpec.of("full-jitter").withBase(MS_100);

    assertThat(spec.equals("full-jitter(base=100 ms)")).isFalse();
    assertThat(spec).isNotEqualTo(BackoffSpec.of("equal-jitter").withBase(MS_100))
        .isNotEqualTo(spec.withCap(Duration.ofSeconds(1)))
        .isNotEqualTo(spec.withMultiplier(3.0))
        .isNotEqualTo(spec.withTruncateAfter(2))
        .isEqualTo(BackoffSpec.of("full-jitter").withBase(MS_100));
  }

  @Test
  void hashCode_differentSpecs_differ() {
    assertThat(BackoffSpec.of("full-jitter").hashCode())
        .isNotEqualTo(BackoffSpec.of("full-jitter").withBase(Duration.ofSeconds(1)).hashCode());
  }

  @Test
  void withMultiplier_justBelowOne_throws() {
    assertThatThrownBy(() -> BackoffSpec.of("exponential").withMultiplier(Math.nextDown(1.0)))
        .isInstanceOf(InvalidParameterException.class);
  }
}
