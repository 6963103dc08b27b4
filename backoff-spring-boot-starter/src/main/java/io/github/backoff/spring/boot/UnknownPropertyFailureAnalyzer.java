package io.github.backoff.spring.boot;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Reports a mistyped key under {@code backoff.} ({@code backoff.policies.orders.max-atempts}), which the binder
 * rejects because {@link BackoffProperties} ignores no unknown field: the key as written, the closest valid key and
 * every valid key at that place, instead of Spring Boot's generic "were left unbound". It runs before Spring Boot's
 * own analyzer ({@link Ordered#HIGHEST_PRECEDENCE}) and leaves any failure with a key outside {@code backoff.} to it.
 *
 * <p>Registered in {@code META-INF/spring.factories}; Spring Boot creates it. Stateless and thread-safe.
 */
final class UnknownPropertyFailureAnalyzer extends AbstractFailureAnalyzer<UnboundConfigurationPropertiesException>
    implements Ordered {

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, UnboundConfigurationPropertiesException cause) {
    List<ConfigurationProperty> unbound = new ArrayList<>(cause.getUnboundProperties());
    if (unbound.isEmpty() || !unbound.stream().allMatch(p -> "backoff".equals(p.getName().getElement(0,
        Form.UNIFORM)))) {
      return null;
    }
    unbound.sort(null);
    StringBuilder description = new StringBuilder();
    StringBuilder action = new StringBuilder("Update your application's configuration:");
    for (ConfigurationProperty p : unbound) {
      ConfigurationPropertyName name = p.getName();
      int bad = badElement(name);
      List<String> keys = bad == 1 ? PropertyKeys.TOP
          : "http".equals(name.getElement(1, Form.UNIFORM)) ? (bad == 2 ? PropertyKeys.HTTP : PropertyKeys.HTTP_CLIENT)
          : "grpc".equals(name.getElement(1, Form.UNIFORM)) ? PropertyKeys.GRPC
          : "policies".equals(name.getElement(1, Form.UNIFORM)) ? PropertyKeys.POLICY : PropertyKeys.BUDGET;
      String written = written(name, -1, null);
      String parent = written(name, bad, "");
      String closest = PropertyKeys.closest(name.getElement(bad, Form.ORIGINAL), keys);
      if (description.length() > 0) {
        description.append("\n");
      }
      description.append("Unknown property '").append(written).append("'");
      if (p.getValue() != null) {
        description.append(" (value '").append(p.getValue()).append("'");
        if (p.getOrigin() != null) {
          description.append(", from ").append(p.getOrigin());
        }
        description.append(")");
      }
      description.append(".");
      action.append("\n");
      if (closest != null) {
        action.append("Did you mean '").append(written(name, bad, closest)).append("'? ");
      }
      action.append("The keys under '").append(parent).append("' are ").append(String.join(", ", keys))
          .append(".");
    }
    return new FailureAnalysis(description.toString(), action.toString(), cause);
  }

  /**
   * The index of the element that is not a key: 1 under {@code backoff.} ({@code backoff.policy.x.y}); 3, the key
   * of a policy or a budget ({@code backoff.policies.orders.max-atempts}) or of a client
   * ({@code backoff.http.restclient.polcy}); else 2 under {@code backoff.http.} ({@code backoff.http.max-retry})
   * and {@code backoff.grpc.} ({@code backoff.grpc.polcy}).
   */
  private static int badElement(ConfigurationPropertyName name) {
    String group = name.getNumberOfElements() >= 3 ? name.getElement(1, Form.UNIFORM) : "";
    if ("http".equals(group)) {
      boolean client = name.getNumberOfElements() >= 4
          && List.of("restclient", "resttemplate", "webclient").contains(name.getElement(2, Form.UNIFORM));
      return client ? 3 : 2;
    }
    if ("grpc".equals(group)) {
      return 2;
    }
    boolean policyOrBudget = name.getNumberOfElements() >= 4 && List.of("policies", "budgets").contains(group);
    return policyOrBudget ? 3 : 1;
  }

  /**
   * {@code name} as the configuration spelt it (its elements in their original form), with element {@code index}
   * replaced by {@code replacement}: the empty string ends the name there (with its dot), as a parent.
   */
  private static String written(ConfigurationPropertyName name, int index, String replacement) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < name.getNumberOfElements(); i++) {
      String element = i == index ? replacement : name.getElement(i, Form.ORIGINAL);
      if (name.isNumericIndex(i)) {
        sb.append('[').append(element).append(']');
      } else {
        if (i > 0) {
          sb.append('.');
        }
        sb.append(element);
      }
      if (i == index && replacement.isEmpty()) {
        break;
      }
    }
    return sb.toString();
  }
}
