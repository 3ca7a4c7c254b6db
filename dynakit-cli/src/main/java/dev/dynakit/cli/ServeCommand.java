package dev.dynakit.cli;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dynakit serve}: an engine over HTTP until the process is stopped, in memory or, with
 * {@code --data-dir}, on disk.
 */
@Command(
    name = "serve",
    description = {
      "Serve an engine over HTTP (DynamoDB's JSON protocol) until stopped with Ctrl-C or SIGTERM;"
          + " in memory (data lost at exit), or on disk with --data-dir.",
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
      names = "--data-dir",
      paramLabel = "DIR",
      description = {
        "Keep the data on disk in DIR (created if missing): tables, items, indices and their"
            + " settings survive a restart. Without it the engine is in memory."
      })
  private Path dataDirectory;

  @Option(
      names = "--durability",
      paramLabel = "MODE",
      defaultValue = "strict",
      description = {
        "With --data-dir: 'strict' (default) syncs the write-ahead log to the disk before answering"
            + " a write; 'relaxed' answers once the log is written to the operating system, which"
            + " survives a kill of this process but may lose the last writes on an OS crash or a"
            + " power loss."
      })
  private String durability;

  @Override
  public Integer call() {
    Serving.checkPort(spec, port);
    Serving.checkAddress(host, port);
    PrintWriter out = spec.commandLine().getOut();
    DynakitEngine engine = ServeStorage.open(spec, dataDirectory, durability);
    EngineServer.Builder server;
    try {
      server = settings(engine);
    } catch (ParameterException e) {
      engine.close();
      throw e;
    }
    Serving.serve(engine, server, out, ServeStorage.describe(dataDirectory, durability));
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
