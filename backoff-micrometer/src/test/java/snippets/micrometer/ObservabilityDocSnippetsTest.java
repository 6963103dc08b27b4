package snippets.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Runs the Micrometer blocks of docs/observability.md and README.md against real registries. */
class ObservabilityDocSnippetsTest {
  @Test
  void bind_failsOnceThenAnswers_countedAsSuccessAfterRetry() {
    AtomicInteger calls = new AtomicInteger();

    ObservabilityDocSnippets.Bound bound = ObservabilityDocSnippets.bind(sku -> {
      if (calls.incrementAndGet() == 1) {
        throw new IOException("connection reset");
      }
      return "42 of " + sku;
    }, "sku-1");

    assertThat(bound.stock()).isEqualTo("42 of sku-1");
    assertThat(bound.registry().get("backoff.calls").tag("name", "inventory").tag("outcome", "success_after_retry")
        .counter().count()).isEqualTo(1.0);
  }

  @Test
  void binder_boundByTheFramework_countsCalls() {
    MeterRegistry registry = new SimpleMeterRegistry();
    RetryPolicy<String> policy = ObservabilityDocSnippets.binder(RetryBudget.tokenBucket(10, 0.1), registry);

    Retrier.of(policy).call(() -> "ok");

    assertThat(registry.get("backoff.calls").tag("outcome", "success").counter().count()).isEqualTo(1.0);
    assertThat(registry.find("backoff.budget.available").gauge()).isNotNull();
  }

  @Test
  void readme_bind_countsCalls() {
    MeterRegistry registry = new SimpleMeterRegistry();

    Retrier.of(ReadmeSnippets.bind(registry)).call(() -> "ok");

    assertThat(registry.get("backoff.calls").tag("name", "inventory").tag("outcome", "success").counter().count())
        .isEqualTo(1.0);
  }
}
