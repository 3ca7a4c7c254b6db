package dev.dynakit.core.provision;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@link TableProvisioner#ensure ensure} would do to bring a table to its declaration, found
 * read-only by {@link TableProvisioner#plan}. Empty when the table matches.
 *
 * @param table the table name
 * @param tableExists whether the table existed when the plan was made
 * @param steps the refusals first (never executed), then the changes in execution order
 */
public record ProvisioningPlan(String table, boolean tableExists, List<PlanStep> steps) {
  public ProvisioningPlan {
    Objects.requireNonNull(table, "table");
    steps = List.copyOf(steps);
  }

  /** Whether there is nothing to do. */
  public boolean isEmpty() {
    return steps.isEmpty();
  }

  /** The refusals: differences ensure will not settle. */
  public List<PlanStep> refusals() {
    List<PlanStep> refusals = new ArrayList<>();
    for (PlanStep step : steps) {
      if (step.refused()) {
        refusals.add(step);
      }
    }
    return refusals;
  }

  /** Whether any step is a refusal (ensure then changes nothing). */
  public boolean refused() {
    return !refusals().isEmpty();
  }

  /** The report: a summary line, then one line per step. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    if (isEmpty()) {
      lines.add("Table " + table + " matches its declaration: nothing to do.");
      return lines;
    }
    int refusals = refusals().size();
    int changes = steps.size() - refusals;
    StringBuilder summary =
        new StringBuilder("Table ")
            .append(table)
            .append(tableExists ? " exists: " : " does not exist: ")
            .append(changes)
            .append(changes == 1 ? " change" : " changes");
    if (refusals > 0) {
      summary
          .append(", ")
          .append(refusals)
          .append(refusals == 1 ? " refusal" : " refusals")
          .append(" (ensure changes nothing while any remain)");
    }
    lines.add(summary.append(':').toString());
    for (PlanStep step : steps) {
      lines.add("  " + step);
    }
    return lines;
  }

  @Override
  public String toString() {
    return String.join(System.lineSeparator(), lines());
  }
}
