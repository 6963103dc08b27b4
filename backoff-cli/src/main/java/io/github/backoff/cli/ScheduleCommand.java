package io.github.backoff.cli;

import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSchedule;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code backoff schedule STRATEGY [options]}: the delay table, raw samples or chart of a strategy or preset.
 * Parsing and wiring only: the strategy comes from {@link StrategyOptions} (core {@code BackoffSpec} or {@code Preset}), the numbers from
 * {@link BackoffSchedule}, the output from {@link ScheduleReport} and {@link ScheduleChart}.
 *
 * <p>Not thread-safe: picocli fills the fields, one instance per run.
 */
@Command(name = "schedule",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Shows the waits of a backoff strategy or preset, retry by retry: theoretical min and max, median and 90th "
            + "percentile of sampled sequences, worst-case total wait.",
        "",
        "Strategies: " + Vocabulary.STRATEGIES_TOKEN + ".",
        "Presets: " + Vocabulary.PRESETS_TOKEN + ".",
        Vocabulary.DURATIONS},
    footer = {"", "Examples:",
        "  backoff schedule google-drive",
        "  backoff schedule full-jitter --base 100ms --cap 20s",
        "  backoff schedule ethernet --format csv --samples 1000 --seed 7",
        "  backoff schedule decorrelated-jitter --cap 10s --chart dj.png"})
final class ScheduleCommand implements Callable<Integer> {
  /** The retries a table shows by default: ten, that is eleven attempts. */
  static final int DEFAULT_ATTEMPTS = 10;

  enum Format { TABLE, CSV, JSON }

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "STRATEGY", completionCandidates = Vocabulary.StrategyNames.class,
      description = "A strategy or preset name (see above).")
  String strategy;

  @Option(names = "--base", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "The first wait (the median first wait for decorrelated-jitter-v2). Default 100ms.")
  Duration base;

  @Option(names = "--cap", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "The largest wait. Default: none (20s for the decorrelated jitters).")
  Duration cap;

  @Mixin
  StrategyOptions options = new StrategyOptions();

  @Option(names = "--max-attempts", paramLabel = "N",
      description = "Attempts in all, the first included, as exec --max-attempts counts them: the table shows the "
          + "N-1 waits between them. Default 11, or the preset's own limit.")
  Integer maxAttempts;

  @Option(names = "--samples", paramLabel = "S", defaultValue = "1000",
      description = "Sequences sampled. Default ${DEFAULT-VALUE}.")
  int samples;

  @Option(names = "--seed", paramLabel = "X", description = "Seed of the random draws, for reproducible output.")
  Long seed;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      completionCandidates = Vocabulary.FormatNames.class,
      description = "table (default): one row per retry; csv: the raw samples, header retry,delay_ms; json: the table.")
  Format format;

  @Option(names = "--chart", paramLabel = "FILE.png",
      description = "Also write a PNG chart of the waits per retry: min..max band, median, p90 and samples.")
  Path chart;

  @Override
  public Integer call() throws IOException {
    Subject subject = subject();
    int retries = retries(subject);
    requirePositive(samples, "--samples");
    if ((long) retries * samples > BackoffSchedule.MAX_TOTAL_SAMPLES) {
      throw usage("(--max-attempts - 1) x --samples must be <= " + BackoffSchedule.MAX_TOTAL_SAMPLES + ": "
          + retries + " x " + samples);
    }
    if (chart != null) {
      checkWritable(chart);
    }
    long usedSeed = seed != null ? seed : new SplittableRandom().nextLong();
    BackoffSchedule schedule = BackoffSchedule.of(subject.backoff, retries, samples, new SplittableRandom(usedSeed));

    PrintWriter out = spec.commandLine().getOut();
    switch (format) {
      case CSV:
        ScheduleReport.csv(schedule, out);
        break;
      case JSON:
        ScheduleReport.json(schedule, subject.name, subject.description, usedSeed, out);
        break;
      default:
        ScheduleReport.table(schedule, subject.name, subject.description, usedSeed, out);
    }
    if (chart != null) {
      try {
        Files.write(chart, ScheduleChart.png(schedule, subject.name, usedSeed));
      } catch (IOException e) {
        throw usage("cannot write --chart file " + chart + ": " + Errors.describe(e));
      }
      if (format == Format.TABLE) {
        out.println();
        out.println("chart: " + chart);
      }
    }
    out.flush();
    return BackoffCommand.OK;
  }

  /** What is being scheduled: a preset or a core strategy, with its default number of retries. */
  private static final class Subject {
    final String name;
    final String description;
    final Backoff backoff;
    final int defaultRetries;

    Subject(StrategyOptions.Resolved resolved) {
      this.name = resolved.name;
      this.description = resolved.description;
      this.backoff = resolved.backoff;
      int presetRetries = resolved.preset.map(p -> p.maxAttempts() == Integer.MAX_VALUE
          ? DEFAULT_ATTEMPTS : p.maxAttempts() - 1).orElse(DEFAULT_ATTEMPTS);
      this.defaultRetries = Math.max(1, presetRetries);
    }
  }

  private Subject subject() {
    return new Subject(options.resolve(strategy, spec, base, cap, null, null));
  }

  /** The retries (table rows): --max-attempts N shows N-1. */
  private int retries(Subject subject) {
    if (maxAttempts != null) {
      if (maxAttempts < 2) {
        throw usage("--max-attempts must be >= 2 (a wait comes between two attempts): " + maxAttempts);
      }
      return maxAttempts - 1;
    }
    return subject.defaultRetries;
  }

  private void requirePositive(int value, String option) {
    if (value < 1) {
      throw usage(option + " must be >= 1: " + value);
    }
  }

  /** Fails before any work if the chart cannot be written, so a long run is not wasted. */
  private void checkWritable(Path file) {
    Path absolute = file.toAbsolutePath();
    if (Files.isDirectory(absolute)) {
      throw usage("cannot write --chart file " + file + ": it is a directory");
    }
    Path parent = absolute.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw usage("cannot write --chart file " + file + ": directory " + parent + " does not exist");
    }
    if (!Files.isWritable(parent) || (Files.exists(absolute) && !Files.isWritable(absolute))) {
      throw usage("cannot write --chart file " + file + ": permission denied");
    }
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
