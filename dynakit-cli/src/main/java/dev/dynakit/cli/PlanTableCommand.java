package dev.dynakit.cli;

import dev.dynakit.core.provision.ProvisioningPlan;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/** {@code dynakit plan-table}: what ensure-table would do, changing nothing. */
@Command(
    name = "plan-table",
    description = {
      "Show what ensure-table would do to bring the table to its declaration: create it, add GSIs,"
          + " update billing or throughput, enable the stream or TTL, write the descriptor row."
          + " Changes nothing (DescribeTable, DescribeTimeToLive, one GetItem).",
      "Lines starting with '!' are refusals: differences ensure-table never settles (a changed"
          + " key, a new or changed LSI, a changed GSI, ...).",
      "Exit codes: 0 planned (refusals included), 1 failure, 2 usage error or SPEC.json"
          + " missing or invalid."
    },
    usageHelpAutoWidth = true)
final class PlanTableCommand extends TableCommand {
  @Override
  int run(TableSpec declaration, DynamoConnection dynamo, PrintWriter out, PrintWriter err) {
    ProvisioningPlan plan = TableProvisioner.of(dynamo.client()).plan(declaration);
    if (json) {
      out.println(ProvisionJson.plan(plan, null));
      return 0;
    }
    plan.lines().forEach(out::println);
    if (!plan.isEmpty() && !plan.refused() && !dynamo.isEmbedded()) {
      out.println("Apply with: " + ensureCommand());
    }
    return 0;
  }
}
