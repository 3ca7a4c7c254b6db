package dev.dynakit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dynakit top}: the hottest partition keys of a Dynakit engine's tables, refreshed in place
 * until stopped, or printed once (as JSON for scripts).
 */
@Command(
    name = "top",
    description = {
      "Show the hottest partition keys of a Dynakit engine (one started with"
          + " 'dynakit serve --enforce-capacity' or '--key-statistics'), refreshed until Ctrl-C:"
          + " each key's busiest second as a share of DynamoDB's per-key ceilings (1,000 write"
          + " units, 3,000 read units a second) and its throttled requests."
    },
    usageHelpAutoWidth = true)
final class TopCommand implements Callable<Integer> {
  private static final String CLEAR = "\033[H\033[2J";

  @Spec private CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Option(
      names = "--endpoint",
      required = true,
      paramLabel = "URL",
      description = "The engine's endpoint, e.g. http://127.0.0.1:8000.")
  private String endpoint;

  @Option(
      names = "--table",
      paramLabel = "T",
      description = "Only this table (and its GSIs); every table by default.")
  private @Nullable String table;

  @Option(
      names = "--interval",
      paramLabel = "S",
      defaultValue = "2",
      description = "Seconds between refreshes (default: ${DEFAULT-VALUE}).")
  private int interval;

  @Option(
      names = "--window",
      paramLabel = "S",
      defaultValue = "60",
      description = "Seconds of history each figure covers, 1 to 300 (default: ${DEFAULT-VALUE}).")
  private int window;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "10",
      description = "Keys per table at most (default: ${DEFAULT-VALUE}).")
  private int limit;

  @Option(names = "--once", description = "Print the figures once and exit.")
  private boolean once;

  @Option(
      names = "--json",
      description =
          "Print JSON instead of the table: {\"Tables\": [DescribeKeyStatistics answers]}, one"
              + " document per refresh.")
  private boolean json;

  @Override
  public Integer call() throws InterruptedException {
    if (interval < 1) {
      throw new ParameterException(spec.commandLine(), "--interval must be at least 1 second");
    }
    KeyStatisticsClient client = new KeyStatisticsClient(endpointUri());
    PrintWriter out = spec.commandLine().getOut();
    while (true) {
      ObjectNode snapshot = snapshot(client);
      if (json) {
        out.println(snapshot);
      } else {
        out.print(
            TopView.render(once ? "" : CLEAR, endpoint, window, snapshot.withArray("Tables")));
      }
      out.flush();
      if (once) {
        return 0;
      }
      Thread.sleep(Duration.ofSeconds(interval).toMillis());
    }
  }

  private ObjectNode snapshot(KeyStatisticsClient client) {
    List<String> tables = table != null ? List.of(table) : client.tables();
    ObjectNode snapshot = new ObjectMapper().createObjectNode();
    ArrayNode answers = snapshot.putArray("Tables");
    List<JsonNode> each = new ArrayList<>();
    for (String t : tables) {
      each.add(client.describe(t, window, limit));
    }
    each.forEach(answers::add);
    return snapshot;
  }

  private URI endpointUri() {
    try {
      URI uri = new URI(endpoint);
      if ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme())) {
        if (uri.getHost() != null) {
          return uri;
        }
      }
    } catch (URISyntaxException e) {
      // reported below
    }
    throw new ParameterException(
        spec.commandLine(),
        String.format(
            Locale.ROOT,
            "--endpoint must be an http:// or https:// URL with a host, got '%s'",
            endpoint));
  }
}
