package dev.dynakit.cli;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
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
 * {@code dynakit serve}: an engine over HTTP until the process is stopped, in memory or, with
 * {@code --data-dir}, on disk.
 */
@Command(
    name = "serve",
    description = {
      "Serve an engine over HTTP (DynamoDB's JSON protocol) until stopped with Ctrl-C or SIGTERM;"
          + " in memory (data lost at exit), or on disk with --data-dir.",
      "Point any AWS SDK or the AWS CLI at the printed endpoint; any credentials are accepted"
          + " unless --auth or --auth-file names the keys that must sign."
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

  @Mixin private SignedRequestOptions signedRequests = new SignedRequestOptions();

  @Option(
      names = "--gsi-lag",
      paramLabel = "MS[-MAX]",
      description = {
        "Make global secondary indexes eventually consistent: a write reaches them MS"
            + " milliseconds later (or after a delay drawn between MS and MAX), in order per item."
            + " Off by default."
      })
  private String gsiLag;

  @Option(
      names = "--table-latency",
      paramLabel = "MS",
      description = {
        "Keep tables CREATING, UPDATING or DELETING for MS milliseconds after CreateTable,"
            + " UpdateTable and DeleteTable, refusing item requests until ACTIVE, as DynamoDB"
            + " does. Off by default."
      })
  private Long tableLatency;

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

  @Option(
      names = "--worker-threads",
      paramLabel = "N",
      description = {
        "With --data-dir: the threads that run requests while the store reads from the disk"
            + " (a write's log sync is shared by all answers waiting for it, on a thread of its"
            + " own); default 64. An in-memory engine answers on the network threads and has none."
      })
  private Integer workerThreads;

  @Override
  public Integer call() {
    Serving.checkPort(spec, port);
    Serving.checkAddress(host, port);
    PrintWriter out = spec.commandLine().getOut();
    DynakitEngine.Builder engineSettings =
        DynakitEngine.builder().enforceCapacity(enforceCapacity).keyStatistics(keyStatistics);
    realism(engineSettings);
    DynakitEngine engine = ServeStorage.open(spec, engineSettings, dataDirectory, durability);
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

  /** The opt-in latencies: GSI lag and control-plane latency. */
  private void realism(DynakitEngine.Builder engine) {
    if (gsiLag != null) {
      String[] bounds = gsiLag.split("-", 2);
      Duration min = millis("--gsi-lag", bounds[0]);
      Duration max = bounds.length == 2 ? millis("--gsi-lag", bounds[1]) : min;
      try {
        engine.gsiLag(min, max);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--gsi-lag: " + e.getMessage());
      }
    }
    if (tableLatency != null) {
      if (tableLatency < 0) {
        throw new ParameterException(
            spec.commandLine(), "--table-latency: must not be negative: " + tableLatency);
      }
      engine.tableLatency(Duration.ofMillis(tableLatency));
    }
  }

  private Duration millis(String option, String text) {
    try {
      return Duration.ofMillis(Long.parseLong(text.trim()));
    } catch (NumberFormatException e) {
      throw new ParameterException(
          spec.commandLine(),
          option + ": '" + text + "' is not a number of milliseconds (MS or MIN-MAX)");
    }
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
    if (workerThreads != null) {
      try {
        server.workerThreads(workerThreads);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--worker-threads: " + e.getMessage());
      }
    }
    signedRequests.apply(server, spec.commandLine());
    return server;
  }
}
