package io.github.backoff.sim.advise;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.spi.Trial;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Common random numbers: the same seed index gives every candidate the same requests and service times. */
class EvaluatorTest {
  private static final Scenario STEADY = Scenario.parse("clients.arrival=steady\nclients.rate=200\n"
      + "service.capacity=250\nservice.queue=300\nservice.outage.start=5s\nservice.outage.length=5s\nhorizon=20s");
  private static final Scenario BURST = Scenario.parse("clients.arrival=burst\nclients.count=30");

  private static double[] run(Scenario scenario, List<Candidate> candidates, int point, int rep) {
    Evaluator evaluator = new Evaluator(scenario, 42);
    Trial trial = evaluator.newTrial(candidates, rep);
    double[] values = new double[evaluator.metrics().size()];
    trial.run(point, 0, values, new float[values.length][]);
    return values;
  }

  @Test
  void steady_identicalCandidates_getIdenticalFigures() {
    Candidate a = Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 3, "token-bucket");
    Candidate b = Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 3, "token-bucket");
    List<Candidate> both = List.of(a, b);
    for (int rep = 0; rep < 3; rep++) {
      assertThat(run(STEADY, both, 1, rep)).containsExactly(run(STEADY, both, 0, rep));
    }
  }

  @Test
  void steady_differentStrategiesWithoutRetries_seeTheSameRequests() {
    // With one attempt the strategy is never asked: the runs differ only if the arrivals or services did.
    Candidate a = Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 1, "none");
    Candidate b = Candidate.of("constant", Duration.ofSeconds(1), null, 2, 1, "none");
    assertThat(run(STEADY, List.of(a, b), 1, 4)).containsExactly(run(STEADY, List.of(a, b), 0, 4));
  }

  @Test
  void steady_otherSeedIndex_givesOtherRequests() {
    Candidate a = Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 1, "none");
    assertThat(run(STEADY, List.of(a), 0, 1)[0]).isNotEqualTo(run(STEADY, List.of(a), 0, 2)[0]);
  }

  @Test
  void burst_identicalCandidates_getIdenticalFigures() {
    Candidate a = Candidate.of("decorrelated-jitter", Duration.ofMillis(10), Duration.ofSeconds(1), 2, 0, "none");
    Candidate b = Candidate.of("decorrelated-jitter", Duration.ofMillis(10), Duration.ofSeconds(1), 2, 0, "none");
    double[] first = run(BURST, List.of(a, b), 0, 7);
    assertThat(run(BURST, List.of(a, b), 1, 7)).containsExactly(first);
    assertThat(first[0]).isGreaterThanOrEqualTo(30); // every client's one success
    assertThat(first[1]).isEqualTo(first[0] / 30);
  }

  @Test
  void steady_metrics_areInTheirUnits() {
    Candidate a = Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 3, "none");
    double[] v = run(STEADY, List.of(a), 0, 0);
    assertThat(v[1]).as("amplification").isGreaterThanOrEqualTo(1);
    assertThat(v[2]).as("lost").isBetween(0.0, 1.0);
    assertThat(v[5]).as("completion_p99").isBetween(0.0, 20.0);
    assertThat(v[7]).as("throttled (queueing server)").isZero();
  }
}
