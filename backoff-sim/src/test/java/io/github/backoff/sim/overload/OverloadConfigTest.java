package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class OverloadConfigTest {

  @Test
  void defaults_areTheDocumentedScenario() {
    OverloadConfig c = OverloadConfig.defaults();
    assertThat(c.rate()).isEqualTo(800);
    assertThat(c.capacity()).isEqualTo(1000);
    assertThat(c.queue()).isEqualTo(2000);
    assertThat(c.timeout()).isEqualTo(1);
    assertThat(c.outageStart()).isEqualTo(30);
    assertThat(c.outageLength()).isEqualTo(10);
    assertThat(c.outageEnd()).isEqualTo(40);
    assertThat(c.outageCapacity()).isZero();
    assertThat(c.horizon()).isEqualTo(180);
    assertThat(c.dropExpired()).isFalse();
    assertThat(c.policies()).extracting(OverloadPolicy::name).containsExactlyElementsOf(OverloadPolicy.NAMES);
    assertThat(c.maxAttempts()).isEqualTo(4);
    assertThat(c.strategies()).containsExactly("full-jitter");
    assertThat(c.base()).isEqualTo(100);
    assertThat(c.decorrelatedBase()).isEqualTo(50);
    assertThat(c.cap()).isEqualTo(2000);
    assertThat(c.runs()).isEqualTo(5);
    assertThat(c.backoff("full-jitter").maxDelayNanos(1)).isEqualTo(100_000_000L);
  }

  @Test
  void builder_settings_areKept() {
    OverloadConfig c = OverloadConfig.builder().rate(10).capacity(20).queue(5).timeout(0.5).outage(3, 2, 0.25)
        .horizon(30).dropExpired(true).policies(" retries , ratio").maxAttempts(2).strategies("none")
        .base(1).cap(2).runs(3).seed(-1).threads(2).out(Path.of("o")).build();
    assertThat(c.toString()).isEqualTo("model=overload rate=10 capacity=20 queue=5 timeout=0.5 outage=3+2@0.25 "
        + "horizon=30 drop-expired policies=[retries, ratio] max-attempts=2 strategies=[none] base=1 cap=2 runs=3 "
        + "seed=-1 threads=2 out=o");
  }

  @Test
  void register_customPolicy_canBeSelected() {
    OverloadPolicy strict = new OverloadPolicy("strict", "retries + token bucket (10, 0.1)", true,
        ticker -> RetryBudget.tokenBucket(10, 0.1));
    OverloadConfig c = OverloadConfig.builder().register(strict).policies(List.of("strict", "no-retry")).build();
    assertThat(c.policies()).containsExactly(strict, OverloadPolicy.defaults().get(0));
  }

  @Test
  void policies_defaults_attemptsAndBudgets() {
    List<OverloadPolicy> p = OverloadPolicy.defaults();
    assertThat(p.get(0).attempts(4)).isEqualTo(1);
    assertThat(p.get(0).newBudget(() -> 0)).isNull();
    assertThat(p.get(1).attempts(4)).isEqualTo(4);
    assertThat(p.get(1).newBudget(() -> 0)).isNull();
    for (int i = 2; i < 5; i++) {
      assertThat(p.get(i).newBudget(() -> 0)).as(p.get(i).name()).isNotNull();
    }
  }

  @Test
  void recoveryConstants_agreeWithTheModel() {
    assertThat(OverloadResult.RECOVERY_PERCENT / 100.0).isEqualTo(OverloadEngine.RECOVERY_FRACTION);
    assertThat(OverloadResult.RECOVERY_WINDOW).isEqualTo(OverloadEngine.RECOVERY_WINDOW);
  }

  @Test
  void build_badSettings_throwOneLineNamingTheParameter() {
    assertBad(b -> b.rate(0), "rate: must be in (0, 10000000]: 0.0");
    assertBad(b -> b.rate(Double.NaN), "rate: must be in (0, 10000000]: NaN");
    assertBad(b -> b.capacity(-1), "capacity: must be in (0, 10000000]: -1.0");
    assertBad(b -> b.queue(-1), "queue: must be in [0, 10000000]: -1");
    assertBad(b -> b.timeout(0), "timeout: must be in (0, 1000000]: 0.0");
    assertBad(b -> b.outage(-1, 1, 0), "outage-start: must be in [0, 1000000] seconds: -1.0");
    assertBad(b -> b.outage(1, Double.POSITIVE_INFINITY, 0), "outage-length: must be in [0, 1000000] seconds: "
        + "Infinity");
    assertBad(b -> b.outage(1, 1, 1.5), "outage-capacity: must be in [0, 1]: 1.5");
    assertBad(b -> b.horizon(0), "horizon: must be in [1, 1000000] seconds: 0");
    assertBad(b -> b.outage(170, 20, 0).build(), "outage-length: the outage must end by the horizon: 170 + 20 > 180");
    assertBad(b -> b.rate(1e7).horizon(1000).build(), "rate: rate x horizon must be <= 1e9 requests: 10000000 x "
        + "1000");
    assertBad(b -> b.policies(""), "policies: bad policy name '' (must be non-blank)");
    assertBad(b -> b.policies(List.of()), "policies: must not be empty");
    assertBad(b -> b.policies("ratio,ratio"), "policies: must not repeat: ratio,ratio");
    assertBad(b -> b.policies("ratio,bogus").build(), "policies: unknown policy 'bogus' (known: no-retry, retries, "
        + "token-bucket, retry-quota, ratio, retry-quota-2026, adaptive, adaptive-nonreserving)");
    assertBad(b -> b.maxAttempts(0), "max-attempts: must be in [1, 100]: 0");
    assertBad(b -> b.runs(1001), "runs: must be in [1, 1000]: 1001");
    assertBad(b -> b.threads(0), "threads: must be in [1, 1024]: 0");
    assertBad(b -> b.base(10).cap(5).build(), "cap: must be >= base: 5 < 10");
    assertBad(b -> b.strategies("nope").build(), "strategies: unknown strategy 'nope' (did you mean 'none'?) (known: none, exponential, "
        + "full-jitter, equal-jitter, decorrelated-jitter)");
    assertThatThrownBy(() -> new OverloadPolicy("a,b", "x", true, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("policies: bad policy name 'a,b' (must be non-blank, without commas, quotes or line breaks)");
    assertThatThrownBy(() -> new OverloadPolicy("x", "x", false, t -> RetryBudget.retryQuota()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("policies: policy 'x' has a budget but no retries");
  }

  private static void assertBad(Consumer<OverloadConfig.Builder> settings, String message) {
    assertThatThrownBy(() -> settings.accept(OverloadConfig.builder()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }
}
