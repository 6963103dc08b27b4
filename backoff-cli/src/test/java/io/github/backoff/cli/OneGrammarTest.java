package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.backoff.DurationSpec;
import io.github.backoff.PercentSpec;
import io.github.backoff.sim.advise.Scenario;
import io.github.backoff.sim.internal.ScenarioSystems;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.spring.boot.BackoffAutoConfiguration;
import io.github.backoff.spring.boot.BackoffProperties;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The same strings fed to the four places a user writes a duration: the CLI's options, the advisor's scenario keys,
 * the simulator's options and the starter's {@code backoff.*} properties (a real Spring context). Each must give the
 * core grammar's answer ({@link DurationSpec}), or fail with the grammar's own message.
 */
class OneGrammarTest {
  private static final List<String> ACCEPTED = List.of("250ms", "1.5s", "1m30s", "PT20S", "pt0.5s", "25 ms", "0",
      "500us", "2m");
  private static final List<String> REFUSED = List.of("20", "1.5", "-5ms", "fast", "5xs", "30s1m");
  private static final ApplicationContextRunner STARTER = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class));

  @Test
  void acceptedForms_meanTheSameDurationInAllFour() {
    for (String text : ACCEPTED) {
      Duration expected = DurationSpec.parse(text);
      Map<String, Duration> answers = new LinkedHashMap<>();
      answers.put("cli", new DurationConverter().convert(text));
      answers.put("scenario", seconds(ScenarioSystems.of(Scenario.parse(steady("service.outage.length = " + text)))
          .outageLength()));
      answers.put("simulator", seconds(Settings.of(Map.of("outage-length", text)).seconds("outage-length")
          .orElseThrow()));
      STARTER.withPropertyValues("backoff.policies.p.strategy=constant", "backoff.policies.p.base=" + text)
          .run(context -> answers.put("starter", context.getBean(BackoffProperties.class).getPolicies().get("p")
              .getBase()));
      assertThat(answers).as(text).containsOnlyKeys("cli", "scenario", "simulator", "starter")
          .allSatisfy((where, d) -> assertThat(d).as(where + " reads " + text).isEqualTo(expected));
    }
  }

  @Test
  void refusedForms_failInAllFourWithTheGrammarsMessage() {
    for (String text : REFUSED) {
      String message = catchThrowable(() -> DurationSpec.parse(text)).getMessage();
      List<String> errors = new ArrayList<>();
      errors.add(catchThrowable(() -> new DurationConverter().convert(text)).getMessage());
      errors.add(catchThrowable(() -> Scenario.parse(steady("service.outage.length = " + text))).getMessage());
      errors.add(catchThrowable(() -> Settings.of(Map.of("outage-length", text)).seconds("outage-length"))
          .getMessage());
      STARTER.withPropertyValues("backoff.policies.p.strategy=constant", "backoff.policies.p.base=" + text)
          .run(context -> {
        assertThat(context).as(text).hasFailed();
        StringBuilder chain = new StringBuilder();
        for (Throwable t = context.getStartupFailure(); t != null; t = t.getCause()) {
          chain.append(t.getMessage()).append('\n');
        }
        errors.add(chain.toString());
      });
      assertThat(errors).as(text).hasSize(4).allSatisfy(e -> assertThat(e).contains(message));
    }
  }

  @Test
  void bareNumber_isRefusedEverywhereWithTheUnitForms() {
    assertThat(catchThrowable(() -> new DurationConverter().convert("20")))
        .hasMessage("\"20\" has no unit: write 20ms, 20s, 1m30s or PT20S");
    assertThat(catchThrowable(() -> Scenario.parse(steady("clients.timeout = 20"))))
        .hasMessage("clients.timeout: \"20\" has no unit: write 20ms, 20s, 1m30s or PT20S");
    assertThat(catchThrowable(() -> Settings.of(Map.of("timeout", "20")).seconds("timeout")))
        .hasMessage("timeout: \"20\" has no unit: write 20ms, 20s, 1m30s or PT20S");
  }

  @Test
  void percentages_scenarioKeysConstraintsAndSimulatorOption_shareOneGrammar() {
    for (String text : List.of("50%", "2.5%", "0", "0.5", "half")) {
      Object expected;
      try {
        expected = PercentSpec.parse(text);
      } catch (IllegalArgumentException e) {
        expected = e.getMessage();
      }
      Object key = answer(() -> ScenarioSystems.of(Scenario.parse(steady("service.outage.start = 10s\n"
          + "service.outage.length = 5s\nservice.outage.capacity = " + text))).outageCapacity());
      Object option = answer(() -> Settings.of(Map.of("outage-capacity", text)).percent("outage-capacity")
          .orElseThrow());
      Object constraint = answer(() -> Scenario.parse(steady("constraints = lost<=" + text)).objective()
          .constraints().get(0).limit());
      for (Object actual : List.of(key, option, constraint)) {
        if (expected instanceof String m) {
          assertThat(actual).as(text).asString().contains(m);
        } else {
          assertThat(actual).as(text).isEqualTo(expected);
        }
      }
    }
  }

  private static Object answer(java.util.concurrent.Callable<Double> read) {
    try {
      return read.call();
    } catch (Exception e) {
      return e.getMessage();
    }
  }

  private static String steady(String extra) {
    return "clients.arrival = steady\nclients.rate = 400\nservice.capacity = 500\n" + extra + "\n";
  }

  private static Duration seconds(double seconds) {
    return Duration.ofNanos(Math.round(seconds * 1e9));
  }
}
