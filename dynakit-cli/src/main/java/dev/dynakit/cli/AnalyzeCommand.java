package dev.dynakit.cli;

import dev.dynakit.advisor.Advisor;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dynakit analyze}: a live table's partition spread and hot keys. */
@Command(
    name = "analyze",
    description = {
      "Read the declared table at a bounded rate (a parallel Scan held to --max-rcu read units per"
          + " second) and report, per partition key of the table and of each GSI: items and bytes"
          + " per key (p50, p99, max), the largest item collections and their share, and the"
          + " item-size distribution; from a Dynakit engine, also its hottest keys with their"
          + " share of the per-key ceilings (other endpoints: said to be unavailable).",
      "Exit codes: 0 clean (notes only), 1 warnings, 3 errors, 2 usage error or a file missing"
          + " or invalid."
    },
    usageHelpAutoWidth = true)
final class AnalyzeCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Parameters(index = "0", paramLabel = "SPEC.json", description = "The table declaration.")
  private Path specFile;

  @Option(
      names = "--endpoint",
      paramLabel = "URL",
      required = true,
      description = "The DynamoDB (or Dynakit engine) holding the table.")
  private String endpoint;

  @Option(
      names = "--max-rcu",
      paramLabel = "N",
      defaultValue = "100",
      description = "Read units per second the scan may consume (default: ${DEFAULT-VALUE}).")
  private double maxRcu;

  @Option(
      names = "--traffic",
      paramLabel = "TRAFFIC.json",
      description = "A traffic model whose hints and load the rules read.")
  private @Nullable Path traffic;

  @Mixin private AdvisorOutput output;

  @Override
  public Integer call() {
    if (!(maxRcu > 0)) {
      throw new ParameterException(spec.commandLine(), "--max-rcu must be above 0");
    }
    URI uri = endpointUri();
    Advisor advisor =
        AdvisorOutput.wrongInputOn(
            () -> {
              Advisor a = Advisor.of(specFile).ignore(output.ignored);
              return traffic == null ? a : a.traffic(traffic);
            });
    try (DynamoConnection dynamo = DynamoConnection.at(uri)) {
      var report = AdvisorOutput.failedOn(() -> advisor.analyze(dynamo.client(), uri, maxRcu));
      return output.print(report, spec.commandLine().getOut());
    }
  }

  private URI endpointUri() {
    try {
      URI uri = new URI(endpoint);
      if (("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
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
