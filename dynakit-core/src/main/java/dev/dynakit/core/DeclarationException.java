package dev.dynakit.core;

import java.util.List;
import java.util.Objects;

/**
 * A table declaration that cannot be used. Thrown once, at build time, listing every problem found
 * so that a declaration is fixed in one pass rather than one error at a time. The message has a
 * heading line, then one line per problem ({@code " - field: rule"}).
 */
public final class DeclarationException extends DynakitException {
  private static final long serialVersionUID = 1L;

  /**
   * One broken rule.
   *
   * @param field where the problem is, spelled as in the JSON declaration ({@code
   *     keyFields[1].width}, {@code indices.byStatus.pk})
   * @param rule what must change, in words (with a "did you mean" hint for a misspelt name)
   */
  public record Problem(String field, String rule) {
    public Problem {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(rule, "rule");
    }

    @Override
    public String toString() {
      return field + ": " + rule;
    }
  }

  private final String table;
  private final transient List<Problem> problems;

  public DeclarationException(String table, List<Problem> problems) {
    super(message(table, problems));
    this.table = table;
    this.problems = List.copyOf(problems);
  }

  /** The declared table name (possibly empty when the name itself is the problem). */
  public String table() {
    return table;
  }

  /** Every problem found, in declaration order; never empty. */
  public List<Problem> problems() {
    return problems;
  }

  private static String message(String table, List<Problem> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a DeclarationException needs at least one problem");
    }
    StringBuilder text = new StringBuilder("Invalid declaration");
    if (!table.isEmpty()) {
      text.append(" of table '").append(table).append('\'');
    }
    text.append(" (")
        .append(problems.size())
        .append(problems.size() == 1 ? " problem)" : " problems)");
    for (Problem problem : problems) {
      text.append("\n  - ").append(problem);
    }
    return text.toString();
  }
}
