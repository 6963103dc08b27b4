package io.github.backoff;

import static io.github.backoff.Harness.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Harness.Driver;
import io.github.backoff.Harness.Outcome;
import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Backoff per kind of failure (issue 14): strategy and budget cost chosen by the failure, in both drivers. */
class RetryKindTest {

  private static final Backoff TRANSIENT = Backoff.exponential(Duration.ofMillis(50), 2.0);
  private static final Backoff THROTTLING = Backoff.exponential(Duration.ofSeconds(1), 2.0);

  private static final RetryKind<String> THROTTLED = RetryKind.<String>onResult("throttling",
      "429"::equals, THROTTLING).withCostClass(CostClass.THROTTLING);

  private static RetryPolicyBuilder<String> twoKinds() {
    return RetryPolicy.<String>builder().withBackoff(TRANSIENT).withBackoffFor(THROTTLED)
        .retryIfResult(s -> s.equals("429") || s.equals("503")).withMaxAttempts(5);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_throttlingThenTransient_waitsPerKind(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.value("429"), Harness.value("503"),
        Harness.fail(new IOException()), Harness.value("429"), Harness.value("ok"));
    List<RetryEvent<? extends String>> events = new ArrayList<>();

    Outcome<String> outcome = h.run(driver, twoKinds().onEvent(events::add).build());

    assertThat(outcome.result()).isEqualTo("ok");
    // retry 1 throttled: 1 s; retry 2 (503): 50·2 = 100 ms; retry 3 (IOException): 200 ms; retry 4 throttled: 8 s.
    assertThat(h.attemptStarts).containsExactly(0L, ms(1_000), ms(1_100), ms(1_300), ms(9_300));
    assertThat(events).filteredOn(e -> e instanceof RetryScheduled)
        .extracting(e -> ((RetryScheduled<?>) e).kind(), e -> ((RetryScheduled<?>) e).maxDelay())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("throttling", Duration.ofSeconds(1)),
            org.assertj.core.groups.Tuple.tuple("default", Duration.ofMillis(100)),
            org.assertj.core.groups.Tuple.tuple("default", Duration.ofMillis(200)),
            org.assertj.core.groups.Tuple.tuple("throttling", Duration.ofSeconds(8)));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_quota2026_chargesPerCostClass(Driver driver) {
    RetryBudget quota = RetryBudget.retryQuota2026();
    RetryPolicy<String> policy = twoKinds().withBudget(quota).build();

    new Harness<String>().script(Harness.value("429"), Harness.value("503"), Harness.value("nope-but-final"))
        .run(driver, policy.toBuilder().retryIfResult(s -> !s.startsWith("nope")).build());

    // A throttling retry (5) and a transient one (14); "nope-but-final" is not retryable, so the call succeeded
    // and, as in the AWS SDKs, the last retry's cost came back.
    assertThat(quota.available()).isEqualTo(495.0);

    new Harness<String>().script(Harness.value("429"), Harness.value("503"), Harness.value("503"),
        Harness.value("503"), Harness.value("503")).run(driver, policy);
    assertThat(quota.available()).as("retries 1 to 4: 5 + 3 × 14, never given back").isEqualTo(495.0 - 5 - 3 * 14);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_firstMatchingKindWins(Driver driver) {
    RetryKind<String> first = RetryKind.of("first", (r, f) -> f instanceof TimeoutException,
        Backoff.constant(Duration.ofMillis(7)));
    RetryKind<String> second = RetryKind.onFailure("second", f -> f instanceof Exception,
        Backoff.constant(Duration.ofMillis(30)));
    Harness<String> h = new Harness<String>().script(Harness.fail(new TimeoutException()),
        Harness.fail(new IOException()), Harness.value("ok"));

    h.run(driver, RetryPolicy.<String>builder().withBackoffFor(first).withBackoffFor(second).build());

    assertThat(h.attemptStarts).containsExactly(0L, ms(7), ms(37));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_kindConditionThrows_usesDefault(Driver driver) {
    RetryKind<String> broken = RetryKind.onFailure("broken", f -> {
      throw new IllegalStateException("broken condition");
    }, Backoff.constant(Duration.ofSeconds(9)));
    Harness<String> h = new Harness<String>().script(Harness.fail(new IOException()), Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(3))).withBackoffFor(broken).build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(h.attemptStarts).containsExactly(0L, ms(3));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_delayHint_clampedBetweenComputedAndFiveSecondsAbove(Driver driver) {
    // Strategy: constant 1 s. Hints: 300 ms (below: the computed 1 s wins), 3 s (kept), 60 s (clamped to 6 s).
    Harness<String> h = new Harness<String>().script(Harness.value("hint:300"), Harness.value("hint:3000"),
        Harness.value("hint:60000"), Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(4)
        .retryIfResult(s -> s.startsWith("hint:"))
        .withDelayHint(c -> Duration.ofMillis(Long.parseLong(c.result().substring(5))), Duration.ofSeconds(5))
        .build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(h.attemptStarts).containsExactly(0L, ms(1_000), ms(4_000), ms(10_000));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_delayHintAboveWithGiveUp_stopsWithDelayTooLong(Driver driver) {
    Outcome<String> outcome = new Harness<String>().script(Harness.value("hint")).run(driver,
        RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ofSeconds(1)))
            .retryIfResult("hint"::equals)
            .withDelayHint(context -> Duration.ofMillis(6_001), Duration.ofSeconds(5))
            .giveUpIfOverrideExceedsMax().throwOnRetryableResult().build());

    assertThat(((RetryException) outcome.thrown()).reason()).isEqualTo(StopReason.DELAY_TOO_LONG);
  }

  @Test
  void addBudgetCost_costs_keepTotalAndLastSaturating() {
    Execution<Object> ex = new Execution<>(0);
    assertThat(ex.budgetTaken()).isZero();
    assertThat(ex.budgetLastCost()).isZero();

    ex.addBudgetCost(14);
    ex.addBudgetCost(5);
    assertThat(ex.budgetTaken()).isEqualTo(19);
    assertThat(ex.budgetLastCost()).isEqualTo(5);

    Execution<Object> huge = new Execution<>(0);
    huge.addBudgetCost(Long.MAX_VALUE);
    huge.addBudgetCost(Long.MAX_VALUE);
    assertThat(huge.budgetTaken()).isEqualTo(0xFFFF_FFFFL);
    assertThat(huge.budgetLastCost()).isEqualTo(Integer.MAX_VALUE);

    Execution<Object> nearTheTop = new Execution<>(0);
    nearTheTop.addBudgetCost(0xFFFF_FFF0L); // above Integer.MAX_VALUE: the total is unsigned
    nearTheTop.addBudgetCost(0x20);
    assertThat(nearTheTop.budgetTaken()).isEqualTo(0xFFFF_FFFFL);
    assertThat(nearTheTop.budgetLastCost()).isEqualTo(0x20);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_successAfterRetries_oldQuotaRefundsAllNewQuotaTheLast(Driver driver) {
    RetryBudget old = RetryBudget.retryQuota(100, 5, 10);
    RetryBudget sdk = RetryBudget.retryQuota(100, 5, 10, 5);
    for (RetryBudget budget : List.of(old, sdk)) {
      new Harness<String>().script(Harness.fail(new IOException()), Harness.fail(new IOException()),
          Harness.value("ok")).run(driver, RetryPolicy.<String>builder().withBudget(budget).build());
    }

    assertThat(old.available()).as("both 5s back").isEqualTo(100.0);
    assertThat(sdk.available()).as("the last 5 back, as the AWS SDKs").isEqualTo(95.0);
  }

  @Test
  void backoffFor_choosesByKind() {
    RetryPolicy<String> policy = twoKinds().build();

    assertThat(policy.backoffFor("429", null)).isSameAs(THROTTLING);
    assertThat(policy.backoffFor("503", null)).isSameAs(TRANSIENT);
    assertThat(policy.backoffFor(null, new IOException())).isSameAs(TRANSIENT);
    assertThat(policy.kinds()).containsExactly(THROTTLED);
    assertThat(policy.toBuilder().build().kinds()).containsExactly(THROTTLED);
  }

  @Test
  void withBackoffFor_sameNameTwice_namesTheKind() {
    assertThatThrownBy(() -> twoKinds().withBackoffFor(THROTTLED.withBackoff(Backoff.none())))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("kind name must be unique: 'throttling' added twice");
  }

  @Test
  void withBackoffFor_null_namesParameter() {
    assertThatThrownBy(() -> RetryPolicy.<String>builder().withBackoffFor(null))
        .isInstanceOf(NullPointerException.class).hasMessage("kind");
  }

  @Test
  void of_blankOrReservedName_namesTheValue() {
    assertThatThrownBy(() -> RetryKind.of(" ", (r, f) -> true, TRANSIENT))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("name must not be blank: ' '");
    assertThatThrownBy(() -> RetryKind.of("default", (r, f) -> true, TRANSIENT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be 'default' (reserved for failures of no kind)");
  }

  @Test
  void of_nulls_nameTheParameter() {
    assertThatThrownBy(() -> RetryKind.of(null, (r, f) -> true, TRANSIENT))
        .isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> RetryKind.of("x", null, TRANSIENT))
        .isInstanceOf(NullPointerException.class).hasMessage("condition");
    assertThatThrownBy(() -> RetryKind.onFailure("x", null, TRANSIENT))
        .isInstanceOf(NullPointerException.class).hasMessage("condition");
    assertThatThrownBy(() -> RetryKind.onResult("x", null, TRANSIENT))
        .isInstanceOf(NullPointerException.class).hasMessage("condition");
    assertThatThrownBy(() -> RetryKind.of("x", (r, f) -> true, null))
        .isInstanceOf(NullPointerException.class).hasMessage("backoff");
    assertThatThrownBy(() -> THROTTLED.withCostClass(null))
        .isInstanceOf(NullPointerException.class).hasMessage("costClass");
  }

  @Test
  void withDelayHint_negative_namesParameterAndValue() {
    assertThatThrownBy(() -> RetryPolicy.<String>builder().withDelayHint(context -> null, Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAboveComputed must not be negative: -1 ms");
    assertThatThrownBy(() -> RetryPolicy.<String>builder().withDelayHint(null, Duration.ZERO))
        .isInstanceOf(NullPointerException.class).hasMessage("hint");
  }

  @Test
  void matches_onFailureAndOnResult_lookAtTheirSideOnly() {
    RetryKind<String> onFailure = RetryKind.onFailure("f", f -> true, TRANSIENT);
    RetryKind<String> onResult = RetryKind.onResult("r", r -> true, TRANSIENT);

    assertThat(onFailure.matches(null, new IOException())).isTrue();
    assertThat(onFailure.matches("x", null)).isFalse();
    assertThat(onResult.matches("x", null)).isTrue();
    assertThat(onResult.matches(null, new IOException())).isFalse();
    assertThat(THROTTLED.toString()).startsWith("RetryKind[throttling: ").endsWith(", THROTTLING]");
  }

  @Test
  void onFailure_perKindDecision_allocatesNothing() {
    // The decision core on the per-kind path, with a budget charging per cost class: no allocation per retry.
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withBackoff(TRANSIENT.withCap(Duration.ofSeconds(1))
            .withFullJitter())
        .withBackoffFor(RetryKind.<String>onResult("throttling", "429"::equals,
            THROTTLING.withCap(Duration.ofSeconds(20)).withFullJitter()).withCostClass(CostClass.THROTTLING))
        .withBackoffFor(RetryKind.onFailure("never", f -> false, Backoff.none()))
        .retryIfResult(s -> true).withUnlimitedAttempts()
        .withBudget(RetryBudget.retryQuota(Integer.MAX_VALUE, 1, 1, 1))
        .build();
    RetryCore<String> core = new RetryCore<>(policy, () -> 0L, io.github.backoff.testing.Randoms.seeded(3));
    Execution<String> ex = new Execution<>(0);
    String[] results = {"429", "503"};
    int[] i = {0};

    double perCall = CompiledAllocations.leastBytesPerCall(200_000, 0.5, () -> {
      long delay = core.onFailure(ex, results[i[0]++ & 1], null, false, 0);
      if (delay < 0) {
        throw new AssertionError("stopped");
      }
    });

    assertThat(perCall).as("bytes per decision").isLessThan(0.5);
  }
}
