package io.github.backoff;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The one "did you mean" for every name a user types: commands, options, strategy and preset names, scenario keys
 * and the starter's {@code backoff.*} properties. The closest name is found by Damerau-Levenshtein distance (a swap
 * of two neighbours is one edit), a name that starts with what was typed counts as close, and a name is suggested
 * only if it is within a third of its length (at least two edits). Names are compared ignoring case, dashes and
 * underscores, so {@code maxAtempts} finds {@code max-attempts}.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * List<String> names = List.of("full-jitter", "equal-jitter");
 * NameSuggester.closest("full-jiter", names);            // "full-jitter"
 * NameSuggester.unknown("strategy", "full-jiter", names);
 * // "unknown strategy 'full-jiter' (did you mean 'full-jitter'?); the strategies are full-jitter, equal-jitter"
 * }</pre>
 */
public final class NameSuggester {
  private NameSuggester() {}

  /**
   * The name in {@code names} closest to {@code typed}, or null if none is close.
   *
   * @throws NullPointerException if an argument is null
   */
  public static String closest(String typed, Collection<String> names) {
    Objects.requireNonNull(typed, "typed");
    String word = normalized(typed);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String name : names) {
      String n = normalized(name);
      int d = !word.isEmpty() && n.startsWith(word) ? 0 : distance(word, n);
      if (d < bestDistance) {
        best = name;
        bestDistance = d;
      }
    }
    return best != null && bestDistance <= Math.max(2, normalized(best).length() / 3) ? best : null;
  }

  /**
   * {@code " (did you mean 'NAME'?)"} for the closest name, or the empty string: the phrase every message appends.
   *
   * @throws NullPointerException if an argument is null
   */
  public static String didYouMean(String typed, Collection<String> names) {
    String closest = closest(typed, names);
    return closest == null ? "" : " (did you mean '" + closest + "'?)";
  }

  /**
   * The message for an unknown name of kind {@code what}: {@code unknown WHAT 'typed' (did you mean 'x'?); the
   * WHATs are a, b, c} — every name, never a sample.
   *
   * @throws NullPointerException if an argument is null
   */
  public static String unknown(String what, String typed, Collection<String> names) {
    Objects.requireNonNull(what, "what");
    return "unknown " + what + " '" + typed + "'" + didYouMean(typed, names) + "; the " + plural(what) + " are "
        + String.join(", ", List.copyOf(names));
  }

  private static String plural(String what) {
    return what.endsWith("y") && !what.endsWith("ey") ? what.substring(0, what.length() - 1) + "ies"
        : what.endsWith("s") ? what + "es" : what + "s";
  }

  private static String normalized(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '-' && c != '_') {
        b.append(Character.toLowerCase(c));
      }
    }
    return b.toString();
  }

  /** Damerau-Levenshtein distance (optimal string alignment). */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
