package io.github.backoff.sim.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.sim.overload.OverloadConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioTest {
  private static final String STEADY = "clients.arrival=steady\n";
  private static final String BURST = "clients.arrival=burst\n";

  static Stream<Arguments> bad() {
    return Stream.of(
        Arguments.of("", "clients.arrival", "clients.arrival: missing: must be burst or steady"),
        Arguments.of("clients.arrival=sometimes", "clients.arrival",
            "clients.arrival: must be burst or steady: 'sometimes'"),
        Arguments.of(STEADY + "colour=blue", "colour", "colour: unknown key (known: clients.arrival, clients.count,"),
        Arguments.of(STEADY + "service.capacty=10", "service.capacty",
            "service.capacty: unknown key (did you mean 'service.capacity'?) (known: clients.arrival,"),
        Arguments.of(STEADY + "service.capacity=-5", "service.capacity",
            "service.capacity: must be in (0, 10000000]: -5"),
        Arguments.of(STEADY + "service.capacity=lots", "service.capacity", "service.capacity: not a number: 'lots'"),
        Arguments.of(STEADY + "clients.rate=0", "clients.rate", "clients.rate: must be in (0, 10000000]: 0"),
        Arguments.of(STEADY + "service.queue=-1", "service.queue", "service.queue: must be in [0, 10000000]: -1"),
        Arguments.of(STEADY + "service.queue=1.5", "service.queue", "service.queue: not a whole number: '1.5'"),
        Arguments.of(STEADY + "service.failure=crash", "service.failure",
            "service.failure: must be queueing or throttling: 'crash'"),
        Arguments.of(STEADY + "service.throttle_rate=10", "service.throttle_rate",
            "service.throttle_rate: applies to service.failure=throttling only"),
        Arguments.of(STEADY + "service.retry_after=1s", "service.retry_after",
            "service.retry_after: applies to service.failure=throttling only"),
        Arguments.of(STEADY + "service.failure=throttling\nservice.retry_after=soon", "service.retry_after",
            "service.retry_after: \"soon\" is not a duration: write 250ms, 1.5s, 2m, 1m30s, 500us, 10ns, 1h, 1d or ISO-8601 (PT20S); 0 needs no unit (or millis:DURATION): 'soon'"),
        Arguments.of(STEADY + "service.outage.capacity=200%", "service.outage.capacity",
            "service.outage.capacity: must be at most 100%: 200%"),
        Arguments.of(STEADY + "service.outage.capacity=0.5", "service.outage.capacity",
            "service.outage.capacity: \"0.5\" has no % sign: write 0.5% or, for a fraction of 0.5, 50%"),
        Arguments.of(STEADY + "clients.timeout=1", "clients.timeout",
            "clients.timeout: \"1\" has no unit: write 1ms, 1s, 1m30s or PT1S"),
        Arguments.of(STEADY + "clients.timeout=soon", "clients.timeout",
            "clients.timeout: \"soon\" is not a duration: write 250ms, 1.5s, 2m, 1m30s, 500us, 10ns, 1h, 1d or ISO-8601 (PT20S); 0 needs no unit"),
        Arguments.of(STEADY + "clients.timeout=-1s", "clients.timeout",
            "clients.timeout: \"-1s\" is negative: a duration must be >= 0"),
        Arguments.of(STEADY + "clients.timeout=0", "clients.timeout",
            "clients.timeout: must be in (0, 1000000]: 0"),
        Arguments.of(STEADY + "service.drop_expired=maybe", "service.drop_expired",
            "service.drop_expired: must be true or false: 'maybe'"),
        Arguments.of(STEADY + "horizon=10.5s", "horizon",
            "horizon: must be a whole number of seconds up to 1000000: 10.5s"),
        Arguments.of(STEADY + "service.outage.start=50s\nservice.outage.length=30s\nhorizon=60s",
            "service.outage.length", "service.outage.length: the outage must end by the horizon: 50 + 30 > 60"),
        Arguments.of(STEADY + "clients.rate=1000000\nhorizon=100s", "clients.rate",
            "clients.rate: rate x horizon must be <= 5e7 requests (the advisor runs every candidate on it): 1000000 x 100"),
        Arguments.of(STEADY + "clients.count=10", "clients.count",
            "clients.count: does not apply to clients.arrival=steady (it applies to burst)"),
        Arguments.of(BURST + "service.capacity=10", "service.capacity",
            "service.capacity: does not apply to clients.arrival=burst (it applies to steady)"),
        Arguments.of(BURST + "clients.count=0", "clients.count", "clients.count: must be in [1, 100000]: 0"),
        Arguments.of(BURST + "service.model=overload", "service.model",
            "service.model: must be occ or single-server: 'overload'"),
        Arguments.of(STEADY + "objective=fewest requests", "objective",
            "objective: must be 'min METRIC' or 'max METRIC': 'fewest requests'"),
        Arguments.of(STEADY + "objective=min happiness", "objective",
            "objective: unknown metric 'happiness' for a steady scenario (known: attempts, amplification, lost, "
                + "completion_mean, completion_p50, completion_p99, recovery, throttled, max_attempts)"),
        Arguments.of(BURST + "objective=min completion_p99", "objective",
            "objective: unknown metric 'completion_p99' for a burst scenario (did you mean 'completion'?) (known: "
                + "attempts, amplification, "
                + "completion)"),
        Arguments.of(STEADY + "objective=min max_attempts", "objective",
            "objective: max_attempts is a constraint, not an objective: 'min max_attempts'"),
        Arguments.of(STEADY + "constraints=completion_p99 < 5s", "constraints",
            "constraints: must be METRIC<=LIMIT or METRIC>=LIMIT: 'completion_p99 < 5s'"),
        Arguments.of(STEADY + "constraints=speed<=5", "constraints",
            "constraints: unknown metric 'speed' for a steady scenario (known: attempts,"),
        Arguments.of(BURST + "constraints=max_attempts<=4", "constraints",
            "constraints: unknown metric 'max_attempts' for a burst scenario (known: attempts, amplification, "
                + "completion)"),
        Arguments.of(STEADY + "constraints=completion_p99<=fast", "constraints",
            "constraints: completion_p99: \"fast\" is not a duration: write 250ms, 1.5s, 2m, 1m30s, 500us, 10ns, 1h, 1d or ISO-8601 (PT20S); 0 needs no unit in 'completion_p99<=fast'"),
        Arguments.of(STEADY + "constraints=lost<=lots", "constraints",
            "constraints: lost: \"lots\" is not a percentage: write a percentage such as 50%, 2.5% or 0.1%; 0 needs "
                + "no sign in 'lost<=lots'"),
        Arguments.of(STEADY + "constraints=amplification<=x", "constraints",
            "constraints: amplification needs a number: 'amplification<=x'"),
        Arguments.of(STEADY + "constraints=max_attempts<=0", "constraints",
            "constraints: max_attempts needs a whole number >= 1: 'max_attempts<=0'"),
        Arguments.of(STEADY + "search.strategies=fibonacci", "search.strategies",
            "search.strategies: unknown strategy 'fibonacci' (known: none, constant,"),
        Arguments.of(STEADY + "search.budgets=infinite", "search.budgets",
            "search.budgets: unknown budget 'infinite' (known: none, token-bucket, retry-quota, ratio, "
                + "retry-quota-2026, adaptive)"),
        Arguments.of(STEADY + "search.presets=azure", "search.presets",
            "search.presets: unknown preset 'azure' (known: all, none, google-http-client,"),
        Arguments.of(STEADY + "search.bases=0", "search.bases", "search.bases: must be > 0: 0"),
        Arguments.of(STEADY + "search.caps=big", "search.caps", "search.caps: \"big\" is not a duration: write 250ms, 1.5s, 2m, 1m30s, 500us, 10ns, 1h, 1d or ISO-8601 (PT20S); 0 needs no unit"),
        Arguments.of(STEADY + "search.multipliers=0.5", "search.multipliers",
            "search.multipliers: must be in [1, 100]: 0.5"),
        Arguments.of(STEADY + "search.max_attempts=0", "search.max_attempts",
            "search.max_attempts: must be in [1, 100]: 0"),
        Arguments.of(STEADY + "search.reps=4\nsearch.max_reps=2", "search.max_reps",
            "search.max_reps: must be >= search.reps: 2 < 4"),
        Arguments.of(STEADY + "search.final_reps=1", "search.final_reps", "search.final_reps: must be in [2, 1000]: 1"),
        Arguments.of(STEADY + "search.strategies=", "search.strategies", "search.strategies: must not be empty"),
        Arguments.of(BURST + "search.budgets=ratio", "search.budgets",
            "search.budgets: does not apply to clients.arrival=burst (its clients retry until they succeed)"));
  }

  @ParameterizedTest(name = "{1}: {2}")
  @MethodSource("bad")
  void parse_badValue_failsNamingTheKeyAndValue(String text, String key, String message) {
    assertThatThrownBy(() -> Scenario.parse(text))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageStartingWith(message)
        .satisfies(e -> assertThat(((InvalidParameterException) e).parameter()).isEqualTo(key));
  }

  @Test
  void load_missingFile_saysSo(@TempDir Path dir) {
    Path missing = dir.resolve("nope.properties");
    assertThatThrownBy(() -> Scenario.load(missing)).isInstanceOf(InvalidParameterException.class)
        .hasMessage("scenario: no such file: " + missing);
  }

  @Test
  void load_directory_cannotBeRead(@TempDir Path dir) {
    assertThatThrownBy(() -> Scenario.load(dir)).isInstanceOf(InvalidParameterException.class)
        .hasMessageStartingWith("scenario: cannot read " + dir);
  }

  @Test
  void load_file_readsItsKeys(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("s.properties");
    Files.writeString(file, "# a comment\nclients.arrival = steady\nclients.rate = 900\nconstraints = lost<=2%, "
        + "completion_p99<=500ms\n");
    Scenario s = Scenario.load(file);
    assertThat(s.rate()).isEqualTo(900);
    assertThat(s.objective().toString()).isEqualTo("min attempts subject to lost<=2%, completion_p99<=500ms");
    assertThat(s.objective().constraints().get(0).limit()).isEqualTo(0.02);
    assertThat(s.objective().constraints().get(1).limit()).isEqualTo(0.5);
  }

  @Test
  void with_overrides_replaceAndRemoveKeys() {
    Scenario s = Scenario.parse(STEADY + "clients.rate=900\nservice.queue=10");
    Scenario t = s.with(Map.of("clients.rate", "500", "service.queue", ""));
    assertThat(t.rate()).isEqualTo(500);
    assertThat(t.queue()).isEqualTo(2000);
    assertThatThrownBy(() -> s.with(Map.of("service.capacity", "-5")))
        .hasMessage("service.capacity: must be in (0, 10000000]: -5");
  }

  @Test
  void overloadConfig_steadyScenario_carriesEverySetting() {
    Scenario s = Scenario.parse(STEADY + "clients.rate=400\nservice.capacity=500\nservice.queue=1000\n"
        + "clients.timeout=500ms\nservice.failure=throttling\nservice.throttle_rate=450\nservice.outage.start=10s\n"
        + "service.outage.length=5s\nservice.outage.capacity=50%\nhorizon=1m\nservice.drop_expired=true");
    OverloadConfig c = s.overloadConfig().policies("retries").build();
    assertThat(c.rate()).isEqualTo(400);
    assertThat(c.capacity()).isEqualTo(500);
    assertThat(c.queue()).isEqualTo(1000);
    assertThat(c.timeout()).isEqualTo(0.5);
    assertThat(c.server()).isEqualTo("throttling");
    assertThat(c.throttleRate()).isEqualTo(450);
    assertThat(c.outageStart()).isEqualTo(10);
    assertThat(c.outageLength()).isEqualTo(5);
    assertThat(c.outageCapacity()).isEqualTo(0.5);
    assertThat(c.horizon()).isEqualTo(60);
    assertThat(c.dropExpired()).isTrue();
    assertThat(s.simulateOptions()).isEqualTo("--model overload --rate 400 --capacity 500 --queue 1000 --timeout 500ms "
        + "--outage-start 10s --outage-length 5s --outage-capacity 50% --horizon 60s --server throttling "
        + "--throttle-rate 450 --drop-expired");
  }

  @Test
  void overloadConfig_throttlingWithRetryAfter_carriesTheHint() {
    Scenario s = Scenario.parse(STEADY + "service.failure=throttling\nservice.retry_after=1s");
    OverloadConfig c = s.overloadConfig().policies("retries").build();
    assertThat(c.retryAfter().toString()).isEqualTo("1s");
    assertThat(s.simulateOptions()).endsWith("--server throttling --throttle-rate 1000 --retry-after 1s");
    assertThat(s.describe()).contains("(throttled: 1s)");
    Scenario m = Scenario.parse(STEADY + "service.failure=throttling\nservice.retry_after=millis:500ms");
    assertThat(m.overloadConfig().policies("retries").build().retryAfter().isMillis()).isTrue();
    assertThat(Scenario.parse(STEADY + "service.failure=throttling").overloadConfig().policies("retries").build()
        .retryAfter().isNone()).isTrue();
  }

  @Test
  void overloadConfig_burstScenario_hasNone() {
    Scenario s = Scenario.parse(BURST + "clients.count=50\nservice.model=single-server");
    assertThatThrownBy(s::overloadConfig).isInstanceOf(IllegalStateException.class)
        .hasMessage("a burst scenario has no overload model: it runs on single-server");
    assertThat(s.simulateOptions()).isEqualTo("--model single-server --clients 50");
    assertThat(s.metrics()).containsExactly("attempts", "amplification", "completion");
  }

  @Test
  void defaults_steady_horizonCoversTheOutage() {
    Scenario s = Scenario.parse(STEADY + "service.outage.start=30s\nservice.outage.length=30s");
    assertThat(s.horizon()).isEqualTo(100);
    assertThat(Scenario.parse(STEADY).horizon()).isEqualTo(60);
  }

  @Test
  void shippedScenarios_parse() throws Exception {
    for (String name : List.of("aws-contention", "outage-80", "outage-80-testbed", "throttling", "throttling-testbed")) {
      Scenario s = Scenario.load(Path.of("../docs/scenarios/" + name + ".properties"));
      assertThat(s.search().grid).as(name).isNotEmpty();
    }
  }

  @Test
  void advisePage_scenarioKeysTable_listsEveryKeyAsScenarioKeysDoes() throws Exception {
    String page = Files.readString(Path.of("../docs/advise.md"));
    String begin = "<!-- scenario-keys:begin -->\n";
    String table = page.substring(page.indexOf(begin) + begin.length(), page.indexOf("<!-- scenario-keys:end -->"));
    StringBuilder expected = new StringBuilder("| key | meaning |\n| --- | --- |\n");
    Scenario.KEYS.forEach((k, v) -> expected.append("| `").append(k).append("` | ").append(v).append(" |\n"));
    assertThat(table).isEqualTo(expected.toString());
  }

  @Test
  void objective_parse_unknownMetricListsTheKnownOnes() {
    assertThatThrownBy(() -> Objective.parse("min speed", List.of())).isInstanceOf(InvalidParameterException.class)
        .hasMessage("objective: unknown metric 'speed' (known: attempts, amplification, lost, completion, "
            + "completion_mean, completion_p50, completion_p99, recovery, throttled, max_attempts)");
  }
}
