package dev.dynakit.core.expr;

import org.jspecify.annotations.Nullable;

/** One side of a comparison: a document path, a value, or the size of a path. */
public sealed interface Operand permits Operand.Path, Operand.Value, Operand.Size {

  /** The value at a document path. */
  record Path(FieldPath path) implements Operand {}

  /** A literal value (marshalled through a placeholder; null is DynamoDB's NULL). */
  record Value(@Nullable Object value) implements Operand {}

  /** {@code size(path)}: string or binary length, or element count. */
  record Size(FieldPath path) implements Operand {}

  static Operand path(String path) {
    return new Path(FieldPath.parse(path));
  }

  static Operand path(FieldPath path) {
    return new Path(path);
  }

  static Operand value(@Nullable Object value) {
    return new Value(value);
  }

  static Operand size(String path) {
    return new Size(FieldPath.parse(path));
  }

  static Operand size(FieldPath path) {
    return new Size(path);
  }
}
