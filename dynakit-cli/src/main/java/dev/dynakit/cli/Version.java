package dev.dynakit.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** What {@code dynakit --version} prints: the Dynakit version (from the build) and the Java one. */
final class Version implements IVersionProvider {
  /** The project version the build wrote into {@code version.properties}. */
  static String dynakit() {
    Properties properties = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        throw new IllegalStateException("version.properties is missing from the build");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("version");
  }

  @Override
  public String[] getVersion() {
    return new String[] {
      "dynakit " + dynakit(),
      "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
