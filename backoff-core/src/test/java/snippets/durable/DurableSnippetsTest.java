package snippets.durable;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.durable.DurableDecision;
import io.github.backoff.durable.Tiers;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DurableSnippetsTest {
  @Test
  void schedule_throttledFailureWithHint_retriesWithinTheLimits() {
    DurableDecision.RetryAt retry = (DurableDecision.RetryAt) DurableSnippets.schedule();

    assertThat(retry.kind()).isEqualTo("throttling");
    assertThat(retry.delay()).isEqualTo(Duration.ofMinutes(5)); // throttling waits 4 min at retry 3; the hint 5 min
    assertThat(retry.at()).isEqualTo(Instant.parse("2026-11-27T08:10:00Z"));
  }

  @Test
  void tables_build() {
    assertThat(DurableTableSnippets.tables().maxTotal()).isEqualTo(Duration.ofDays(3));
  }

  @Test
  void tiers_asThePageSays() {
    Tiers tiers = DurableTierSnippets.tiers();

    System.out.println("tiers " + tiers.tiers() + " error " + tiers.maxRelativeError());
    assertThat(tiers.tiers()).hasSize(4);
    assertThat(tiers.delays()).hasSize(10);
    assertThat(tiers.maxRelativeError()).isCloseTo(0.6, org.assertj.core.api.Assertions.within(0.01));
  }
}
