package dev.dynakit.cli;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.test.DynakitClients;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code dynakit demo}: the engine at work through the AWS SDK, step by step. */
@Command(
    name = "demo",
    description = {
      "Start an in-memory engine and drive it through the AWS SDK for Java (in-process, no"
          + " sockets): create a table, write, read, update, refuse a conditional write, delete.",
      "Then serve the same engine over HTTP until stopped, so that other clients can look at the"
          + " result (skip with --no-serve)."
    },
    usageHelpAutoWidth = true)
final class DemoCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Option(names = "--no-serve", description = "Exit after the demo instead of serving the engine.")
  private boolean noServe;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      defaultValue = "127.0.0.1",
      description = "Address to serve on afterwards (default: ${DEFAULT-VALUE}).")
  private String host;

  @Option(
      names = "--port",
      paramLabel = "N",
      defaultValue = "0",
      description = "Port to serve on afterwards (default: a free port).")
  private int port;

  @Override
  public Integer call() {
    Serving.checkPort(spec, port);
    PrintWriter out = spec.commandLine().getOut();
    DynakitEngine engine = DynakitEngine.inMemory();
    try (DynamoDbClient dynamo = DynakitClients.inProcess(engine)) {
      out.println(
          "Dynakit demo: an in-memory engine, driven through the AWS SDK for Java (in-process).");
      new DemoScript(dynamo, out).run();
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
    if (noServe) {
      engine.close();
      return 0;
    }
    out.println();
    out.println("Serving the demo engine over HTTP until stopped (Ctrl-C); any credentials work.");
    Serving.serve(
        engine,
        host,
        port,
        out,
        endpoint ->
            out.println(
                "Try: AWS_ACCESS_KEY_ID=dynakit AWS_SECRET_ACCESS_KEY=dynakit aws dynamodb get-item"
                    + " --region us-east-1 --endpoint-url "
                    + endpoint
                    + " --table-name "
                    + DemoScript.TABLE
                    + " --key '{\"make\":{\"S\":\"Toyota\"},\"model\":{\"S\":\"Prius\"}}'"));
    return 0;
  }
}
