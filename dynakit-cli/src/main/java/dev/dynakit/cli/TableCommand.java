package dev.dynakit.cli;

import dev.dynakit.core.schema.TableSpec;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * What {@code plan-table}, {@code ensure-table} and {@code verify-table} share: the declaration
 * file, where DynamoDB is, and the output format.
 */
abstract class TableCommand implements Callable<Integer> {
  /** The exit code for a table that differs from its declaration in a way the command refuses. */
  static final int DRIFT = 3;

  @Spec CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

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
        "Without it: an embedded in-memory engine, a dry run."
      })
  private @Nullable String endpoint;

  @Option(names = "--json", description = "Print the result as JSON instead of text.")
  boolean json;

  @Override
  public final Integer call() {
    TableSpec declaration = readSpec();
    URI uri = endpoint == null ? null : endpointUri(endpoint);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (DynamoConnection dynamo =
        uri == null ? DynamoConnection.embedded() : DynamoConnection.at(uri)) {
      if (!json) {
        out.println("Table " + declaration.tableName() + " on " + dynamo.where() + ".");
      }
      int code = run(declaration, dynamo, out, err);
      out.flush();
      return code;
    }
  }

  /** The command's work; returns the exit code. */
  abstract int run(
      TableSpec declaration, DynamoConnection dynamo, PrintWriter out, PrintWriter err);

  /** The command line that applies the plan, for the hint after plan-table. */
  String ensureCommand() {
    return "dynakit ensure-table " + specFile + (endpoint == null ? "" : " --endpoint " + endpoint);
  }

  /** Prints the one-line failure the way Main does for exceptions. */
  static void fail(PrintWriter err, String message) {
    err.println("dynakit: " + message.strip().replaceAll("\\s*\\R\\s*", " "));
    err.flush();
  }

  private TableSpec readSpec() {
    if (!Files.isRegularFile(specFile)) {
      throw new ParameterException(spec.commandLine(), "SPEC.json: no such file: " + specFile);
    }
    return TableSpec.fromJson(specFile);
  }

  private URI endpointUri(String text) {
    try {
      URI uri = new URI(text);
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
        "--endpoint must be an http:// or https:// URL with a host, got '" + text + "'");
  }
}
