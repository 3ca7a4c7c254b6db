package dev.dynakit.cli;

import dev.dynakit.core.provision.ProvisioningException;
import dev.dynakit.core.provision.ProvisioningPlan;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code dynakit ensure-table}: apply the plan, step by step. */
@Command(
    name = "ensure-table",
    description = {
      "Bring the table to its declaration: apply the plan of plan-table step by step, waiting for"
          + " the table and each new GSI to become ACTIVE before the next step. On an unchanged"
          + " table it does nothing.",
      "It never drops or rebuilds anything: when the plan holds a refusal ('!'), nothing is"
          + " changed.",
      "Exit codes: 0 done, 1 failure, 2 usage error or SPEC.json missing or invalid, 3 refused"
          + " (the plan needs a change ensure-table does not make; nothing was changed)."
    },
    usageHelpAutoWidth = true)
final class EnsureTableCommand extends TableCommand {
  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "1800",
      description =
          "How long to wait for ACTIVE after each step (default: ${DEFAULT-VALUE}; a GSI on a"
              + " big table takes long to build).")
  private long timeoutSeconds;

  @Override
  int run(TableSpec declaration, DynamoConnection dynamo, PrintWriter out, PrintWriter err) {
    if (timeoutSeconds < 1) {
      throw new ParameterException(
          spec.commandLine(), "--timeout must be at least 1 second, got " + timeoutSeconds);
    }
    TableProvisioner provisioner =
        TableProvisioner.of(dynamo.client()).withTimeout(Duration.ofSeconds(timeoutSeconds));
    ProvisioningPlan plan;
    try {
      plan =
          provisioner.ensure(
              declaration,
              step -> {
                if (!json) {
                  out.println("  " + step);
                  out.flush();
                }
              });
    } catch (ProvisioningException e) {
      ProvisioningPlan refused = e.plan();
      if (refused == null) {
        throw e;
      }
      if (json) {
        out.println(ProvisionJson.plan(refused, false));
      } else {
        refused.lines().forEach(out::println);
      }
      out.flush();
      fail(err, e.getMessage());
      return DRIFT;
    }
    if (json) {
      out.println(ProvisionJson.plan(plan, true));
    } else if (plan.isEmpty()) {
      plan.lines().forEach(out::println);
    } else {
      int n = plan.steps().size();
      out.println(
          "Table "
              + plan.table()
              + " matches its declaration ("
              + n
              + (n == 1 ? " change applied)." : " changes applied)."));
    }
    return 0;
  }
}
