package io.github.backoff.cli;

import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSchedule;
import io.github.backoff.strategy.BackoffSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code backoff schedule STRATEGY [options]}: the delay table, raw samples or chart of a strategy or preset.
 * Parsing and wiring only: the strategy comes from {@link BackoffSpec} or {@link Preset}, the numbers from
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
        "Strategies: none, constant, linear, exponential, full-jitter, equal-jitter, decorrelated-jitter, "
            + "decorrelated-jitter-v2, randomized, additive.",
        "Presets: google-http-client, google-drive, aws-simpledb, aws-sdk-standard, aws-sdk-legacy, ethernet, "
            + "truncated-binary (takes --truncate-after and --cap).",
        "Durations: 250ms, 1.5s, 2m, 500us, 10ns, 1h or ISO-8601 (PT1S)."},
    footer = {"", "Examples:",
        "  backoff schedule google-drive",
        "  backoff schedule full-jitter --base 100ms --cap 20s",
        "  backoff schedule ethernet --format csv --samples 1000 --seed 7",
        "  backoff schedule decorrelated-jitter --cap 10s --chart dj.png"})
final class ScheduleCommand implements Callable<Integer> {
  static final int DEFAULT_ATTEMPTS = 10;

  enum Format { TABLE, CSV, JSON }

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "STRATEGY", description = "A strategy or preset name (see above).")
  String strategy;

  @Option(names = "--base", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "The first wait (the median first wait for decorrelated-jitter-v2). Default 100ms.")
  Duration base;

  @Option(names = "--cap", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "The largest wait. Default: none (20s for the decorrelated jitters).")
  Duration cap;

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
      description = "For presets with a separate strategy for throttling errors (aws-sdk-*): show that one.")
  boolean throttling;

  @Option(names = "--attempts", paramLabel = "N",
      description = "Retries per sequence (table rows). Default 10, or the preset's own limit.")
  Integer attempts;

  @Option(names = "--samples", paramLabel = "S", defaultValue = "1000",
      description = "Sequences sampled. Default ${DEFAULT-VALUE}.")
  int samples;

  @Option(names = "--seed", paramLabel = "X", description = "Seed of the random draws, for reproducible output.")
  Long seed;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "table (default): one row per retry; csv: the raw samples, header retry,delay_ms; json: the table.")
  Format format;

  @Option(names = "--chart", paramLabel = "FILE.png",
      description = "Also write a PNG chart of the waits per retry: min..max band, median, p90 and samples.")
  Path chart;

  @Override
  public Integer call() throws IOException {
    Subject subject = subject();
    int retries = attempts != null ? attempts : subject.defaultRetries;
    requirePositive(retries, "--attempts");
    requirePositive(samples, "--samples");
    if ((long) retries * samples > BackoffSchedule.MAX_TOTAL_SAMPLES) {
      throw usage("--attempts x --samples must be <= " + BackoffSchedule.MAX_TOTAL_SAMPLES + ": " + retries
          + " x " + samples);
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
        throw usage("cannot write --chart file " + chart + ": " + e.getMessage());
      }
      if (format == Format.TABLE) {
        out.println();
        out.println("chart: " + chart);
      }
    }
    out.flush();
    return BackoffCommand.OK;
  }

  /** What is being scheduled: a preset or a core strategy, with a description for the output. */
  private static final class Subject {
    final String name;
    final String description;
    final Backoff backoff;
    final int defaultRetries;

    Subject(String name, String description, Backoff backoff, int defaultRetries) {
      this.name = name;
      this.description = description;
      this.backoff = backoff;
      this.defaultRetries = defaultRetries;
    }
  }

  private Subject subject() {
    if (Preset.names().contains(strategy)) {
      return presetSubject();
    }
    if (!BackoffSpec.isKnown(strategy)) {
      throw usage("unknown strategy '" + strategy + "': expected one of " + String.join(", ", BackoffSpec.NAMES)
          + ", or a preset: " + String.join(", ", Preset.names()));
    }
    if (throttling) {
      throw usage("--throttling applies only to presets with a throttling strategy (aws-sdk-standard, aws-sdk-legacy)");
    }
    BackoffSpec s = BackoffSpec.of(strategy);
    if (base != null) {
      s = s.withBase(base);
    }
    if (cap != null) {
      s = s.withCap(cap);
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
    return new Subject(strategy, backoff.toString(), backoff, DEFAULT_ATTEMPTS);
  }

  private Subject presetSubject() {
    boolean parameterised = strategy.equals("truncated-binary");
    List<String> notApplicable = new ArrayList<>();
    addIf(notApplicable, base != null, "--base");
    addIf(notApplicable, cap != null && !parameterised, "--cap");
    addIf(notApplicable, multiplier != null, "--multiplier");
    addIf(notApplicable, step != null, "--step");
    addIf(notApplicable, factor != null, "--factor");
    addIf(notApplicable, jitter != null, "--jitter");
    addIf(notApplicable, truncateAfter != null && !parameterised, "--truncate-after");
    if (!notApplicable.isEmpty()) {
      throw usage(String.join(", ", notApplicable) + " does not apply to preset " + strategy
          + (parameterised ? " (it takes --truncate-after and --cap)" : " (presets are fixed; use a strategy name to vary it)"));
    }
    Preset preset = parameterised
        ? Preset.truncatedBinary(truncateAfter != null ? truncateAfter : Preset.DEFAULT_TRUNCATE_AFTER,
            cap != null ? cap : Preset.DEFAULT_TRUNCATED_BINARY_CAP)
        : Preset.byName(strategy);
    Backoff backoff = preset.backoff();
    String description = preset.summary();
    if (throttling) {
      backoff = preset.throttlingBackoff().orElseThrow(() -> usage("--throttling: preset " + strategy
          + " has no separate throttling strategy (only aws-sdk-standard and aws-sdk-legacy do)"));
      description += "; throttling errors";
    }
    int retries = preset.maxAttempts() == Integer.MAX_VALUE ? DEFAULT_ATTEMPTS : preset.maxAttempts() - 1;
    return new Subject(strategy, description + " = " + backoff, backoff, Math.max(1, retries));
  }

  private static void addIf(List<String> list, boolean condition, String option) {
    if (condition) {
      list.add(option);
    }
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
