package io.github.backoff.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses a process exit code, 0 to 255: {@code exec --retry-on-exit 300} or {@code -1} could never match an exit
 * code, so it is bad usage (exit 2), not a silent no-op. Stateless.
 */
final class ExitCodeConverter implements ITypeConverter<Integer> {
  static final int MAX = 255;

  @Override
  public Integer convert(String value) {
    int code;
    try {
      code = Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + value + "' is not an exit code: exit codes are 0 to " + MAX);
    }
    if (code < 0 || code > MAX) {
      throw new TypeConversionException("'" + value + "' is not an exit code: exit codes are 0 to " + MAX);
    }
    return code;
  }
}
