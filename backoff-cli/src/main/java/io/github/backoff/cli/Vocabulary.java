package io.github.backoff.cli;

import io.github.backoff.DurationSpec;
import io.github.backoff.preset.Preset;
import io.github.backoff.sim.ModelRegistry;
import io.github.backoff.strategy.BackoffSpec;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The words every command shares, taken from the registries so that help, man pages, completion and the docs tables
 * cannot drift from what the commands accept: strategy names ({@link BackoffSpec#NAMES}), preset names
 * ({@link Preset#names()}), the simulator's models ({@link ModelRegistry}), the duration forms, the output formats.
 *
 * <p>Command descriptions say {@value #STRATEGIES_TOKEN} and {@value #PRESETS_TOKEN} where the lists go;
 * {@link #fill(CommandLine)} puts them in when the command line is built. Options list them through picocli's
 * {@code completionCandidates} ({@link StrategyNames}), which also feed the completion scripts.
 *
 * <p>Stateless.
 */
final class Vocabulary {
  /** Where a command's description lists the strategies. */
  static final String STRATEGIES_TOKEN = "@STRATEGIES@";
  /** Where a command's description lists the presets. */
  static final String PRESETS_TOKEN = "@PRESETS@";
  /** Where a command's description lists the simulator's models. */
  static final String MODELS_TOKEN = "@MODELS@";
  /** The forms every duration option takes, in every command (one converter: {@link DurationConverter}). */
  static final String DURATIONS = "Durations: " + DurationSpec.FORMS + "; a bare number is refused (see docs/cli.md).";

  private Vocabulary() {}

  /** The core strategies, comma-separated, in their documented order. */
  static String strategies() {
    return String.join(", ", BackoffSpec.NAMES);
  }

  /** The simulator's models ({@link ModelRegistry#defaults()}), comma-separated, in registration order. */
  static String models() {
    return String.join(", ", ModelRegistry.defaults().names());
  }

  /** The presets, comma-separated, each parameterised one with what it takes: "truncated-binary (takes ...)". */
  static String presets() {
    return Preset.names().stream().map(name -> {
      List<String> takes = Preset.parametersOf(name);
      return takes.isEmpty() ? name : name + " (takes " + takes.stream().map(t -> "--" + t)
          .collect(Collectors.joining(" and ")) + ")";
    }).collect(Collectors.joining(", "));
  }

  /** Every name a STRATEGY or {@code --strategy} takes: the strategies, then the presets. */
  static List<String> strategyAndPresetNames() {
    List<String> names = new ArrayList<>(BackoffSpec.NAMES);
    names.addAll(Preset.names());
    return List.copyOf(names);
  }

  /** Strategy and preset names, for {@code completionCandidates}: help and completion list them. */
  static final class StrategyNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return strategyAndPresetNames().iterator();
    }
  }

  /** {@code schedule --format} values, in lower case as users type them. */
  static final class FormatNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("table", "csv", "json").iterator();
    }
  }

  /** Puts the registries' lists into the descriptions of {@code commandLine} and all its sub-commands. */
  static CommandLine fill(CommandLine commandLine) {
    CommandSpec spec = commandLine.getCommandSpec();
    String[] description = spec.usageMessage().description();
    String[] filled = new String[description.length];
    for (int i = 0; i < description.length; i++) {
      filled[i] = description[i].replace(STRATEGIES_TOKEN, strategies()).replace(PRESETS_TOKEN, presets())
          .replace(MODELS_TOKEN, models());
    }
    spec.usageMessage().description(filled);
    commandLine.getSubcommands().values().forEach(Vocabulary::fill);
    return commandLine;
  }
}
