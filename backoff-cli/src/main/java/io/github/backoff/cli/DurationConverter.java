package io.github.backoff.cli;

import io.github.backoff.DurationSpec;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Every duration option of every command, read by the core's one grammar ({@link DurationSpec}): {@code 250ms},
 * {@code 1.5s}, {@code 1m30s}, {@code PT20S}; a bare number other than {@code 0} is refused with a message that
 * shows the unit forms.
 */
final class DurationConverter implements ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    try {
      return DurationSpec.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
