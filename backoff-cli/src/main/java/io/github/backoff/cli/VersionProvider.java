package io.github.backoff.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into {@code backoff-version.properties} at build time. */
final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() throws IOException {
    Properties properties = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("/backoff-version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    }
    return new String[] {"backoff " + properties.getProperty("version", "unknown"),
        "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
  }
}
