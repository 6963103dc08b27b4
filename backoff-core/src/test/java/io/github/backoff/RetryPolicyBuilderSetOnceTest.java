package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryListener;
import io.github.backoff.preset.Preset;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The builder's contract for an option set twice (its class description): refused on the same builder, naming the
 * option; allowed once on a builder from {@code toBuilder()} (or a preset), replacing the copied value; and the
 * adding methods add, on both.
 */
class RetryPolicyBuilderSetOnceTest {
  private static final Backoff CONSTANT = Backoff.constant(Duration.ofMillis(7));
  private static final RetryBudget BUDGET_A = RetryBudget.retryQuota();
  private static final RetryBudget BUDGET_B = RetryBudget.retryQuota2026();
  private static final AdaptiveRateLimiter LIMITER_A = AdaptiveRateLimiter.create();
  private static final AdaptiveRateLimiter LIMITER_B = AdaptiveRateLimiter.create();
  private static final DelayOverride<String> HINT = context -> Duration.ofSeconds(1);

  /** One option: two ways to set it (a first value and another), and how a policy shows it. */
  record Option(String name, Consumer<RetryPolicyBuilder<String>> first, Consumer<RetryPolicyBuilder<String>> other,
      Function<RetryPolicy<String>, Object> read) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Option> options() {
    return Stream.of(
        new Option("backoff", b -> b.withBackoff(CONSTANT), b -> b.withBackoff(Backoff.none()),
            RetryPolicy::backoff),
        new Option("maxAttempts", b -> b.withMaxAttempts(5), b -> b.withUnlimitedAttempts(),
            RetryPolicy::maxAttempts),
        new Option("maxElapsed", b -> b.withMaxElapsed(Duration.ofSeconds(1)),
            b -> b.withMaxElapsed(Duration.ofSeconds(2)), RetryPolicy::maxElapsed),
        new Option("attemptTimeout", b -> b.withAttemptTimeout(Duration.ofSeconds(1)),
            b -> b.withAttemptTimeout(Duration.ofSeconds(2)), RetryPolicy::attemptTimeout),
        new Option("retryIfResult", b -> b.retryIfResult("a"::equals), b -> b.retryIfResult("b"::equals),
            p -> p.isRetryableResult("a") + "/" + p.isRetryableResult("b")),
        new Option("quotaExhaustedIf", b -> b.stopIfQuotaExhausted("a"::equals),
            b -> b.stopIfQuotaExhausted("b"::equals),
            p -> p.config.quotaExhaustedIf.test("a") + "/" + p.config.quotaExhaustedIf.test("b")),
        new Option("throwOnRetryableResult", RetryPolicyBuilder::throwOnRetryableResult,
            RetryPolicyBuilder::throwOnRetryableResult, RetryPolicy::throwsOnRetryableResult),
        new Option("delayOverride (withDelayOverride or withDelayHint)",
            b -> b.withDelayOverride(HINT, Duration.ZERO, Duration.ofSeconds(1)),
            b -> b.withDelayHint(HINT, Duration.ofSeconds(5)), p -> p.config.overrideRelative),
        new Option("giveUpIfOverrideExceedsMax", RetryPolicyBuilder::giveUpIfOverrideExceedsMax,
            RetryPolicyBuilder::giveUpIfOverrideExceedsMax, p -> p.config.giveUpIfOverrideExceedsMax),
        new Option("budget", b -> b.withBudget(BUDGET_A), b -> b.withBudget(BUDGET_B), RetryPolicy::budget),
        new Option("rateLimiter", b -> b.withRateLimiter(LIMITER_A), b -> b.withRateLimiter(LIMITER_B),
            RetryPolicy::rateLimiter));
  }

  /** A builder on which {@code option} may be set (giveUpIfOverrideExceedsMax needs an override first). */
  private static RetryPolicyBuilder<String> builderFor(Option option) {
    RetryPolicyBuilder<String> builder = RetryPolicy.builder();
    return option.name.equals("giveUpIfOverrideExceedsMax")
        ? builder.withDelayOverride(HINT, Duration.ZERO, Duration.ofSeconds(1)) : builder;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("options")
  void set_twiceOnOneBuilder_throwsIseNamingTheOption(Option option) {
    RetryPolicyBuilder<String> builder = builderFor(option);
    option.first.accept(builder);

    assertThatThrownBy(() -> option.other.accept(builder)).isInstanceOf(IllegalStateException.class)
        .hasMessage(option.name + " was already set on this builder: set each option once");
    assertThatThrownBy(() -> option.first.accept(builder)).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(option.name + " was already set");
    assertThat(option.read.apply(builder.build())).as("the first value stays")
        .isEqualTo(option.read.apply(set(builderFor(option), option.first).build()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("options")
  void set_onceOnToBuilder_replacesTheCopiedValueAndASecondSetIsRefused(Option option) {
    RetryPolicy<String> base = set(builderFor(option), option.first).build();
    Object copied = option.read.apply(base);
    RetryPolicyBuilder<String> derived = base.toBuilder();

    option.other.accept(derived);
    RetryPolicy<String> variant = derived.build();

    Object replaced = option.read.apply(variant);
    if (!option.name.equals("throwOnRetryableResult") && !option.name.equals("giveUpIfOverrideExceedsMax")) {
      assertThat(replaced).as("the new value replaces the copied one").isNotEqualTo(copied);
    }
    assertThat(replaced).isEqualTo(option.read.apply(set(builderFor(option), option.other).build()));
    assertThat(option.read.apply(base)).as("the base policy is unchanged").isEqualTo(copied);
    assertThatThrownBy(() -> option.first.accept(derived)).isInstanceOf(IllegalStateException.class)
        .hasMessage(option.name + " was already set on this builder: set each option once");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("options")
  void set_onceOnToBuilderOfAPolicyWithoutIt_isAllowed(Option option) {
    RetryPolicyBuilder<String> derived = builderFor(option).build().toBuilder();

    option.first.accept(derived);

    assertThat(option.read.apply(derived.build()))
        .isEqualTo(option.read.apply(set(builderFor(option), option.first).build()));
  }

  @Test
  void withMaxAttempts_afterWithUnlimitedAttempts_isTheSameOptionAndRefused() {
    assertThatThrownBy(() -> RetryPolicy.builder().withUnlimitedAttempts().withMaxAttempts(2))
        .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("maxAttempts was already set");
  }

  @Test
  void withDelayOverride_afterWithDelayHint_isTheSameOptionAndRefused() {
    assertThatThrownBy(() -> RetryPolicy.<String>builder().withDelayHint(HINT, Duration.ZERO)
        .withDelayOverride(HINT, Duration.ZERO, Duration.ofSeconds(1))).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("delayOverride (withDelayOverride or withDelayHint) was already set");
  }

  @Test
  void set_refusedSecondTime_leavesTheBuilderUsable() {
    RetryPolicyBuilder<String> builder = RetryPolicy.<String>builder().withMaxAttempts(4);

    assertThatThrownBy(() -> builder.withMaxAttempts(9)).isInstanceOf(IllegalStateException.class);

    assertThat(builder.withMaxElapsed(Duration.ofSeconds(3)).build().maxAttempts()).isEqualTo(4);
  }

  @Test
  void set_invalidValue_doesNotCountAsSet() {
    RetryPolicyBuilder<String> builder = RetryPolicy.builder();

    assertThatThrownBy(() -> builder.withMaxAttempts(0)).isInstanceOf(IllegalArgumentException.class);

    assertThat(builder.withMaxAttempts(2).build().maxAttempts()).isEqualTo(2);
  }

  @Test
  void presetPolicyBuilder_mayReplaceThePresetsValuesOnce() {
    Preset preset = Preset.byName("aws-sdk-standard");
    RetryPolicyBuilder<String> builder = preset.<String>policyBuilder();

    RetryPolicy<String> policy = builder.withMaxAttempts(7).withBackoff(CONSTANT).build();

    assertThat(policy.maxAttempts()).isEqualTo(7);
    assertThat(policy.backoff()).isSameAs(CONSTANT);
    assertThat(preset.<String>policyBuilder().build().maxAttempts()).isEqualTo(3);
    assertThatThrownBy(() -> builder.withMaxAttempts(8)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void addingMethods_calledTwice_addBoth() {
    RetryListener<String> one = event -> {};
    RetryListener<String> two = event -> {};
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .retryOn(IOException.class).retryOn(IllegalStateException.class)
        .retryIf(t -> t instanceof ArithmeticException).retryIf(t -> t instanceof ArrayStoreException)
        .abortOn(FileNotFoundException.class).abortOn(ClassCastException.class)
        .abortIf(t -> "a".equals(t.getMessage())).abortIf(t -> "b".equals(t.getMessage()))
        .withBackoffFor(RetryKind.onFailure("one", t -> false, CONSTANT))
        .withBackoffFor(RetryKind.onFailure("two", t -> false, CONSTANT))
        .onEvent(one).onEvent(two).build();

    assertThat(List.of(new IOException(), new IllegalStateException(), new ArithmeticException(),
        new ArrayStoreException())).allMatch(policy::isRetryable);
    assertThat(List.of(new FileNotFoundException(), new ClassCastException(), new IOException("a"),
        new IOException("b"))).noneMatch(policy::isRetryable);
    assertThat(policy.kinds()).extracting(RetryKind::name).containsExactly("one", "two");
    assertThat(policy.listeners()).containsExactly(one, two);
  }

  @Test
  void addingMethods_onToBuilder_addToTheCopiedOnes() {
    RetryListener<String> one = event -> {};
    RetryListener<String> two = event -> {};
    RetryPolicy<String> base = RetryPolicy.<String>builder().retryOn(IOException.class)
        .abortOn(FileNotFoundException.class).onEvent(one)
        .withBackoffFor(RetryKind.onFailure("one", t -> false, CONSTANT)).build();

    RetryPolicy<String> variant = base.toBuilder().retryOn(IllegalStateException.class)
        .abortOn(ClassCastException.class).onEvent(two)
        .withBackoffFor(RetryKind.onFailure("two", t -> false, CONSTANT)).build();

    assertThat(variant.isRetryable(new IOException())).isTrue();
    assertThat(variant.isRetryable(new IllegalStateException())).isTrue();
    assertThat(variant.isRetryable(new FileNotFoundException())).isFalse();
    assertThat(variant.isRetryable(new ClassCastException())).isFalse();
    assertThat(variant.listeners()).containsExactly(one, two);
    assertThat(variant.kinds()).extracting(RetryKind::name).containsExactly("one", "two");
    assertThat(base.listeners()).containsExactly(one);
    assertThat(base.isRetryable(new IllegalStateException())).as("the base policy is unchanged").isFalse();
  }

  @Test
  void retryOn_aNullType_addsNone() {
    RetryPolicyBuilder<String> builder = RetryPolicy.builder();

    assertThatThrownBy(() -> builder.retryOn(IOException.class, null)).isInstanceOf(NullPointerException.class)
        .hasMessage("types[i]");

    assertThat(builder.build().isRetryable(new IllegalStateException())).as("still no retry condition").isTrue();
  }

  @Test
  void toBuilder_copiesOnce_laterBuilderChangesDoNotLeakIntoEitherPolicy() {
    RetryPolicy<String> base = RetryPolicy.<String>builder().retryOn(IOException.class).build();
    RetryPolicyBuilder<String> derived = base.toBuilder();
    RetryPolicy<String> first = derived.build();

    derived.retryOn(IllegalStateException.class).withMaxAttempts(9);

    assertThat(first.isRetryable(new IllegalStateException())).isFalse();
    assertThat(first.maxAttempts()).isEqualTo(3);
    assertThat(base.isRetryable(new IllegalStateException())).isFalse();
    assertThat(derived.build().isRetryable(new IllegalStateException())).isTrue();
  }

  private static RetryPolicyBuilder<String> set(RetryPolicyBuilder<String> builder,
      Consumer<RetryPolicyBuilder<String>> setter) {
    setter.accept(builder);
    return builder;
  }
}
