package dev.dynakit.cli;

import dev.dynakit.advisor.Advisor;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dynakit lint}: the key-design rules over a declaration. */
@Command(
    name = "lint",
    description = {
      "Check a table declaration (hierarchical or single-table) against the key-design rules:"
          + " partition-key cardinality and monotony, the constant key, the sort key, LSIs, GSI"
          + " write amplification and projections, Scans and discarding filters, technical fields,"
          + " TTL, sparse indices, sharding. Each finding has a rule id, a severity, the reason"
          + " and the fix.",
      "--traffic adds a traffic model's hints (\"hot\": true, distributions) and its load rules.",
      "Exit codes: 0 clean (notes only), 1 warnings, 3 errors, 2 usage error or a file missing"
          + " or invalid."
    },
    usageHelpAutoWidth = true)
final class LintCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Parameters(index = "0", paramLabel = "SPEC.json", description = "The table declaration.")
  private Path specFile;

  @Option(
      names = "--traffic",
      paramLabel = "TRAFFIC.json",
      description = "A traffic model whose hints and load the rules read.")
  private @Nullable Path traffic;

  @Mixin private AdvisorOutput output;

  @Override
  public Integer call() {
    var report =
        AdvisorOutput.wrongInputOn(
            () -> {
              Advisor advisor = Advisor.of(specFile).ignore(output.ignored);
              if (traffic != null) {
                advisor.traffic(traffic);
              }
              return advisor.lint();
            });
    return output.print(report, spec.commandLine().getOut());
  }
}
