package dev.dynakit.core.provision;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a live table differs from its declaration, as found by {@link
 * TableProvisioner#verify(dev.dynakit.core.schema.TableSpec)}; empty when it matches.
 *
 * @param table the table name
 * @param differences every difference, in a stable order: table, key schema, global indices, local
 *     indices, billing and throughput, stream, TTL, descriptor
 */
public record Drift(String table, List<Difference> differences) {
  public Drift {
    Objects.requireNonNull(table, "table");
    differences = List.copyOf(differences);
  }

  /** Whether the table matches its declaration. */
  public boolean isEmpty() {
    return differences.isEmpty();
  }

  /** Whether any difference is an {@link Difference.Severity#ERROR}. */
  public boolean hasErrors() {
    return !errors().isEmpty();
  }

  /** The {@link Difference.Severity#ERROR} differences. */
  public List<Difference> errors() {
    List<Difference> errors = new ArrayList<>();
    for (Difference d : differences) {
      if (d.severity() == Difference.Severity.ERROR) {
        errors.add(d);
      }
    }
    return errors;
  }

  /**
   * Throws when there is any difference (the strict reading).
   *
   * @throws DriftException naming this drift
   */
  public Drift requireNone() {
    if (!isEmpty()) {
      throw new DriftException(this);
    }
    return this;
  }

  /** The report: a summary line, then one line per difference. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    if (isEmpty()) {
      lines.add("Table " + table + " matches its declaration.");
      return lines;
    }
    lines.add(
        "Table "
            + table
            + " differs from its declaration ("
            + differences.size()
            + (differences.size() == 1 ? " difference):" : " differences):"));
    for (Difference d : differences) {
      lines.add("  " + d);
    }
    return lines;
  }

  @Override
  public String toString() {
    return String.join(System.lineSeparator(), lines());
  }
}
