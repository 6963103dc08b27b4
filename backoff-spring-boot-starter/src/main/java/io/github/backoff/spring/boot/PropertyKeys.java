package io.github.backoff.spring.boot;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;

/**
 * The keys of the {@code backoff.*} properties as application.properties spells them ({@code max-attempts}), read
 * from {@link BackoffProperties} itself so that no list is kept by hand, and the closest key to a mistyped one.
 * Stateless and thread-safe.
 */
final class PropertyKeys {
  /** The keys directly under {@code backoff.}. */
  static final List<String> TOP = of(BackoffProperties.class);
  /** The keys under {@code backoff.policies.NAME.}. */
  static final List<String> POLICY = of(BackoffProperties.Policy.class);
  /** The keys under {@code backoff.budgets.NAME.}. */
  static final List<String> BUDGET = of(BackoffProperties.Budget.class);
  /** The keys under {@code backoff.http.}. */
  static final List<String> HTTP = of(BackoffProperties.Http.class);
  /** The keys under {@code backoff.http.restclient.} (and resttemplate, webclient). */
  static final List<String> HTTP_CLIENT = of(BackoffProperties.Client.class);
  /** The keys under {@code backoff.grpc.}. */
  static final List<String> GRPC = of(BackoffProperties.Grpc.class);
  /** Every key of a policy or a budget. */
  static final Set<String> ALL = all();

  private PropertyKeys() {}

  /** The keys of {@code type}'s fields, in declaration order, dashed. */
  private static List<String> of(Class<?> type) {
    List<String> keys = new ArrayList<>();
    for (Field f : type.getDeclaredFields()) {
      if (!Modifier.isStatic(f.getModifiers())) {
        keys.add(DataObjectPropertyName.toDashedForm(f.getName()));
      }
    }
    return List.copyOf(keys);
  }

  private static Set<String> all() {
    Set<String> all = new LinkedHashSet<>(POLICY);
    all.addAll(BUDGET);
    return Set.copyOf(all);
  }

  /**
   * The key of {@code keys} closest to {@code written} (dashed first, so {@code maxAtempts} finds
   * {@code max-attempts}), or null if none is within a third of its length (at least 2 edits).
   */
  static String closest(String written, List<String> keys) {
    String dashed = DataObjectPropertyName.toDashedForm(written);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String key : keys) {
      int d = distance(dashed, key);
      if (d < bestDistance) {
        best = key;
        bestDistance = d;
      }
    }
    return bestDistance <= Math.max(2, dashed.length() / 3) ? best : null;
  }

  /** Levenshtein distance. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] t = previous;
      previous = current;
      current = t;
    }
    return previous[b.length()];
  }
}
