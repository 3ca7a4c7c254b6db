package dev.dynakit.cli;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code dynakit serve}: an in-memory engine over HTTP until the process is stopped. */
@Command(
    name = "serve",
    description = {
      "Serve an in-memory engine over HTTP (DynamoDB's JSON protocol) until stopped with Ctrl-C"
          + " or SIGTERM.",
      "Point any AWS SDK or the AWS CLI at the printed endpoint; any credentials are accepted."
    },
    usageHelpAutoWidth = true)
final class ServeCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      defaultValue = "127.0.0.1",
      description = "Address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for all interfaces).")
  private String host;

  @Option(
      names = "--port",
      paramLabel = "N",
      defaultValue = "8000",
      description = "Port to listen on (default: ${DEFAULT-VALUE}; 0 picks a free port).")
  private int port;

  @Option(
      names = "--cors-origin",
      paramLabel = "ORIGIN",
      description = {
        "Let web pages of ORIGIN (scheme://host[:port]) use the engine, beyond the loopback"
            + " origins (http://localhost:*, http://127.0.0.1:*, http://[::1]:*). Repeatable."
            + " '*' is refused: the engine accepts any signature."
      })
  private List<String> corsOrigins = new ArrayList<>();

  @Option(
      names = "--allow-host",
      paramLabel = "HOST",
      description = {
        "Serve requests whose Host header is HOST (name or name:port), beyond loopback names and"
            + " the listening address; e.g. a container's service name. Repeatable."
      })
  private List<String> allowedHosts = new ArrayList<>();

  @Option(
      names = "--enforce-capacity",
      description = {
        "Throttle as DynamoDB does: 1,000 write and 3,000 read units a second per partition key,"
            + " provisioned tables and GSIs at their units plus burst credit, on-demand tables at"
            + " their maximum throughput; keeps the hot-key statistics of 'dynakit top'."
      })
  private boolean enforceCapacity;

  @Option(
      names = "--key-statistics",
      description = "Keep the hot-key statistics of 'dynakit top' without throttling.")
  private boolean keyStatistics;

  @Override
  public Integer call() {
    Serving.checkPort(spec, port);
    Serving.checkAddress(host, port);
    PrintWriter out = spec.commandLine().getOut();
    DynakitEngine engine =
        DynakitEngine.builder()
            .enforceCapacity(enforceCapacity)
            .keyStatistics(keyStatistics)
            .build();
    EngineServer.Builder server;
    try {
      server = settings(engine);
    } catch (ParameterException e) {
      engine.close();
      throw e;
    }
    Serving.serve(engine, server, out);
    return 0;
  }

  private EngineServer.Builder settings(DynakitEngine engine) {
    EngineServer.Builder server = EngineServer.builder(engine).host(host).port(port);
    for (String origin : corsOrigins) {
      try {
        server.corsOrigin(origin);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--cors-origin: " + e.getMessage());
      }
    }
    for (String allowed : allowedHosts) {
      try {
        server.allowHost(allowed);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--allow-host: " + e.getMessage());
      }
    }
    return server;
  }
}
