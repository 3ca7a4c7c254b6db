package dev.dynakit.cli;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.examples.rentals.RentalsExample;
import dev.dynakit.rest.PathKeys;
import dev.dynakit.rest.TableRoutes;
import dev.dynakit.rest.netty.RestServer;
import java.io.PrintWriter;
import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code dynakit demo}: the car-rental example ({@link RentalsExample}) on an embedded engine, then
 * the REST API for its table until stopped.
 */
@Command(
    name = "demo",
    description = {
      "The car-rental example on an in-memory engine, in-process: provision the table car-rentals"
          + " from its declaration (examples/specs/cars.json), load 311 items with a progress bar,"
          + " then run the access patterns through the Adapter, printing each call and its result.",
      "Then serve the REST API for the table until stopped (Ctrl-C), with curl examples to try;"
          + " --no-serve exits after the access patterns instead."
    },
    usageHelpAutoWidth = true)
final class DemoCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

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

  @Override
  public Integer call() {
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
    RentalsExample example;
    RestServer server = null;
    try {
      out.println(
          "Dynakit demo: an in-memory engine, used through the toolkit's Adapter (in-process, no"
              + " sockets).");
      out.println();
      example = RentalsExample.builder(client).out(out).redraw(System.console() != null).build();
      example.run();
      DemoAdvice.print(out);
      if (!noServe) {
        TableRoutes routes = TableRoutes.builder(example.adapter()).build();
        server = RestServer.builder(routes).policy(routes.policy()).host(host).port(port).start();
        announce(out, example, routes, server.uri());
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

  private static void announce(
      PrintWriter out, RentalsExample example, TableRoutes routes, URI base) {
    String table = example.adapter().tableName();
    String key =
        PathKeys.toSegment(
            PathKeys.toText(example.sampleKey(), example.adapter().spec(), routes.policy()));
    out.println();
    out.println("Dynakit REST API for table " + table + " listening on " + base);
    out.println("Serving until stopped (Ctrl-C). Try:");
    out.println("  curl '" + base + key + "'");
    out.println(
        "  curl '"
            + base
            + "?eq-make=Toyota&lt-dailyRate=50&search=garcia&fields=*keys,customer,model&limit=3'");
    out.println(
        "  curl -X PATCH -H 'Content-Type: application/json' -d '{\"status\": \"booked\"}' '"
            + base
            + key
            + "'");
    out.flush();
  }
}
