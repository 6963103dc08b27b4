package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.sim.ModelRegistry;
import io.github.backoff.sim.hedging.HedgingConfig;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Study;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code backoff simulate}'s help tells the truth for every model: each "Default X" an option's help states (or
 * the per-model value in its parentheses, "Default 100 (overload: 5)") is what the model resolves when the option
 * is left out. Compared on the study the command builds ({@link SimulateCommand#study()}), so nothing is run.
 */
class SimulateHelpDefaultsTest {
  /** "Default X", then optionally " (model: Y, model: Z)". */
  private static final Pattern DEFAULT =
      Pattern.compile("\\bDefault ([^\\s(]+?)[.,]?(?: \\(([^)]*)\\))?[.,]?(?=\\s|$)");
  private static final List<String> MODELS = ModelRegistry.defaults().names();

  /** Per option with a stated default: the value per model, the per-model parentheses applied. */
  private static Map<String, Map<String, String>> stated() {
    HelpDefaultsTest.stated("simulate"); // every description is shown in the help as written
    Map<String, Map<String, String>> defaults = new LinkedHashMap<>();
    for (OptionSpec option : BackoffCommand.commandLine().getSubcommands().get("simulate").getCommandSpec()
        .options()) {
      Matcher m = DEFAULT.matcher(String.join(" ", option.description()));
      if (!m.find()) {
        continue;
      }
      Map<String, String> perModel = new LinkedHashMap<>();
      MODELS.forEach(model -> perModel.put(model, m.group(1)));
      if (m.group(2) != null) {
        for (String item : m.group(2).split(",")) {
          String[] modelValue = item.strip().split(":\\s*", 2);
          assertThat(MODELS).as("%s: per-model default '%s' names a model", option.longestName(), item)
              .contains(modelValue[0]);
          perModel.put(modelValue[0], modelValue[1].strip());
        }
      }
      defaults.put(option.longestName(), perModel);
    }
    return defaults;
  }

  /** The study {@code simulate ARGS} would run, described in full (every resolved setting). */
  static String study(List<String> args) {
    List<String> all = new ArrayList<>(List.of("simulate"));
    all.addAll(args);
    CommandLine.ParseResult parsed = BackoffCommand.commandLine().parseArgs(all.toArray(String[]::new));
    Study s = ((SimulateCommand) parsed.subcommand().commandSpec().userObject()).study();
    StringBuilder b = new StringBuilder().append("model=").append(s.model()).append(" runs=").append(s.runs())
        .append(" threads=").append(s.threads()).append(" out=").append(s.out()).append(" series=")
        .append(s.seriesName()).append(" x=").append(s.xName()).append(" buckets=").append(s.buckets())
        .append(" batch=").append(s.batch()).append("\npoints=").append(s.points()).append("\nmetrics=")
        .append(s.metrics()).append("\ncost=");
    for (int p = 0; p < s.points().size(); p++) {
      b.append(s.cost(p)).append(' ');
    }
    for (String[] row : s.parameterRows()) {
      b.append('\n').append(String.join(" = ", row));
    }
    return b.toString();
  }

  private static List<String> with(String model, String... more) {
    List<String> args = new ArrayList<>(List.of("--model", model));
    args.addAll(List.of(more));
    return args;
  }

  @Test
  void simulate_helpStatesPerModelDefaults() {
    Map<String, Map<String, String>> defaults = stated();
    assertThat(defaults.get("--runs")).containsEntry("occ", "100").containsEntry("single-server", "100")
        .containsEntry("overload", "5").containsEntry("hedging", "3");
    assertThat(defaults.get("--cap")).containsEntry("occ", "2000ms").containsEntry("overload", "2000ms");
    assertThat(defaults).doesNotContainKey("--base"); // stated in words: it differs per strategy
    assertThat(defaults).containsKeys("--model", "--seed", "--cap", "--out", "--clients", "--rate", "--capacity",
        "--queue", "--timeout", "--outage-start", "--outage-length", "--outage-capacity", "--horizon",
        "--max-attempts", "--server", "--load", "--servers", "--requests", "--hedge-delay", "--hedge-percentile",
        "--max-hedges", "--hedge-budget");
  }

  @Test
  void simulate_everyStatedDefault_isTheDefaultEachModelUses() {
    Map<String, Map<String, String>> defaults = stated();
    Set<String> compared = new LinkedHashSet<>();
    for (String model : MODELS) {
      for (Map.Entry<String, Map<String, String>> d : defaults.entrySet()) {
        String option = d.getKey();
        String value = d.getValue().get(model);
        List<String> plain = option.equals("--model") ? new ArrayList<>() : with(model);
        String without = study(plain);
        List<String> explicit = new ArrayList<>(plain);
        explicit.addAll(List.of(option, value));
        String withOption;
        try {
          withOption = study(explicit);
        } catch (IllegalArgumentException refused) {
          // Only an option of other models may be refused; a refused value would be a lying default.
          assertThat(refused.getMessage()).as("%s %s %s", model, option, value)
              .containsAnyOf("applies to --model", "does not apply to --model");
          continue;
        }
        assertThat(withOption).as("--model %s: the stated default %s %s", model, option, value).isEqualTo(without);
        compared.add(model + " " + option);
      }
    }
    // Every model's own parameters with a stated default were compared, and the common ones where they apply.
    for (String model : MODELS) {
      for (Parameter p : ModelRegistry.defaults().get(model).parameters()) {
        if (defaults.containsKey("--" + p.name())) {
          assertThat(compared).contains(model + " --" + p.name());
        }
      }
      assertThat(compared).contains(model + " --runs", model + " --seed", model + " --out", model + " --model");
      if (!model.equals("hedging")) {
        assertThat(compared).contains(model + " --cap");
      }
    }
  }

  @Test
  void simulate_defaultsStatedInWords_areTheDefaultsUsed() {
    Map<String, String> help = new LinkedHashMap<>();
    for (OptionSpec option : BackoffCommand.commandLine().getSubcommands().get("simulate").getCommandSpec()
        .options()) {
      help.put(option.longestName(), String.join(" ", option.description()));
    }
    // --strategies: "Default: the study's five (overload: full-jitter)"; hedging takes none.
    assertThat(help.get("--strategies")).contains("Default: the study's five (overload: full-jitter).");
    String five = "none,exponential,full-jitter,equal-jitter,decorrelated-jitter";
    for (String model : List.of("occ", "single-server")) {
      assertThat(study(with(model, "--strategies", five))).isEqualTo(study(with(model)));
    }
    assertThat(study(with("overload", "--strategies", "full-jitter"))).isEqualTo(study(with("overload")));
    assertThatThrownBy(() -> study(with("hedging", "--strategies", "full-jitter")))
        .hasMessageContaining("does not apply to --model hedging");

    // --threads: "Default: all cores", every model.
    assertThat(help.get("--threads")).contains("Default: all cores.");
    String cores = Integer.toString(Runtime.getRuntime().availableProcessors());
    for (String model : MODELS) {
      assertThat(study(with(model, "--threads", cores))).as(model).isEqualTo(study(with(model)));
    }

    // --policies: "Default: the first five" of the list the help gives.
    assertThat(help.get("--policies"))
        .contains("no-retry, retries, token-bucket, retry-quota, ratio, retry-quota-2026, adaptive, "
            + "adaptive-nonreserving. Default: the first five.");
    assertThat(study(with("overload", "--policies", "no-retry,retries,token-bucket,retry-quota,ratio")))
        .isEqualTo(study(with("overload")));

    // --modes: "Default: all four".
    assertThat(help.get("--modes")).contains("none, fixed, percentile, budgeted. Default: all four.");
    assertThat(study(with("hedging", "--modes", "none,fixed,percentile,budgeted")))
        .isEqualTo(study(with("hedging")));

    // --throttle-rate: "Default: --capacity", at the default capacity and at a given one.
    assertThat(help.get("--throttle-rate")).contains("Default: --capacity.");
    assertThat(study(with("overload", "--server", "throttling", "--throttle-rate", "1000")))
        .isEqualTo(study(with("overload", "--server", "throttling")));
    assertThat(study(with("overload", "--server", "throttling", "--capacity", "600", "--throttle-rate", "600")))
        .isEqualTo(study(with("overload", "--server", "throttling", "--capacity", "600")))
        .isNotEqualTo(study(with("overload", "--server", "throttling", "--capacity", "600", "--throttle-rate",
            "1000")));
  }

  /**
   * The one stated default that is rounded: hedging's "Default 25.48, the p95 of an attempt" is the attempt time's
   * p95 (25.4842... ms) to the two decimals the help and the report rows ("25.48 ms") show; {@code --hedge-delay
   * 25.48} is that value so rounded, not bit for bit the default.
   */
  @Test
  void hedgeDelay_statedDefault_isTheP95OfAnAttemptToTwoDecimals() {
    double p95 = HedgingConfig.defaults().latency().quantile(0.95);
    assertThat(HedgingConfig.defaults().fixedDelayMs()).isEqualTo(p95);
    assertThat(String.format(Locale.ROOT, "%.2fms", p95)).isEqualTo(stated().get("--hedge-delay").get("hedging"));
    assertThat(study(with("hedging", "--hedge-delay", "25.49ms"))).isNotEqualTo(study(with("hedging")));
  }

  /**
   * {@code --base} is stated in words: with none, the study's own first waits (exponential ones 10 ms,
   * decorrelated-jitter 5 ms; overload 100 ms and 50 ms), so one {@code --base} value cannot reproduce it.
   */
  @Test
  void base_statedInWords_isTheStudysFirstWaits() {
    String help = BackoffCommand.commandLine().getSubcommands().get("simulate").getCommandSpec()
        .findOption("--base").description()[0].replaceAll("\\s+", " ");
    assertThat(help).contains("Default: the study's, 10ms for the exponential strategies and 5ms for "
        + "decorrelated-jitter (overload: 100ms and 50ms).");
    io.github.backoff.sim.sweep.SimulationConfig occ = io.github.backoff.sim.sweep.SimulationConfig.defaults();
    assertThat(occ.base()).isEqualTo(10);
    assertThat(occ.decorrelatedBase()).isEqualTo(5);
    io.github.backoff.sim.overload.OverloadConfig overload = io.github.backoff.sim.overload.OverloadConfig.defaults();
    assertThat(overload.base()).isEqualTo(100);
    assertThat(overload.decorrelatedBase()).isEqualTo(50);
  }

  @Test
  void study_describesWhatChanges_soTheComparisonsCanFail() {
    for (String model : MODELS) {
      assertThat(study(with(model, "--seed", "43"))).as(model).isNotEqualTo(study(with(model)));
      assertThat(study(with(model, "--runs", "2"))).as(model).isNotEqualTo(study(with(model)));
    }
    assertThat(study(with("overload", "--timeout", "2s"))).isNotEqualTo(study(with("overload")));
    assertThat(study(with("overload", "--base", "51ms"))).isNotEqualTo(study(with("overload")));
    assertThat(study(with("hedging", "--hedge-delay", "30ms"))).isNotEqualTo(study(with("hedging")));
    assertThat(study(with("hedging", "--server-cancels"))).isNotEqualTo(study(with("hedging")));
    assertThat(study(with("occ", "--clients", "10..180:10"))).isNotEqualTo(study(with("occ")));
    assertThat(study(with("single-server"))).isNotEqualTo(study(with("occ")));
  }
}
