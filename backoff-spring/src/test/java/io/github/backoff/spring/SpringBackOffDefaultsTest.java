package io.github.backoff.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.util.backoff.BackOffExecution;

/**
 * What no other test reads: the default random source really draws (jitter is not always zero), a maximum elapsed
 * time beyond Long nanoseconds saturates instead of stopping at once, and an execution's {@code toString}.
 */
class SpringBackOffDefaultsTest {
  @Test
  void start_defaultRandom_drawsJitterThatVaries() {
    SpringBackOff backOff = SpringBackOff.of(Backoff.constant(Duration.ofSeconds(10)).withFullJitter(), 1);
    Set<Long> waits = new HashSet<>();

    for (int i = 0; i < 20; i++) {
      waits.add(backOff.start().nextBackOff());
    }

    // 20 uniform draws over 10,000 ms: the chance that they all fall on one millisecond is 10^-76.
    assertThat(waits).hasSizeGreaterThan(1).allSatisfy(w -> assertThat(w).isBetween(0L, 10_000L));
  }

  @Test
  void withMaxElapsed_beyondLongNanoseconds_saturatesAndStillRetries() {
    SpringBackOff backOff = SpringBackOff.of(Backoff.constant(Duration.ofSeconds(1)), 2)
        .withMaxElapsed(Duration.ofSeconds(Long.MAX_VALUE));

    BackOffExecution execution = backOff.start();

    assertThat(execution.nextBackOff()).isEqualTo(1000);
    assertThat(execution.nextBackOff()).isEqualTo(1000);
    assertThat(execution.nextBackOff()).isEqualTo(BackOffExecution.STOP);
    assertThat(backOff.toString()).doesNotContain("maxElapsed");
    assertThat(backOff.withMaxElapsed(Duration.ofSeconds(5)).toString()).endsWith(", maxElapsed=PT5S]");
  }

  @Test
  void toString_ofAnExecution_countsItsRetries() {
    BackOffExecution execution = SpringBackOff.of(Backoff.constant(Duration.ofSeconds(1)), 3).start();
    execution.nextBackOff();

    assertThat(execution).hasToString("SpringBackOff.Execution[retries=1 of 3]");
  }
}
