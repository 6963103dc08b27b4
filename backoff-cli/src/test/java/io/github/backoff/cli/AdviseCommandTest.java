package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.advise.Candidate;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.strategy.Backoff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

class AdviseCommandTest {
  @TempDir
  Path dir;
  Path burst;
  Path steady;

  @BeforeEach
  void scenarios() throws Exception {
    burst = dir.resolve("burst.properties");
    Files.writeString(burst, "clients.arrival=burst\nclients.count=30\nsearch.candidates=16\nsearch.final_reps=3\n"
        + "search.presets=google-drive,aws-sdk-standard\nconstraints=completion<=20s\n");
    steady = dir.resolve("steady.properties");
    Files.writeString(steady, "clients.arrival=steady\nclients.rate=100\nservice.capacity=150\nhorizon=10s\n"
        + "search.candidates=8\nsearch.final_reps=2\nsearch.presets=none\n");
  }

  private CliRun advise(Path scenario, String... more) {
    return CliRun.of(CliRun.concat(new String[] {"advise", "--scenario", scenario.toString(), "--out",
        dir.resolve("out").toString(), "--quiet"}, more));
  }

  @Test
  void advise_policyMeetsTheConstraints_exitsZeroAndWritesTheReport() {
    CliRun run = advise(burst);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("objective: min attempts subject to completion<=20s", "recommended: ", "Java:",
        "Spring Boot (application.properties):", "backoff exec --strategy ", "wrote ");
    for (String file : List.of("report.html", "candidates.csv", "search.csv", "pareto.png")) {
      assertThat(dir.resolve("out").resolve(file)).isNotEmptyFile();
    }
  }

  @Test
  void advise_nothingMeetsTheConstraints_exitsOneNamingTheBindingConstraint() {
    CliRun run = advise(burst, "--constraint", "completion<=1ms");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).containsPattern("no candidate meets the constraints:\n  completion<=1ms: best [0-9.]+ m?s, "
        + "[0-9]+ % over\n");
  }

  @Test
  void advise_badScenario_oneLineAndExitTwo() {
    List<String[]> cases = List.of(
        new String[] {"advise", "--scenario", dir.resolve("missing.properties").toString()},
        new String[] {"advise", "--scenario", steady.toString(), "--capacity", "-5"},
        new String[] {"advise", "--scenario", steady.toString(), "--objective", "min happiness"},
        new String[] {"advise", "--scenario", steady.toString(), "--constraint", "lost<=lots"},
        new String[] {"advise", "--scenario", burst.toString(), "--rate", "10"},
        new String[] {"advise", "--scenario", steady.toString(), "--set", "colour=blue"},
        new String[] {"advise"});
    List<String> expected = List.of(
        "backoff advise: scenario: no such file: " + dir.resolve("missing.properties"),
        "backoff advise: service.capacity: must be in (0, 10000000]: -5",
        "backoff advise: objective: unknown metric 'happiness' for a steady scenario (known: attempts, "
            + "amplification, lost, completion_mean, completion_p50, completion_p99, recovery, throttled, "
            + "max_attempts)",
        "backoff advise: constraints: lost: \"lots\" is not a percentage: write a percentage such as 50%, 2.5% or "
            + "0.1%; 0 needs no sign in 'lost<=lots'",
        "backoff advise: clients.rate: does not apply to clients.arrival=burst (it applies to steady)",
        "backoff advise: colour: unknown key (known: clients.arrival,",
        "backoff advise: Missing required option: '--scenario=FILE'");
    for (int i = 0; i < cases.size(); i++) {
      CliRun run = CliRun.of(cases.get(i));
      assertThat(run.exitCode()).as(Arrays.toString(cases.get(i))).isEqualTo(2);
      assertThat(run.errLines()).as(Arrays.toString(cases.get(i))).hasSize(1);
      assertThat(run.err()).startsWith(expected.get(i)).contains("(see 'backoff advise --help')");
    }
  }

  @Test
  void advise_overrides_reachTheScenario() {
    CommandLine commandLine = BackoffCommand.commandLine();
    ParseResult parsed = commandLine.parseArgs("advise", "--scenario", steady.toString(), "--rate", "120",
        "--capacity", "300", "--objective", "min completion_p99", "--constraint", "lost<=1%", "--constraint",
        "amplification<=1.2", "--set", "service.queue=50");
    AdviseCommand advise = (AdviseCommand) parsed.subcommand().commandSpec().userObject();
    var scenario = advise.scenario();
    assertThat(scenario.rate()).isEqualTo(120);
    assertThat(scenario.capacity()).isEqualTo(300);
    assertThat(scenario.queue()).isEqualTo(50);
    assertThat(scenario.objective().toString())
        .isEqualTo("min completion_p99 subject to lost<=1%, amplification<=1.2");
  }

  static List<Candidate> candidates() {
    return List.of(
        Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, "token-bucket"),
        Candidate.of("equal-jitter", Duration.ofMillis(1500), Duration.ofMinutes(1), 1.5, 3, "none"),
        Candidate.of("exponential", Duration.ofMillis(20), Duration.ofSeconds(20), 2, 3, "retry-quota"),
        Candidate.of("decorrelated-jitter", Duration.ofMillis(100), Duration.ofSeconds(10), 2, 5, "ratio"),
        Candidate.of("constant", Duration.ofMillis(200), null, 2, 2, "none"),
        Candidate.preset("aws-sdk-2026", true, "adaptive"),
        Candidate.preset("google-drive", true, "none"));
  }

  @Test
  void execFlags_parseAsTheSamePolicy() {
    for (Candidate c : candidates()) {
      List<String> args = new ArrayList<>(List.of("exec"));
      args.addAll(List.of(c.execFlags().split(" ")));
      args.addAll(List.of("--", "true"));
      ParseResult parsed = BackoffCommand.commandLine().parseArgs(args.toArray(String[]::new));
      ExecCommand exec = (ExecCommand) parsed.subcommand().commandSpec().userObject();
      ExecCommand.Settings settings = exec.settings();
      assertThat(delays(settings.strategy.backoff)).as(c.execFlags()).containsExactly(delays(c.backoff()));
      assertThat(settings.maxAttempts).as(c.execFlags()).isEqualTo(c.maxAttempts());
    }
  }

  @Test
  void simulateOptions_runTheSameStrategyInTheSimulator() {
    for (Candidate c : candidates()) {
      if (c.simulateOptions().isEmpty()) {
        continue;
      }
      Map<String, String> options = new LinkedHashMap<>();
      String[] words = c.simulateOptions().get().split(" ");
      for (int i = 0; i < words.length; i += 2) {
        options.put(words[i].substring(2), words[i + 1]);
      }
      String name = options.get("strategies");
      Map<String, String> common = new LinkedHashMap<>(options);
      common.remove("max-attempts");
      common.remove("policies");
      // what simulate does with its common options (SimulateCommand.settings, then the model's builder)
      OverloadConfig config = OverloadConfig.builder().common(Settings.of(common), SimulateCommand::extra)
          .maxAttempts(Integer.parseInt(options.get("max-attempts"))).policies(options.get("policies")).build();
      assertThat(delays(config.backoff(name))).as(c.simulateOptions().get()).containsExactly(delays(c.backoff()));
    }
    Candidate c = candidates().get(0);
    List<String> args = new ArrayList<>(List.of("simulate"));
    args.addAll(List.of(("--model overload --rate 100 --capacity 150 --horizon 10s --outage-start 2s "
        + "--outage-length 2s " + c.simulateOptions().get()).split(" ")));
    args.addAll(List.of("--runs", "1", "--quiet", "--out", dir.resolve("sim").toString()));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
  }

  private static long[] delays(Backoff backoff) {
    long[] d = new long[10];
    long previous = 0;
    for (int r = 1; r <= d.length; r++) {
      d[r - 1] = backoff.delayNanos(r, previous, new SplittableRandom(r));
      previous = d[r - 1];
    }
    return d;
  }
}
