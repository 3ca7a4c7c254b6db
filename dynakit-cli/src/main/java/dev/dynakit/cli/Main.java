package dev.dynakit.cli;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code dynakit} command. Exit codes: 0 done, 1 the command failed, 2 the command line was
 * wrong, 3 the table differs from its declaration in a way the command refuses ({@code
 * ensure-table} with a refusal in its plan, {@code verify-table --strict} with any difference);
 * every failure is one line on standard error.
 */
@Command(
    name = "dynakit",
    description =
        "Dynakit: a DynamoDB toolkit for Java and an embeddable DynamoDB-compatible engine.",
    subcommands = {
      ServeCommand.class,
      DemoCommand.class,
      RestCommand.class,
      PlanTableCommand.class,
      EnsureTableCommand.class,
      VerifyTableCommand.class,
      LoadCommand.class,
      ExportCommand.class
    },
    mixinStandardHelpOptions = false,
    usageHelpAutoWidth = true)
public final class Main implements Runnable {
  @Spec private CommandSpec spec;

  @CommandLine.Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    Charset console = Charset.defaultCharset();
    PrintWriter out = new PrintWriter(System.out, true, console);
    PrintWriter err = new PrintWriter(System.err, true, console);
    System.exit(run(out, err, args));
  }

  /** Runs the command line, writing to {@code out} and {@code err}; returns the exit code. */
  static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine line = new CommandLine(new Main());
    line.setOut(out);
    line.setErr(err);
    line.setParameterExceptionHandler(
        (ParameterException e, String[] ignored) -> {
          String command = e.getCommandLine().getCommandSpec().qualifiedName();
          err.println("dynakit: " + oneLine(e.getMessage()) + " (see '" + command + " --help')");
          err.flush();
          return CommandLine.ExitCode.USAGE;
        });
    line.setExecutionExceptionHandler(
        (Exception e, CommandLine failed, CommandLine.ParseResult parsed) -> {
          err.println("dynakit: " + oneLine(describe(e)));
          err.flush();
          return CommandLine.ExitCode.SOFTWARE;
        });
    return line.execute(args);
  }

  @Override
  public void run() {
    List<String> names = new ArrayList<>(spec.subcommands().keySet());
    String last = names.remove(names.size() - 1);
    throw new ParameterException(
        spec.commandLine(), "Missing command: " + String.join(", ", names) + " or " + last);
  }

  private static String describe(Throwable e) {
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
  }

  private static String oneLine(String text) {
    return text.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
