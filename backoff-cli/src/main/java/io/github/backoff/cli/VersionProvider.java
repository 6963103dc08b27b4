package io.github.backoff.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into {@code backoff-version.properties} at build time. Stateless. */
final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() {
    return new String[] {"backoff " + version(),
        "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
  }

  /** The project version, such as {@code 0.1.0}; "unknown" if the build did not write it. */
  String version() {
    Properties properties = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("/backoff-version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("version", "unknown");
  }
}
