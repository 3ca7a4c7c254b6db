package dev.dynakit.cli;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.examples.rentals.RentalsExample;
import dev.dynakit.examples.shop.ShopExample;
import dev.dynakit.rest.PathKeys;
import dev.dynakit.rest.RestHandler;
import dev.dynakit.rest.RestPolicy;
import dev.dynakit.rest.SingleTableRoutes;
import dev.dynakit.rest.TableRoutes;
import dev.dynakit.rest.netty.RestServer;
import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code dynakit demo [rentals|shop]}: an example on an embedded engine, then the REST API for its
 * table until stopped. The car-rental example ({@link RentalsExample}) is the default; {@code shop}
 * is the single-table design ({@link ShopExample}).
 */
@Command(
    name = "demo",
    description = {
      "An example on an in-memory engine, in-process. The default, rentals: provision the table"
          + " car-rentals from its declaration (examples/specs/cars.json), load 311 items with a"
          + " progress bar, then run the access patterns through the Adapter, printing each call"
          + " and its result. shop: the single-table design of examples/specs/shop.json"
          + " (customers, orders, order lines, sharded votes), every access pattern in one"
          + " request.",
      "Then serve the REST API for the table until stopped (Ctrl-C), with curl examples to try;"
          + " --no-serve exits after the access patterns instead."
    },
    usageHelpAutoWidth = true)
final class DemoCommand implements Callable<Integer> {
  private static final List<String> EXAMPLES = List.of("rentals", "shop");

  @Spec private CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "EXAMPLE",
      defaultValue = "rentals",
      description = "The example: rentals (the default) or shop.")
  private String example;

  @Option(names = "--no-serve", description = "Exit after the access patterns instead of serving.")
  private boolean noServe;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      defaultValue = "127.0.0.1",
      description = "Address to serve the REST API on afterwards (default: ${DEFAULT-VALUE}).")
  private String host;

  @Option(
      names = "--port",
      paramLabel = "N",
      defaultValue = "0",
      description = "Port to serve the REST API on afterwards (default: a free port).")
  private int port;

  /**
   * What the demo serves once the example has run.
   *
   * @param table the table's name
   * @param routes the REST routes of the table
   * @param policy the routes' policy
   * @param tries the curl commands to print, given the server's base URI
   */
  private record Served(
      String table, RestHandler routes, RestPolicy policy, Function<URI, List<String>> tries) {}

  @Override
  public Integer call() {
    if (!EXAMPLES.contains(example)) {
      throw new ParameterException(
          spec.commandLine(),
          "unknown example '" + example + "'; the examples are " + String.join(", ", EXAMPLES));
    }
    Serving.checkPort(spec, port);
    if (!noServe) {
      Serving.checkAddress(host, port); // before the table is provisioned and loaded
    }
    PrintWriter out = spec.commandLine().getOut();
    DynakitEngine engine = DynakitEngine.inMemory();
    DynamoDbClient client = DynakitClients.inProcess(engine);
    Runnable closeEngine =
        () -> {
          client.close();
          engine.close();
        };
    RestServer server = null;
    try {
      out.println(
          "Dynakit demo: an in-memory engine, used through the toolkit's Adapter (in-process, no"
              + " sockets).");
      out.println();
      Served served = example.equals("shop") ? shop(client, out) : rentals(client, out);
      if (!noServe) {
        server =
            RestServer.builder(served.routes())
                .policy(served.policy())
                .host(host)
                .port(port)
                .start();
        announce(out, served, server.uri());
      }
    } catch (RuntimeException e) {
      closeEngine.run();
      throw e;
    }
    if (server == null) {
      closeEngine.run();
      return 0;
    }
    RestServer serving = server;
    Serving.untilStopped(
        () -> {
          serving.close();
          closeEngine.run();
        });
    return 0;
  }

  private static Served rentals(DynamoDbClient client, PrintWriter out) {
    RentalsExample example =
        RentalsExample.builder(client).out(out).redraw(System.console() != null).build();
    example.run();
    DemoAdvice.print(out);
    TableRoutes routes = TableRoutes.builder(example.adapter()).build();
    String key =
        PathKeys.toSegment(
            PathKeys.toText(example.sampleKey(), example.adapter().spec(), routes.policy()));
    return new Served(
        example.adapter().tableName(),
        routes,
        routes.policy(),
        base ->
            List.of(
                "curl '" + base + key + "'",
                "curl '"
                    + base
                    + "?eq-make=Toyota&lt-dailyRate=50&search=garcia&fields=*keys,customer,model"
                    + "&limit=3'",
                "curl -X PATCH -H 'Content-Type: application/json' -d '{\"status\": \"booked\"}' '"
                    + base
                    + key
                    + "'"));
  }

  private static Served shop(DynamoDbClient client, PrintWriter out) {
    ShopExample example = ShopExample.builder(client).out(out).build();
    example.run();
    SingleTableRoutes routes = SingleTableRoutes.builder(example.adapter()).build();
    return new Served(
        example.adapter().tableName(),
        routes,
        routes.policy(),
        base ->
            List.of(
                "curl '" + base + "'",
                "curl '" + base + "order/c42:2026-03-14:o1002'",
                "curl '" + base + "-patterns/customerWithOrders?customerId=c42&limit=3'",
                "curl '" + base + "-patterns/voteCount?itemId=item42'",
                "curl -X PATCH -H 'Content-Type: application/json' -d '{\"needsReview\": true}' '"
                    + base
                    + "order/c42:2026-03-14:o1002'"));
  }

  /**
   * Prints the announcement in one write, so that whoever watches the output for the listening line
   * (a script, a test) finds the lines to try beside it.
   */
  private static void announce(PrintWriter out, Served served, URI base) {
    StringBuilder text = new StringBuilder(System.lineSeparator());
    text.append("Dynakit REST API for table ")
        .append(served.table())
        .append(" listening on ")
        .append(base)
        .append(System.lineSeparator());
    text.append("Serving until stopped (Ctrl-C). Try:").append(System.lineSeparator());
    for (String line : served.tries().apply(base)) {
      text.append("  ").append(line).append(System.lineSeparator());
    }
    out.print(text);
    out.flush();
  }
}
