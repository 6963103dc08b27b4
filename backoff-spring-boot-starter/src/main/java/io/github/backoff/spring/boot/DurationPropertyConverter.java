package io.github.backoff.spring.boot;

import io.github.backoff.DurationSpec;
import java.time.Duration;
import java.util.Set;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.ConditionalGenericConverter;

/**
 * Reads every {@code backoff.*} duration property ({@link DurationProperty}) in the core's one grammar
 * ({@link DurationSpec}): {@code 250ms}, {@code 1.5s}, {@code 1m30s}, {@code PT20S}; a bare number other than
 * {@code 0} fails start-up with a message that shows the unit forms, where Spring Boot alone would read
 * {@code backoff.policies.remote.max-elapsed=20} as 20 ms. Registered as a {@code @ConfigurationPropertiesBinding}
 * converter that matches only the marked fields, so the application's other durations keep Spring Boot's own
 * reading. (When it refuses a value, Spring Boot's binder tries its own reading next; {@link DurationPropertyCheck}
 * then refuses the value by its text, so a bare number never gets through.)
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Duration d = (Duration) new DurationPropertyConverter().convert("1m30s", null, null); // PT1M30S
 * }</pre>
 */
final class DurationPropertyConverter implements ConditionalGenericConverter {
  @Override
  public Set<ConvertiblePair> getConvertibleTypes() {
    return Set.of(new ConvertiblePair(String.class, Duration.class));
  }

  @Override
  public boolean matches(TypeDescriptor sourceType, TypeDescriptor targetType) {
    return targetType.hasAnnotation(DurationProperty.class);
  }

  @Override
  public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
    return source == null ? null : DurationSpec.parse((String) source);
  }
}
