package dev.dynakit.cli;

import dev.dynakit.core.schema.TableSpec;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What {@code plan-table}, {@code ensure-table} and {@code verify-table} share: the declaration
 * file, where DynamoDB is, and the output format.
 */
abstract class TableCommand implements Callable<Integer> {
  /** The exit code for a table that differs from its declaration in a way the command refuses. */
  static final int DRIFT = 3;

  @Spec CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Mixin DeclarationSource source;

  @Option(names = "--json", description = "Print the result as JSON instead of text.")
  boolean json;

  @Override
  public final Integer call() {
    TableSpec declaration = source.declaration();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (DynamoConnection dynamo = source.connect()) {
      if (!json) {
        out.println(
            "Table "
                + declaration.tableName()
                + " on "
                + dynamo.where()
                + (source.endpoint() == null ? " (a dry run: nothing is kept)." : "."));
      }
      int code = run(declaration, dynamo, out, err);
      out.flush();
      return code;
    }
  }

  /** The command's work; returns the exit code. */
  abstract int run(
      TableSpec declaration, DynamoConnection dynamo, PrintWriter out, PrintWriter err);

  /** The command line that applies the plan, for the hint after plan-table. */
  String ensureCommand() {
    return "dynakit ensure-table "
        + source.specFile()
        + (source.endpoint() == null ? "" : " --endpoint " + source.endpoint());
  }

  /** Prints the one-line failure the way Main does for exceptions. */
  static void fail(PrintWriter err, String message) {
    err.println("dynakit: " + message.strip().replaceAll("\\s*\\R\\s*", " "));
    err.flush();
  }
}
