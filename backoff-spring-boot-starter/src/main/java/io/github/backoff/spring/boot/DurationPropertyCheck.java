package io.github.backoff.spring.boot;

import io.github.backoff.DurationSpec;
import org.springframework.boot.context.properties.ConfigurationPropertiesBindHandlerAdvisor;
import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;

/**
 * Refuses a {@code backoff.*} duration ({@link DurationProperty}) whose text is not in the core's one grammar even
 * when Spring Boot could read it: when {@link DurationPropertyConverter} refuses {@code 20}, the binder tries its own
 * reading next (20 ms), so this checks the text of every bound duration and fails the start-up with the grammar's
 * message, reported by {@link BackoffFailureAnalyzer}.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * BindHandler checked = new DurationPropertyCheck().apply(BindHandler.DEFAULT);
 * }</pre>
 */
final class DurationPropertyCheck implements ConfigurationPropertiesBindHandlerAdvisor {
  @Override
  public BindHandler apply(BindHandler bindHandler) {
    return new AbstractBindHandler(bindHandler) {
      @Override
      public void onFinish(ConfigurationPropertyName name, Bindable<?> target, BindContext context, Object result)
          throws Exception {
        ConfigurationProperty property = context.getConfigurationProperty();
        if (result != null && target.getAnnotation(DurationProperty.class) != null && property != null
            && property.getValue() instanceof CharSequence text) {
          try {
            DurationSpec.parse(text.toString());
          } catch (IllegalArgumentException e) {
            throw new BackoffConfigurationException(name.toString(), text.toString(),
                "a duration: " + DurationSpec.FORMS, e.getMessage(), e);
          }
        }
        super.onFinish(name, target, context, result);
      }
    };
  }
}
