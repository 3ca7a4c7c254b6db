package dev.dynakit.engine.internal.expr;

/** The operators a key condition may use. Only {@link #EQ} applies to partition keys. */
public enum KeyOperator {
  EQ,
  LT,
  LE,
  GT,
  GE,
  BETWEEN,
  BEGINS_WITH
}
