package dev.dynakit.cli;

import dev.dynakit.engine.DynakitEngine;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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

  @Override
  public Integer call() {
    Serving.checkPort(spec, port);
    PrintWriter out = spec.commandLine().getOut();
    Serving.serve(DynakitEngine.inMemory(), host, port, out);
    return 0;
  }
}
