package snippets.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.strategy.Backoff;
import org.junit.jupiter.api.Test;

class ChoosingDocSnippetsTest {
  @Test
  void shortAnswer_from10msDoubling_cappedAt2s_fullJitter() {
    Backoff backoff = ChoosingDocSnippets.shortAnswer();

    assertThat(backoff.maxDelayNanos(1)).isEqualTo(10_000_000L);
    assertThat(backoff.maxDelayNanos(2)).isEqualTo(20_000_000L);
    assertThat(backoff.maxDelayNanos(100)).isEqualTo(2_000_000_000L);
    assertThat(backoff.minDelayNanos(5)).as("full jitter: down to zero").isZero();
  }
}
