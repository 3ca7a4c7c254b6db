package dev.dynakit.core.expr;

/** The comparison operators of DynamoDB expressions. */
public enum CompareOp {
  EQ("="),
  NE("<>"),
  LT("<"),
  LE("<="),
  GT(">"),
  GE(">=");

  private final String symbol;

  CompareOp(String symbol) {
    this.symbol = symbol;
  }

  /** The operator as written in an expression. */
  public String symbol() {
    return symbol;
  }
}
