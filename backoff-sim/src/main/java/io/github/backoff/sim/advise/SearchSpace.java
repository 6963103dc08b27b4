package io.github.backoff.sim.advise;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.NameSuggester;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.BackoffSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The candidates a scenario's {@code search.*} keys describe: the grid (families × bases × caps × multipliers ×
 * attempt limits × budgets) and the references shown beside it (the core presets as they are, and the folklore
 * defaults: the AWS SDKs with their quotas, plain full jitter with 3 attempts, gRPC's throttling). Immutable.
 */
final class SearchSpace {
  static final List<String> STRATEGIES = List.of("full-jitter", "equal-jitter", "decorrelated-jitter", "exponential");

  final List<Candidate> grid;
  final List<Candidate> references;
  final int reps;
  final int maxReps;
  final int finalReps;
  final int finalists;

  private SearchSpace(List<Candidate> grid, List<Candidate> references, int reps, int maxReps, int finalReps,
      int finalists) {
    this.grid = List.copyOf(grid);
    this.references = List.copyOf(references);
    this.reps = reps;
    this.maxReps = maxReps;
    this.finalReps = finalReps;
    this.finalists = finalists;
  }

  static SearchSpace of(Scenario s) {
    Map<String, String> v = s.values();
    boolean burst = s.isBurst();
    List<String> strategies = list(v, "search.strategies", STRATEGIES);
    for (String name : strategies) {
      if (!BackoffSpec.isKnown(name)) {
        throw new InvalidParameterException("search.strategies", name, "search.strategies: unknown strategy '"
            + name + "'" + NameSuggester.didYouMean(name, BackoffSpec.NAMES) + " (known: " + String.join(", ", BackoffSpec.NAMES) + ")");
      }
    }
    List<Duration> bases = durations(v, "search.bases", burst ? "5ms,10ms,25ms,50ms,100ms,200ms" : "50ms,500ms");
    List<Duration> caps = durations(v, "search.caps", burst ? "250ms,500ms,1s,2s,10s" : "2s,20s");
    List<Double> multipliers = new ArrayList<>();
    for (String m : list(v, "search.multipliers", burst ? List.of("1.5", "2", "3") : List.of("2"))) {
      double d = parse("search.multipliers", m);
      if (!(d >= 1 && d <= 100)) {
        throw new InvalidParameterException("search.multipliers", m,
            "search.multipliers: must be in [1, 100]: " + m);
      }
      multipliers.add(d);
    }
    List<Integer> attempts = new ArrayList<>();
    List<String> budgets = new ArrayList<>();
    if (burst) {
      for (String key : List.of("search.max_attempts", "search.budgets")) {
        if (v.containsKey(key)) {
          throw new InvalidParameterException(key, v.get(key), key
              + ": does not apply to clients.arrival=burst (its clients retry until they succeed)");
        }
      }
      attempts.add(0);
      budgets.add(Candidate.NO_BUDGET);
    } else {
      for (String a : list(v, "search.max_attempts", List.of("2", "3", "5"))) {
        attempts.add(whole("search.max_attempts", a, 1, 100));
      }
      // The adaptive limiter reacts to throttling only: on a queueing server it is the 2026 quota again.
      budgets.addAll(list(v, "search.budgets", s.failure().equals("throttling") ? Candidate.BUDGETS
          : Candidate.BUDGETS.subList(0, Candidate.BUDGETS.size() - 1)));
      for (String b : budgets) {
        if (!Candidate.BUDGETS.contains(b)) {
          throw new InvalidParameterException("search.budgets", b, "search.budgets: unknown budget '" + b
              + "'" + NameSuggester.didYouMean(b, Candidate.BUDGETS) + " (known: " + String.join(", ", Candidate.BUDGETS) + ")");
        }
      }
    }
    Set<Candidate> grid = new LinkedHashSet<>();
    for (String family : strategies) {
      for (Duration base : family.equals("none") ? List.of(Duration.ZERO) : bases) {
        for (Duration cap : caps) {
          if (cap.compareTo(base) < 0) {
            continue;
          }
          for (double m : multipliers) {
            for (int a : attempts) {
              for (String b : budgets) {
                if (a == 1 && !b.equals(Candidate.NO_BUDGET)) {
                  continue; // one attempt: no retry for a budget to limit
                }
                grid.add(Candidate.of(family, base, cap, m, a, b));
              }
            }
          }
        }
      }
    }
    List<Candidate> all = new ArrayList<>(grid);
    int max = whole("search.candidates", v.getOrDefault("search.candidates", Integer.toString(all.size())), 1,
        1_000_000);
    if (all.size() > max) {
      List<Candidate> spread = new ArrayList<>();
      for (int i = 0; i < max; i++) {
        spread.add(all.get((int) ((long) i * all.size() / max)));
      }
      all = spread;
    }
    // A steady run costs a hundred times a burst's: its first round halves on one seed, common to all candidates.
    int reps = whole("search.reps", v.getOrDefault("search.reps", burst ? "2" : "1"), 1, 100);
    int maxReps = whole("search.max_reps", v.getOrDefault("search.max_reps", burst ? "16" : "8"), 1, 1000);
    if (maxReps < reps) {
      throw new InvalidParameterException("search.max_reps", maxReps, "search.max_reps: must be >= search.reps: "
          + maxReps + " < " + reps);
    }
    int finalReps = whole("search.final_reps", v.getOrDefault("search.final_reps", "10"), 2, 1000);
    int finalists = whole("search.finalists", v.getOrDefault("search.finalists", "4"), 1, 100);
    return new SearchSpace(all, references(v, burst), reps, maxReps, finalReps, finalists);
  }

  private static List<Candidate> references(Map<String, String> v, boolean burst) {
    String given = v.getOrDefault("search.presets", "all").strip();
    List<String> names;
    if (given.equals("none")) {
      names = List.of();
    } else if (given.equals("all")) {
      names = Preset.names();
    } else {
      names = list(v, "search.presets", List.of());
      for (String n : names) {
        if (!Preset.names().contains(n)) {
          throw new InvalidParameterException("search.presets", n, "search.presets: unknown preset '" + n
              + "'" + NameSuggester.didYouMean(n, Preset.names()) + " (known: all, none, " + String.join(", ", Preset.names()) + ")");
        }
      }
    }
    List<Candidate> refs = new ArrayList<>();
    for (String n : names) {
      refs.add(Candidate.preset(n, !burst, Candidate.NO_BUDGET));
    }
    if (given.equals("all")) {
      if (burst) {
        // The AWS study's full jitter: exponential from 10 ms (study base 5), doubling, capped at 2 s.
        refs.add(Candidate.of("full-jitter", Duration.ofMillis(10), Duration.ofSeconds(2), 2, 0,
            Candidate.NO_BUDGET));
      } else {
        refs.add(Candidate.preset("aws-sdk-standard", true, "retry-quota"));
        refs.add(Candidate.preset("aws-sdk-2026", true, "retry-quota-2026"));
        refs.add(Candidate.preset("aws-sdk-2026", true, "adaptive"));
        // "Just use full jitter", at most 3 attempts (the SRE book).
        refs.add(Candidate.of("full-jitter", Duration.ofMillis(100), Duration.ofSeconds(20), 2, 3,
            Candidate.NO_BUDGET));
        // gRPC retry throttling with its retry policy's at most 5 attempts.
        refs.add(Candidate.of("full-jitter", Duration.ofMillis(100), Duration.ofSeconds(1), 2, 5, "token-bucket"));
      }
    }
    return refs;
  }

  private static List<String> list(Map<String, String> v, String key, List<String> otherwise) {
    String text = v.get(key);
    if (text == null) {
      return otherwise;
    }
    List<String> out = new ArrayList<>();
    for (String part : text.split(",")) {
      if (!part.isBlank()) {
        out.add(part.strip());
      }
    }
    if (out.isEmpty()) {
      throw new InvalidParameterException(key, text, key + ": must not be empty");
    }
    return out;
  }

  private static List<Duration> durations(Map<String, String> v, String key, String otherwise) {
    List<Duration> out = new ArrayList<>();
    for (String d : list(v, key, List.of(otherwise.split(",")))) {
      Duration duration = Scenario.duration(key, d);
      if (duration.isZero()) {
        throw new InvalidParameterException(key, d, key + ": must be > 0: " + d);
      }
      out.add(duration);
    }
    return out;
  }

  private static double parse(String key, String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(key, text, key + ": not a number: '" + text + "'");
    }
  }

  private static int whole(String key, String text, int min, int max) {
    int n;
    try {
      n = Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(key, text, key + ": not a whole number: '" + text + "'");
    }
    if (n < min || n > max) {
      throw new InvalidParameterException(key, text, key + ": must be in [" + min + ", " + max + "]: " + text);
    }
    return n;
  }
}
