package io.github.backoff.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.util.backoff.BackOffExecution;

class SpringBackOffTest {

  private static List<Long> drain(BackOffExecution execution) {
    List<Long> waits = new ArrayList<>();
    for (long wait = execution.nextBackOff(); wait != BackOffExecution.STOP; wait = execution.nextBackOff()) {
      waits.add(wait);
      if (waits.size() > 1_000) {
        throw new AssertionError("no STOP after 1000 waits");
      }
    }
    return waits;
  }

  @Test
  void nextBackOff_constant_handsOutMaxRetriesWaitsThenStop() {
    BackOffExecution execution = SpringBackOff.of(Backoff.constant(Duration.ofMillis(250)), 3).start();

    assertThat(drain(execution)).containsExactly(250L, 250L, 250L);
    assertThat(execution.nextBackOff()).isEqualTo(BackOffExecution.STOP);
  }

  @Test
  void nextBackOff_zeroRetries_stopsAtOnce() {
    assertThat(SpringBackOff.of(Backoff.constant(Duration.ofSeconds(1)), 0).start().nextBackOff())
        .isEqualTo(BackOffExecution.STOP);
  }

  @Test
  void nextBackOff_decorrelatedJitter_matchesTheStrategyFedItsOwnPreviousWait() {
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ofMillis(100), Duration.ofSeconds(30));
    List<Long> waits = drain(SpringBackOff.of(backoff, 8).withRandom(() -> new SplittableRandom(7)).start());

    SplittableRandom random = new SplittableRandom(7);
    List<Long> expected = new ArrayList<>();
    long previous = 0;
    for (int retry = 1; retry <= 8; retry++) {
      previous = backoff.delayNanos(retry, previous, random);
      expected.add(SpringBackOff.millisRoundedUp(previous));
    }
    assertThat(waits).isEqualTo(expected);
  }

  @Test
  void start_drawsJitterPerExecution() {
    AtomicInteger seeds = new AtomicInteger();
    SpringBackOff backOff = SpringBackOff.of(
            Backoff.exponential(Duration.ofSeconds(1), 2.0).withFullJitter(), 5)
        .withRandom(() -> new SplittableRandom(seeds.incrementAndGet()));

    List<Long> first = drain(backOff.start());
    List<Long> second = drain(backOff.start());

    assertThat(seeds).hasValue(2);
    assertThat(first).hasSize(5).isNotEqualTo(second);
    assertThat(second).hasSize(5);
    for (int i = 0; i < 5; i++) {
      assertThat(first.get(i)).isBetween(0L, 1000L << i);
    }
  }

  @Test
  void start_executionsAreIndependent() {
    SpringBackOff backOff = SpringBackOff.of(Backoff.linear(Duration.ofMillis(10), Duration.ofMillis(10)), 3);
    BackOffExecution a = backOff.start();
    BackOffExecution b = backOff.start();

    assertThat(a.nextBackOff()).isEqualTo(10);
    assertThat(a.nextBackOff()).isEqualTo(20);
    assertThat(b.nextBackOff()).isEqualTo(10);
    assertThat(a.nextBackOff()).isEqualTo(30);
    assertThat(a.nextBackOff()).isEqualTo(BackOffExecution.STOP);
    assertThat(b.nextBackOff()).isEqualTo(20);
  }

  @Test
  void of_policy_takesItsBackoffAttemptsAndMaxElapsed() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(2)))
        .withMaxAttempts(10)
        .withMaxElapsed(Duration.ofSeconds(7))
        .build();

    SpringBackOff backOff = SpringBackOff.of(policy);

    assertThat(backOff.maxRetries()).isEqualTo(9);
    assertThat(backOff.backoff()).isEqualTo(policy.backoff());
    // 2 + 2 + 2 = 6 s fits in 7 s; a fourth wait would end at 8 s.
    assertThat(drain(backOff.start())).containsExactly(2000L, 2000L, 2000L);
  }

  @Test
  void of_policyWithoutLimits_neverStopsOnItsOwn() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(1)))
        .withUnlimitedAttempts()
        .build();
    BackOffExecution execution = SpringBackOff.of(policy).start();

    for (int i = 0; i < 10_000; i++) {
      assertThat(execution.nextBackOff()).isEqualTo(1L);
    }
  }

  @Test
  void of_preset_takesItsStrategyAndAttemptLimit() {
    Preset drive = Preset.byName("google-drive");
    SpringBackOff backOff = SpringBackOff.of(drive).withRandom(() -> new SplittableRandom(1));

    List<Long> waits = drain(backOff.start());

    assertThat(waits).hasSize(drive.maxAttempts() - 1);
    for (int retry = 1; retry <= waits.size(); retry++) {
      assertThat(waits.get(retry - 1) * 1_000_000)
          .isBetween(drive.backoff().minDelayNanos(retry), drive.backoff().maxDelayNanos(retry) + 999_999);
    }
  }

  @Test
  void withMaxElapsed_boundsTheSumOfTheWaits() {
    SpringBackOff backOff = SpringBackOff.of(Backoff.exponential(Duration.ofMillis(100), 2.0), 20)
        .withMaxElapsed(Duration.ofMillis(700));

    // 100 + 200 + 400 = 700 fits exactly; 800 more would not.
    assertThat(drain(backOff.start())).containsExactly(100L, 200L, 400L);
  }

  @Test
  void nextBackOff_hugeWaits_saturateInsteadOfOverflowing() {
    SpringBackOff backOff = SpringBackOff.of(Backoff.exponential(Duration.ofDays(1000), 10.0), 50);

    List<Long> waits = drain(backOff.start());

    assertThat(waits).isNotEmpty().allSatisfy(wait -> assertThat(wait).isPositive());
  }

  @Test
  void millisRoundedUp_neverShortensAWait() {
    assertThat(SpringBackOff.millisRoundedUp(0)).isZero();
    assertThat(SpringBackOff.millisRoundedUp(1)).isEqualTo(1);
    assertThat(SpringBackOff.millisRoundedUp(1_000_000)).isEqualTo(1);
    assertThat(SpringBackOff.millisRoundedUp(1_000_001)).isEqualTo(2);
    assertThat(SpringBackOff.millisRoundedUp(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE / 1_000_000 + 1);
  }

  @Test
  void of_negativeMaxRetries_namesTheParameterAndValue() {
    assertThatThrownBy(() -> SpringBackOff.of(Backoff.none(), -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxRetries must be >= 0: -1");
  }

  @Test
  void withMaxElapsed_negative_namesTheParameterAndValue() {
    assertThatThrownBy(() -> SpringBackOff.of(Backoff.none(), 1).withMaxElapsed(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxElapsed must not be negative: PT-1S");
  }

  @Test
  void of_nulls_throwNullPointerException() {
    assertThatThrownBy(() -> SpringBackOff.of((Backoff) null, 1)).isInstanceOf(NullPointerException.class)
        .hasMessage("backoff");
    assertThatThrownBy(() -> SpringBackOff.of((RetryPolicy<?>) null)).isInstanceOf(NullPointerException.class)
        .hasMessage("policy");
    assertThatThrownBy(() -> SpringBackOff.of((Preset) null)).isInstanceOf(NullPointerException.class)
        .hasMessage("preset");
    assertThatThrownBy(() -> SpringBackOff.of(Backoff.none(), 1).withRandom(null))
        .isInstanceOf(NullPointerException.class).hasMessage("random");
  }
}
