package dev.dynakit.cli;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code dynakit} command. Exit codes: 0 done (a server stopped with Ctrl-C or SIGTERM
 * included), 1 the command failed, 2 the command line or the declaration file it names was wrong
 * (missing or invalid alike), 3 the table differs from its declaration in a way the command refuses
 * ({@code ensure-table} with a refusal in its plan, {@code verify-table --strict} with any
 * difference). A failure is one line on standard error, but for an invalid declaration: a line,
 * then one line per problem.
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
      ExportCommand.class,
      LintCommand.class,
      AnalyzeCommand.class,
      SimulateCommand.class,
      TopCommand.class,
      HelpCommand.class
    },
    versionProvider = Version.class,
    mixinStandardHelpOptions = false,
    usageHelpAutoWidth = true)
public final class Main implements Runnable {
  @Spec private CommandSpec spec;

  @CommandLine.Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @CommandLine.Option(
      names = {"-V", "--version"},
      versionHelp = true,
      description = "Print the version and exit.")
  private boolean version;

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    Charset console = Charset.defaultCharset();
    PrintWriter out = new PrintWriter(System.out, true, console);
    PrintWriter err = new PrintWriter(System.err, true, console);
    Serving.exitZeroWhenStoppedBySignal();
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
          if (e instanceof CommandFailure failure) {
            // worded for the user, possibly on several lines (a declaration's problems)
            err.println("dynakit: " + failure.getMessage().strip());
            err.flush();
            return failure.exitCode();
          }
          err.println("dynakit: " + oneLine(Failures.describe(e)));
          err.flush();
          return CommandFailure.FAILED;
        });
    return line.execute(args);
  }

  @Override
  public void run() {
    List<String> names = new ArrayList<>(spec.subcommands().keySet());
    names.remove("help");
    String last = names.remove(names.size() - 1);
    throw new ParameterException(
        spec.commandLine(), "Missing command: " + String.join(", ", names) + " or " + last);
  }

  private static String oneLine(String text) {
    return text.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
