package dev.dynakit.cli;

import dev.dynakit.advisor.Advisor;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dynakit simulate}: a traffic model's load and cost on a declaration, without data. */
@Command(
    name = "simulate",
    description = {
      "Predict a traffic model's load on the declared table, analytically (10^8 keys take no"
          + " longer than ten): each access pattern's busiest keys against the per-partition"
          + " ceilings (3000 read, 1000 write units/s), which keys throttle, storage growth, and"
          + " the monthly cost on demand and provisioned (prices: the traffic model's \"prices\","
          + " else us-east-1 list prices; see docs/advisor.md).",
      "Exit codes: 0 clean (notes only), 1 warnings, 3 errors, 2 usage error or a file missing"
          + " or invalid."
    },
    usageHelpAutoWidth = true)
final class SimulateCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Parameters(index = "0", paramLabel = "SPEC.json", description = "The table declaration.")
  private Path specFile;

  @Parameters(index = "1", paramLabel = "TRAFFIC.json", description = "The traffic model.")
  private Path trafficFile;

  @Option(
      names = "--shard",
      paramLabel = "PATTERN=N",
      description = "Simulate the pattern's key spread N ways (repeatable).")
  private Map<String, Integer> shards = new LinkedHashMap<>();

  @Mixin private AdvisorOutput output;

  @Override
  public Integer call() {
    var report =
        AdvisorOutput.wrongInputOn(
            () -> {
              Advisor advisor = Advisor.of(specFile).traffic(trafficFile).ignore(output.ignored);
              shards.forEach(advisor::shard);
              return advisor.simulate();
            });
    return output.print(report, spec.commandLine().getOut());
  }
}
