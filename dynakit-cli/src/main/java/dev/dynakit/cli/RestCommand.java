package dev.dynakit.cli;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.provision.ProvisioningPlan;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.rest.RestResponse;
import dev.dynakit.rest.SingleTableRoutes;
import dev.dynakit.rest.TableRoutes;
import dev.dynakit.rest.netty.RestServer;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dynakit rest SPEC.json}: makes sure the declared table exists as declared, then serves the
 * standard REST route pack for it until stopped; for a single-table declaration (one with entities)
 * a route pack per entity and the access patterns ({@link SingleTableRoutes}).
 */
@Command(
    name = "rest",
    description = {
      "Ensure the declared table (create it, add missing indices, TTL and the descriptor), then"
          + " serve the REST API for it until stopped (Ctrl-C).",
      "Without --endpoint the table lives in an embedded in-memory engine."
    },
    usageHelpAutoWidth = true)
final class RestCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private DeclarationSource source;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Option(
      names = "--host",
      paramLabel = "H",
      defaultValue = "127.0.0.1",
      description = "The address to listen on (default: ${DEFAULT-VALUE}).")
  private String host;

  @Option(
      names = "--port",
      paramLabel = "N",
      defaultValue = "8080",
      description = "The port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  private int port;

  @Option(
      names = "--cors-origin",
      paramLabel = "ORIGIN",
      description =
          "One more origin (scheme://host[:port]) whose web pages may use the API through CORS;"
              + " repeatable. Loopback origins always may; there is no wildcard.")
  private List<String> corsOrigins = new ArrayList<>();

  @Option(
      names = "--allow-host",
      paramLabel = "HOST",
      description =
          "One more name the server answers to in the Host header; repeatable. By default only"
              + " loopback names and the --host address are answered (403 otherwise), so that"
              + " no web page can reach the API under a name of its own.")
  private List<String> allowedHosts = new ArrayList<>();

  @Override
  public Integer call() {
    Serving.checkPort(spec, port);
    // a bad --cors-origin or --allow-host is a usage error before anything is provisioned
    access(RestServer.builder(request -> RestResponse.noContent()));
    TableSpec declaration = source.declaration();
    Serving.checkAddress(host, port); // before the table is provisioned
    PrintWriter out = spec.commandLine().getOut();
    DynamoConnection dynamo = source.connect();
    RestServer server;
    try {
      out.println("Table " + declaration.tableName() + " on " + dynamo.where() + ".");
      ProvisioningPlan plan =
          TableProvisioner.of(dynamo.client())
              .ensure(
                  declaration,
                  step -> {
                    out.println("  " + step);
                    out.flush();
                  });
      out.println(
          plan.isEmpty()
              ? "The table matches its declaration."
              : "The table is ready (" + plan.steps().size() + " steps applied).");
      Adapter adapter = Adapter.builder(declaration, dynamo.client()).build();
      if (declaration.entities().isEmpty()) {
        TableRoutes routes = TableRoutes.builder(adapter).build();
        server =
            access(RestServer.builder(routes))
                .policy(routes.policy())
                .host(host)
                .port(port)
                .start();
      } else {
        // a single-table design: a route pack per entity and the access patterns
        SingleTableRoutes routes = SingleTableRoutes.builder(adapter).build();
        server =
            access(RestServer.builder(routes))
                .policy(routes.policy())
                .host(host)
                .port(port)
                .start();
      }
    } catch (RuntimeException e) {
      dynamo.close();
      throw e;
    }
    out.println("Dynakit REST API for table " + declaration.tableName() + " on " + server.uri());
    out.println(
        declaration.entities().isEmpty()
            ? "Try: curl '" + server.uri() + "?limit=5'"
            : "Try: curl '" + server.uri() + "' (the entities and access patterns)");
    out.flush();
    Serving.untilStopped(
        () -> {
          server.close();
          dynamo.close();
        });
    return 0;
  }

  /** The builder with the access flags applied. */
  private RestServer.Builder access(RestServer.Builder builder) {
    try {
      corsOrigins.forEach(builder::corsOrigin);
      allowedHosts.forEach(builder::allowHost);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    return builder;
  }
}
