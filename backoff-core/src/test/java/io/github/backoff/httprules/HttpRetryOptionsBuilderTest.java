package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Sleeper;
import io.github.backoff.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The builder's contract: each option set once, a derived builder may change each once, build() copies. */
class HttpRetryOptionsBuilderTest {
  private static final ScheduledExecutorService SCHEDULER = Executors.newSingleThreadScheduledExecutor();

  /** One setter per option, named as the exception names it. */
  private static final List<Setter> SETTERS = List.of(
      new Setter("retryableStatuses", b -> b.withRetryableStatuses(503)),
      new Setter("retryableMethods", b -> b.withRetryableMethods("GET")),
      new Setter("retryableMethods", HttpRetryOptionsBuilder::retryAllMethods),
      new Setter("maxRetryAfter", b -> b.withMaxRetryAfter(Duration.ofSeconds(5))),
      new Setter("retryAfterMillisHeader", b -> b.withRetryAfterMillisHeader("x-amz-retry-after")),
      new Setter("retryAfterMillisHeader", b -> b.withRetryAfterMillisHeader("x-hint", Duration.ofSeconds(1))),
      new Setter("defaultBudget", HttpRetryOptionsBuilder::withoutBudget),
      new Setter("clock", b -> b.withClock(Clock.systemUTC())),
      new Setter("ticker", b -> b.withTicker(Ticker.SYSTEM)),
      new Setter("sleeper", b -> b.withSleeper(Sleeper.SYSTEM)),
      new Setter("scheduler", b -> b.withScheduler(SCHEDULER)),
      new Setter("random", b -> b.withRandom(new Random(1))),
      new Setter("rateLimitRules", b -> b.withRateLimitRules(RateLimitRules.none())));

  private record Setter(String option, UnaryOperator<HttpRetryOptionsBuilder> set) {}

  @Test
  void setter_optionSetTwice_throwsIseNamingTheOptionAndItsValue() {
    for (Setter first : SETTERS) {
      for (Setter second : SETTERS) {
        if (!first.option().equals(second.option())) {
          continue;
        }
        HttpRetryOptionsBuilder builder = first.set().apply(HttpRetryOptions.builder());
        assertThatThrownBy(() -> second.set().apply(builder))
            .as("%s then %s", first.option(), second.option())
            .isInstanceOf(IllegalStateException.class)
            .hasMessageStartingWith(first.option() + " was already set to ");
      }
    }
  }

  @Test
  void setter_retryableStatusesTwice_namesBothValues() {
    HttpRetryOptionsBuilder builder = HttpRetryOptions.builder().withRetryableStatuses(503);

    assertThatThrownBy(() -> builder.withRetryableStatuses(429)).isInstanceOf(IllegalStateException.class)
        .hasMessage("retryableStatuses was already set to [503]; each option may be set once per builder"
            + " (refused: [429])");
  }

  @Test
  void setter_everyOptionOnce_isAccepted() {
    HttpRetryOptions options = HttpRetryOptions.builder().withRetryableStatuses(503).withRetryableMethods("GET")
        .withMaxRetryAfter(Duration.ofSeconds(5)).withRetryAfterMillisHeader("x-hint", Duration.ofSeconds(1))
        .withoutBudget().withClock(Clock.systemUTC()).withTicker(Ticker.SYSTEM).withSleeper(Sleeper.SYSTEM)
        .withScheduler(SCHEDULER).withRandom(new Random(1)).build();

    assertThat(options.retryableStatuses()).containsExactly(503);
    assertThat(options.retryableMethods()).contains(java.util.Set.of("GET"));
    assertThat(options.maxRetryAfter()).isEqualTo(Duration.ofSeconds(5));
    assertThat(options.retryAfterMillisHeader()).contains("x-hint");
    assertThat(options.maxHintAboveBackoff()).isEqualTo(Duration.ofSeconds(1));
    assertThat(options.defaultBudget()).isFalse();
    assertThat(options.scheduler()).containsSame(SCHEDULER);
  }

  @Test
  void setter_invalidValue_isNotCountedAsSet() {
    HttpRetryOptionsBuilder builder = HttpRetryOptions.builder();

    assertThatThrownBy(() -> builder.withRetryableStatuses(99)).isInstanceOf(IllegalArgumentException.class);
    assertThat(builder.withRetryableStatuses(503).build().retryableStatuses()).containsExactly(503);
  }

  @Test
  void toBuilder_startsWithNoOptionSet_soEachMayBeChangedOnce() {
    HttpRetryOptions options = HttpRetryOptions.builder().withRetryableStatuses(503)
        .withMaxRetryAfter(Duration.ofSeconds(5)).build();

    HttpRetryOptions changed = options.toBuilder().withRetryableStatuses(429).build();

    assertThat(changed.retryableStatuses()).containsExactly(429);
    assertThat(changed.maxRetryAfter()).as("kept from the options").isEqualTo(Duration.ofSeconds(5));
    assertThat(options.retryableStatuses()).as("the options are not changed").containsExactly(503);
    HttpRetryOptionsBuilder derived = options.toBuilder().withRetryableStatuses(429);
    assertThatThrownBy(() -> derived.withRetryableStatuses(500)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void build_copies_soALaterBuildIsIndependent() {
    HttpRetryOptionsBuilder builder = HttpRetryOptions.builder().withRetryableStatuses(503);
    HttpRetryOptions first = builder.build();

    HttpRetryOptions second = builder.withMaxRetryAfter(Duration.ofSeconds(5)).build();

    assertThat(first.maxRetryAfter()).isEqualTo(HttpRetryDelays.DEFAULT_MAX_RETRY_AFTER);
    assertThat(second.maxRetryAfter()).isEqualTo(Duration.ofSeconds(5));
    assertThat(second.retryableStatuses()).containsExactly(503);
    assertThatThrownBy(() -> builder.withRetryableStatuses(429)).as("a build does not reset what was set")
        .isInstanceOf(IllegalStateException.class);
  }
}
