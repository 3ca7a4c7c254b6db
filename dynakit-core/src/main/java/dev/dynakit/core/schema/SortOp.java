package dev.dynakit.core.schema;

import org.jspecify.annotations.Nullable;

/** The sort-key conditions of an access pattern, as DynamoDB's Query allows them. */
public enum SortOp {
  EQ("eq", 1),
  LT("lt", 1),
  LE("le", 1),
  GT("gt", 1),
  GE("ge", 1),
  BEGINS_WITH("beginsWith", 1),
  BETWEEN("between", 2);

  private final String jsonName;
  private final int operands;

  SortOp(String jsonName, int operands) {
    this.jsonName = jsonName;
    this.operands = operands;
  }

  /** The name in a declaration file ({@code beginsWith}). */
  public String jsonName() {
    return jsonName;
  }

  /** How many templates the condition takes (two for {@code between}). */
  public int operands() {
    return operands;
  }

  /** The operator with this file name, or null. */
  public static @Nullable SortOp fromJsonName(String name) {
    for (SortOp op : values()) {
      if (op.jsonName.equals(name)) {
        return op;
      }
    }
    return null;
  }
}
