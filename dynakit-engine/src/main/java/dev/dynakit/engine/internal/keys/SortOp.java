package dev.dynakit.engine.internal.keys;

/** The sort-key conditions of a Query's KeyConditionExpression, as {@link KeyCodec} ranges them. */
public enum SortOp {
  EQ,
  LT,
  LE,
  GT,
  GE,
  /** Both bounds inclusive; the second operand is the upper bound. */
  BETWEEN,
  /** A prefix of an S or B sort key. */
  BEGINS_WITH
}
