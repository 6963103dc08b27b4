package io.github.backoff.spring.boot;

import io.github.backoff.NameSuggester;
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
   * The key of {@code keys} closest to {@code written} by the core's one suggester ({@link NameSuggester}, which
   * ignores case and dashes, so {@code maxAtempts} finds {@code max-attempts}), or null if none is close.
   */
  static String closest(String written, List<String> keys) {
    return NameSuggester.closest(written, keys);
  }
}
