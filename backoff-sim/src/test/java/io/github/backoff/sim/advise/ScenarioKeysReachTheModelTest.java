package io.github.backoff.sim.advise;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every scenario key that describes the service or its clients changes what the advisor's model simulates: the
 * guard against a key that is parsed, validated and printed but never reaches the model (as
 * {@code service.retry_after} once did).
 */
class ScenarioKeysReachTheModelTest {
  /** A small throttling scenario with an outage, so that every key has something to change. */
  private static final Map<String, String> BASE = Map.of("clients.arrival", "steady", "clients.rate", "300",
      "clients.timeout", "1s", "service.capacity", "300", "service.queue", "1000", "service.failure", "throttling",
      "service.throttle_rate", "350", "service.outage.start", "5s", "service.outage.length", "5s",
      "service.outage.capacity", "30%");

  /** One changed value per key of the model. */
  private static final Map<String, String> CHANGED = changed();

  private static Map<String, String> changed() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("clients.rate", "330");
    m.put("clients.timeout", "150ms");
    m.put("service.capacity", "280");
    m.put("service.queue", "5");
    m.put("service.failure", "queueing");
    m.put("service.throttle_rate", "250");
    m.put("service.retry_after", "1s");
    m.put("service.outage.start", "8s");
    m.put("service.outage.length", "9s");
    m.put("service.outage.capacity", "0");
    m.put("service.drop_expired", "true");
    m.put("horizon", "45s");
    return m;
  }

  @Test
  void everyServiceAndClientKey_isCoveredHere() {
    Set<String> modelKeys = new TreeSet<>();
    for (String key : Scenario.KEYS.keySet()) {
      boolean burstOnly = key.equals("clients.count") || key.equals("service.model");
      if (!burstOnly && (key.startsWith("service.") || key.startsWith("clients.") && !key.equals("clients.arrival")
          || key.equals("horizon"))) {
        modelKeys.add(key);
      }
    }
    assertThat(CHANGED.keySet()).containsExactlyInAnyOrderElementsOf(modelKeys);
  }

  @Test
  void everyKey_changesTheSystemAndWhatTheAdvisorMeasures() {
    Scenario base = Scenario.of(BASE);
    double[] baseline = measure(base);
    for (Map.Entry<String, String> e : CHANGED.entrySet()) {
      Map<String, String> override = new LinkedHashMap<>();
      override.put(e.getKey(), e.getValue());
      if (e.getKey().equals("service.failure")) {
        override.put("service.throttle_rate", ""); // applies to the throttling server only
      }
      Scenario changed = base.with(override);
      assertThat(changed.system()).as(e.getKey()).isNotEqualTo(base.system());
      assertThat(measure(changed)).as(e.getKey() + "=" + e.getValue() + " reaches the model")
          .isNotEqualTo(baseline);
    }
  }

  /** What the advisor measures of one candidate on seed index 0, and the events it took. */
  private static double[] measure(Scenario scenario) {
    Candidate candidate = Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4,
        Candidate.NO_BUDGET);
    Evaluator evaluator = new Evaluator(scenario, 42);
    double[] values = new double[evaluator.metrics().size()];
    long events = evaluator.newTrial(List.of(candidate), 0).run(0, 0, values, new float[values.length][]);
    double[] all = Arrays.copyOf(values, values.length + 1);
    all[values.length] = events;
    return all;
  }
}
