package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A hedger's policy and description. */
class HedgerDescriptionTest {
  @Test
  void policyAndToString_nameThePolicyGiven() {
    HedgePolicy<String> policy = HedgePolicy.<String>builder().withDelay(Duration.ofMillis(50)).build();

    Hedger<String> hedger = Hedger.of(policy);

    assertThat(hedger.policy()).isSameAs(policy);
    assertThat(hedger).hasToString("Hedger(" + policy + ")");
  }
}
