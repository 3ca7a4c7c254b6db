package dev.dynakit.cli;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.schema.TableSpec;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The options of every command that works on a declared table: the declaration file and where
 * DynamoDB is ({@code --endpoint}, or an embedded in-memory engine without it).
 */
final class DeclarationSource {
  @Spec(Spec.Target.MIXEE)
  private CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "SPEC.json",
      description = "The table declaration (JSON, the toolkit's option names).")
  private Path specFile;

  @Option(
      names = "--endpoint",
      paramLabel = "URL",
      description = {
        "The DynamoDB to use, e.g. http://127.0.0.1:8000 or https://dynamodb.eu-west-1"
            + ".amazonaws.com, with the AWS SDK's default credentials and region (for an http://"
            + " or loopback endpoint without any configured: dummy credentials, us-east-1).",
        "Without it: an embedded in-memory engine."
      })
  private @Nullable String endpoint;

  /**
   * The declaration, read and validated. A missing file and an invalid one are both wrong input
   * (the same exit code); an invalid one is reported a problem per line.
   */
  TableSpec declaration() {
    if (!Files.isRegularFile(specFile)) {
      throw CommandFailure.wrongInput(specFile + ": no such declaration file");
    }
    if (!Files.isReadable(specFile)) {
      throw CommandFailure.wrongInput(specFile + ": cannot read the declaration file");
    }
    try {
      return TableSpec.fromJson(specFile);
    } catch (DeclarationException e) {
      throw CommandFailure.wrongInput(specFile + ": " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw CommandFailure.wrongInput(
          specFile + ": cannot read the declaration file: " + Failures.describe(e.getCause()));
    }
  }

  /** A connection to the endpoint, or to a new embedded engine when none was given. */
  DynamoConnection connect() {
    return endpoint == null ? DynamoConnection.embedded() : DynamoConnection.at(endpointUri());
  }

  Path specFile() {
    return specFile;
  }

  @Nullable String endpoint() {
    return endpoint;
  }

  private URI endpointUri() {
    try {
      URI uri = new URI(endpoint);
      String scheme = uri.getScheme();
      if (("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
          && uri.getHost() != null) {
        return uri;
      }
    } catch (URISyntaxException e) {
      // reported below
    }
    throw new ParameterException(
        spec.commandLine(),
        "--endpoint must be an http:// or https:// URL with a host, got '" + endpoint + "'");
  }
}
