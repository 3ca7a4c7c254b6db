package dev.dynakit.core.schema;

import org.jspecify.annotations.Nullable;

/** The operators a filterable field may allow, with the JavaScript toolkit's short codes. */
public enum FilterOp {
  EQ("eq"),
  NE("ne"),
  LT("lt"),
  LE("le"),
  GT("gt"),
  GE("ge"),
  IN("in"),
  BETWEEN("btw"),
  BEGINS_WITH("beg"),
  CONTAINS("ct"),
  EXISTS("ex"),
  NOT_EXISTS("nx");

  private final String code;

  FilterOp(String code) {
    this.code = code;
  }

  /** The short code used in declaration files and REST query strings. */
  public String code() {
    return code;
  }

  /** The operator with this code, or null. */
  public static @Nullable FilterOp fromCode(String code) {
    for (FilterOp op : values()) {
      if (op.code.equals(code)) {
        return op;
      }
    }
    return null;
  }
}
