package io.github.backoff.cli;

import io.github.backoff.NameSuggester;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The strategy options shared by {@code schedule} and {@code exec} ({@code --multiplier}, {@code --step}, ...), and
 * how a strategy or preset name and these options become a {@link Backoff}: through {@link BackoffSpec} or
 * {@link Preset}, never re-implemented here. {@code --base} and {@code --cap} are each command's own options,
 * because their defaults differ ({@code exec} starts from 1 s, capped at 60 s), and help must say each command's.
 *
 * <p>A picocli mixin: not thread-safe, one instance per run.
 */
final class StrategyOptions {
  /** The presets with a separate strategy for throttling errors, for --throttling's messages. */
  static final String THROTTLING_PRESETS = Preset.all().stream().filter(p -> p.throttlingBackoff().isPresent())
      .map(Preset::name).collect(Collectors.joining(", "));

  @Option(names = "--multiplier", paramLabel = "X", description = "Growth per retry, >= 1. Default 2.")
  Double multiplier;

  @Option(names = "--step", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "Increment per retry of linear. Default: the base.")
  Duration step;

  @Option(names = "--factor", paramLabel = "F",
      description = "Randomization factor of randomized, in [0, 1]: t x U[1-F, 1+F]. Default 0.5.")
  Double factor;

  @Option(names = "--jitter", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "Largest amount additive adds: t + U[0, jitter]. Default: the base.")
  Duration jitter;

  @Option(names = "--truncate-after", paramLabel = "N", description = "Stop growing after N retries.")
  Integer truncateAfter;

  @Option(names = "--throttling",
      description = "For presets with a separate strategy for throttling errors (aws-sdk-*): use that one.")
  boolean throttling;

  /** A strategy or preset resolved from its name and the options. */
  static final class Resolved {
    final String name;
    final String description;
    final Backoff backoff;
    /** The preset, if the name was one. */
    final Optional<Preset> preset;

    Resolved(String name, String description, Backoff backoff, Optional<Preset> preset) {
      this.name = name;
      this.description = description;
      this.backoff = backoff;
      this.preset = preset;
    }
  }

  /**
   * Resolves {@code name} with {@code base} and {@code cap} as given on the command line (null: not given), and
   * {@code defaultBase} and {@code defaultCap} for a core strategy run without them (null: {@link BackoffSpec}'s
   * defaults).
   *
   * @throws ParameterException for an unknown name or options that do not apply (exit code 2)
   * @throws IllegalArgumentException from the core's validation of a parameter (exit code 2)
   */
  Resolved resolve(String name, CommandSpec spec, Duration base, Duration cap, Duration defaultBase,
      Duration defaultCap) {
    if (Preset.names().contains(name)) {
      return preset(name, spec, base, cap);
    }
    if (!BackoffSpec.isKnown(name)) {
      throw new ParameterException(spec.commandLine(), "unknown strategy '" + name + "'"
          + NameSuggester.didYouMean(name, Vocabulary.strategyAndPresetNames()) + ": expected one of "
          + String.join(", ", BackoffSpec.NAMES) + ", or a preset: " + String.join(", ", Preset.names()));
    }
    if (throttling) {
      throw new ParameterException(spec.commandLine(),
          "--throttling applies only to presets with a throttling strategy (" + THROTTLING_PRESETS + ")");
    }
    BackoffSpec s = BackoffSpec.of(name);
    Duration b = base != null ? base : defaultBase;
    if (b != null && !name.equals("none")) {
      s = s.withBase(b);
    }
    if (cap != null) {
      s = s.withCap(cap);
    } else if (defaultCap != null && !name.equals("none") && !name.equals("constant")
        && defaultCap.compareTo(b != null ? b : BackoffSpec.DEFAULT_BASE) >= 0) {
      // A command's default cap applies only where it makes sense: never below the user's own base.
      s = s.withCap(defaultCap);
    }
    if (multiplier != null) {
      s = s.withMultiplier(multiplier);
    }
    if (step != null) {
      s = s.withStep(step);
    }
    if (factor != null) {
      s = s.withFactor(factor);
    }
    if (jitter != null) {
      s = s.withJitter(jitter);
    }
    if (truncateAfter != null) {
      s = s.withTruncateAfter(truncateAfter);
    }
    Backoff backoff = s.toBackoff();
    return new Resolved(name, backoff.toString(), backoff, Optional.empty());
  }

  private Resolved preset(String name, CommandSpec spec, Duration base, Duration cap) {
    List<String> takes = Preset.parametersOf(name);
    List<String> notApplicable = new ArrayList<>();
    addIf(notApplicable, base != null && !takes.contains(Preset.BASE), "--base");
    addIf(notApplicable, cap != null && !takes.contains(Preset.CAP), "--cap");
    addIf(notApplicable, multiplier != null && !takes.contains(Preset.MULTIPLIER), "--multiplier");
    addIf(notApplicable, step != null, "--step");
    addIf(notApplicable, factor != null, "--factor");
    addIf(notApplicable, jitter != null, "--jitter");
    addIf(notApplicable, truncateAfter != null && !takes.contains(Preset.TRUNCATE_AFTER), "--truncate-after");
    if (!notApplicable.isEmpty()) {
      throw new ParameterException(spec.commandLine(), String.join(", ", notApplicable)
          + " does not apply to preset " + name + (takes.isEmpty()
              ? " (presets are fixed; use a strategy name to vary it)"
              : " (it takes " + takes.stream().map(t -> "--" + t).collect(Collectors.joining(" and ")) + ")"));
    }
    Map<String, Object> given = new LinkedHashMap<>();
    putIf(given, Preset.TRUNCATE_AFTER, truncateAfter);
    putIf(given, Preset.BASE, base);
    putIf(given, Preset.CAP, cap);
    putIf(given, Preset.MULTIPLIER, multiplier);
    Preset preset = Preset.byName(name, given);
    Backoff backoff = preset.backoff();
    String description = preset.summary();
    if (throttling) {
      backoff = preset.throttlingBackoff().orElseThrow(() -> new ParameterException(spec.commandLine(),
          "--throttling: preset " + name
              + " has no separate throttling strategy (only " + THROTTLING_PRESETS + " do)"));
      description += "; throttling errors";
    }
    return new Resolved(name, description + " = " + backoff, backoff, Optional.of(preset));
  }

  private static void putIf(Map<String, Object> map, String key, Object value) {
    if (value != null) {
      map.put(key, value);
    }
  }

  private static void addIf(List<String> list, boolean condition, String option) {
    if (condition) {
      list.add(option);
    }
  }
}
