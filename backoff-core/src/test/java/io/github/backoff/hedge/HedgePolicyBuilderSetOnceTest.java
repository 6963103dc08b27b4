package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The builder's contract for an option set twice (its class description): refused on the same builder, naming the
 * option; allowed once on a builder from {@code toBuilder()}, replacing the copied value; the adding methods add.
 */
class HedgePolicyBuilderSetOnceTest {
  private static final RetryBudget BUDGET_A = RetryBudget.retryQuota();
  private static final RetryBudget BUDGET_B = RetryBudget.retryQuota2026();
  private static final String DELAY = "the hedging delay (withDelay or withPercentileDelay)";

  /** One option: two ways to set it, and how a policy shows it. */
  record Option(String name, Consumer<HedgePolicyBuilder<String>> first, Consumer<HedgePolicyBuilder<String>> other,
      Function<HedgePolicy<String>, Object> read) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Option> options() {
    return Stream.of(
        new Option(DELAY, b -> b.withDelay(Duration.ofMillis(5)),
            b -> b.withPercentileDelay(95, Duration.ofMillis(9)), p -> p.delay() + " " + p.percentile()),
        new Option("minDelay", b -> b.withMinDelay(Duration.ofMillis(1)), b -> b.withMinDelay(Duration.ofMillis(2)),
            HedgePolicy::minDelay),
        new Option("latencyWindow", b -> b.withLatencyWindow(Duration.ofSeconds(1)),
            b -> b.withLatencyWindow(Duration.ofSeconds(2)), HedgePolicy::latencyWindow),
        new Option("maxHedges", b -> b.withMaxHedges(2), b -> b.withMaxHedges(3), HedgePolicy::maxHedges),
        new Option("budget", b -> b.withBudget(BUDGET_A), b -> b.withBudget(BUDGET_B), HedgePolicy::budget));
  }

  /** A builder that can build: with a delay, unless the option is the delay. */
  private static HedgePolicyBuilder<String> builderFor(Option option) {
    HedgePolicyBuilder<String> builder = HedgePolicy.builder();
    return option.name.equals(DELAY) ? builder : builder.withDelay(Duration.ofMillis(3));
  }

  private static HedgePolicy<String> built(Option option, Consumer<HedgePolicyBuilder<String>> setter) {
    HedgePolicyBuilder<String> builder = builderFor(option);
    setter.accept(builder);
    return builder.build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("options")
  void set_twiceOnOneBuilder_throwsIseNamingTheOption(Option option) {
    HedgePolicyBuilder<String> builder = builderFor(option);
    option.first.accept(builder);

    assertThatThrownBy(() -> option.other.accept(builder)).isInstanceOf(IllegalStateException.class)
        .hasMessage(option.name + " was already set on this builder: set each option once");
    assertThatThrownBy(() -> option.first.accept(builder)).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(option.name + " was already set");
    assertThat(option.read.apply(builder.build())).as("the first value stays")
        .isEqualTo(option.read.apply(built(option, option.first)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("options")
  void set_onceOnToBuilder_replacesTheCopiedValueAndASecondSetIsRefused(Option option) {
    HedgePolicy<String> base = built(option, option.first);
    Object copied = option.read.apply(base);
    HedgePolicyBuilder<String> derived = base.toBuilder();

    option.other.accept(derived);
    HedgePolicy<String> variant = derived.build();

    assertThat(option.read.apply(variant)).isNotEqualTo(copied)
        .isEqualTo(option.read.apply(built(option, option.other)));
    assertThat(option.read.apply(base)).as("the base policy is unchanged").isEqualTo(copied);
    assertThatThrownBy(() -> option.first.accept(derived)).isInstanceOf(IllegalStateException.class)
        .hasMessage(option.name + " was already set on this builder: set each option once");
  }

  @Test
  void toBuilder_adaptiveDelayReplacedByAFixedOne_isFixed() {
    HedgePolicy<String> adaptive = HedgePolicy.<String>builder().withPercentileDelay(90, Duration.ofMillis(8))
        .build();

    HedgePolicy<String> fixed = adaptive.toBuilder().withDelay(Duration.ofMillis(4)).build();

    assertThat(fixed.isAdaptive()).isFalse();
    assertThat(fixed.delay()).isEqualTo(Duration.ofMillis(4));
    assertThat(fixed.percentile()).isEqualTo(OptionalDouble.empty());
    assertThat(adaptive.isAdaptive()).isTrue();
  }

  @Test
  void toBuilder_keepsEveryOptionItDoesNotSet() {
    HedgeListener<String> listener = event -> {};
    HedgePolicy<String> base = HedgePolicy.<String>builder().withPercentileDelay(90, Duration.ofMillis(8))
        .withMinDelay(Duration.ofMillis(1)).withLatencyWindow(Duration.ofSeconds(3)).withMaxHedges(4)
        .withBudget(BUDGET_A).hedgeOn(IOException.class).hedgeIfResult("slow"::equals).onEvent(listener).build();

    HedgePolicy<String> copy = base.toBuilder().build();

    assertThat(copy.toString()).isEqualTo(base.toString());
    assertThat(copy.listeners()).containsExactly(listener);
    assertThat(copy.config.hedgeOnFailure.test(new IOException())).isTrue();
    assertThat(copy.config.hedgeIfResult.test("slow")).isTrue();
  }

  @Test
  void addingMethods_calledTwice_addBoth_alsoOnToBuilder() {
    HedgeListener<String> one = event -> {};
    HedgeListener<String> two = event -> {};
    HedgePolicy<String> base = HedgePolicy.<String>builder().withDelay(Duration.ofMillis(5))
        .hedgeOn(IOException.class).hedgeOn(IllegalStateException.class)
        .hedgeIfResult("a"::equals).hedgeIfResult("b"::equals).onEvent(one).build();

    HedgePolicy<String> variant = base.toBuilder().hedgeOnFailure(t -> t instanceof ArithmeticException)
        .hedgeIfResult("c"::equals).onEvent(two).build();

    assertThat(base.config.hedgeOnFailure.test(new FileNotFoundException())).as("a subtype").isTrue();
    assertThat(base.config.hedgeOnFailure.test(new IllegalStateException())).isTrue();
    assertThat(base.config.hedgeOnFailure.test(new ArithmeticException())).isFalse();
    assertThat(base.config.hedgeIfResult.test("b")).isTrue();
    assertThat(base.config.hedgeIfResult.test("c")).isFalse();
    assertThat(base.listeners()).containsExactly(one);
    assertThat(variant.config.hedgeOnFailure.test(new IOException())).isTrue();
    assertThat(variant.config.hedgeOnFailure.test(new ArithmeticException())).isTrue();
    assertThat(variant.config.hedgeIfResult.test("a")).isTrue();
    assertThat(variant.config.hedgeIfResult.test("c")).isTrue();
    assertThat(variant.listeners()).containsExactly(one, two);
  }
}
