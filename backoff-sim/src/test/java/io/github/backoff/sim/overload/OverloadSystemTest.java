package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import org.junit.jupiter.api.Test;

class OverloadSystemTest {
  @Test
  void defaults_areTheRetryStormScenario_andTheConfigsDefaults() {
    OverloadSystem d = OverloadSystem.DEFAULTS;
    assertThat(d.rate()).isEqualTo(800);
    assertThat(d.capacity()).isEqualTo(1000);
    assertThat(d.outageEnd()).isEqualTo(40);
    assertThat(d.horizon()).isEqualTo(180);
    assertThat(d.throttling()).isFalse();
    assertThat(OverloadConfig.defaults().system()).isEqualTo(d);
  }

  @Test
  void throttling_zeroRate_meansTheCapacity() {
    OverloadSystem t = OverloadSystem.DEFAULTS.withThrottling(0, RetryAfterHint.NONE);
    assertThat(t.throttleRate()).isEqualTo(1000);
    assertThat(OverloadSystem.DEFAULTS.withThrottling(900, RetryAfterHint.parse("1s")).throttleRate()).isEqualTo(900);
  }

  @Test
  void queueingServer_refusesAThrottleRateOrAHint_namingTheOption() {
    OverloadSystem d = OverloadSystem.DEFAULTS;
    assertThatThrownBy(() -> new OverloadSystem(d.rate(), d.capacity(), d.queue(), d.timeout(), d.outageStart(),
        d.outageLength(), d.outageCapacity(), d.horizon(), false, OverloadSystem.Server.QUEUEING, 5,
        NetworkLatency.ZERO, RetryAfterHint.NONE))
        .isInstanceOfSatisfying(InvalidParameterException.class, e -> assertThat(e.parameter())
            .isEqualTo("throttle-rate"));
    assertThatThrownBy(() -> new OverloadSystem(d.rate(), d.capacity(), d.queue(), d.timeout(), d.outageStart(),
        d.outageLength(), d.outageCapacity(), d.horizon(), false, OverloadSystem.Server.QUEUEING, 0,
        NetworkLatency.ZERO, RetryAfterHint.parse("1s")))
        .isInstanceOfSatisfying(InvalidParameterException.class, e -> assertThat(e.parameter())
            .isEqualTo("retry-after"));
  }

  @Test
  void limits_rateTimesHorizon_isBounded() {
    assertThatThrownBy(() -> new OverloadSystem(1e7, 1e7, 0, 1, 0, 0, 0, 101, false, OverloadSystem.Server.QUEUEING,
        0, NetworkLatency.ZERO, RetryAfterHint.NONE))
        .hasMessage("rate: rate x horizon must be <= 1e9 requests: 10000000 x 101");
  }

  @Test
  void server_parse_unknown_namesTheOption() {
    assertThat(OverloadSystem.Server.parse("throttling")).isEqualTo(OverloadSystem.Server.THROTTLING);
    assertThatThrownBy(() -> OverloadSystem.Server.parse("crash"))
        .hasMessage("server: must be queueing or throttling: 'crash'");
  }
}
