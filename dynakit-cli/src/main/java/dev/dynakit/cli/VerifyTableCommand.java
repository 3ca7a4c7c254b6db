package dev.dynakit.cli;

import dev.dynakit.core.provision.Drift;
import dev.dynakit.core.provision.DriftException;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dynakit verify-table}: how the table differs from its declaration. */
@Command(
    name = "verify-table",
    description = {
      "Compare the table with its declaration and print one line per difference (ERROR: the"
          + " table cannot serve the declaration as written; WARNING: it works but differs)."
          + " Changes nothing.",
      "The descriptor row (declared with descriptorKey) catches changes DescribeTable cannot see,"
          + " e.g. another searchable set.",
      "Exit codes: 0 verified (differences are reported, not failures, without --strict),"
          + " 1 failure, 2 usage error or SPEC.json missing or invalid, 3 the table differs and"
          + " --strict was given."
    },
    usageHelpAutoWidth = true)
final class VerifyTableCommand extends TableCommand {
  @Option(
      names = "--strict",
      description = "Any difference, warnings included, fails the command (exit code 3).")
  private boolean strict;

  @Override
  int run(TableSpec declaration, DynamoConnection dynamo, PrintWriter out, PrintWriter err) {
    Drift drift = TableProvisioner.of(dynamo.client()).verify(declaration);
    if (json) {
      out.println(ProvisionJson.drift(drift));
    } else {
      drift.lines().forEach(out::println);
    }
    if (strict && !drift.isEmpty()) {
      out.flush();
      fail(err, new DriftException(drift).getMessage());
      return DRIFT;
    }
    return 0;
  }
}
