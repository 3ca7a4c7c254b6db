package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;

/** How DynamoDB names values and their types in expression error messages. */
final class Values {
  private Values() {}

  /** A scalar's payload as DynamoDB prints it inside {@code {N:1}}. */
  static String display(AttrValue value) {
    if (value instanceof AttrValue.S s) {
      return s.value();
    }
    if (value instanceof AttrValue.N n) {
      return n.text();
    }
    if (value instanceof AttrValue.B b) {
      return b.value().toBase64();
    }
    return value.toString();
  }

  /** The long type names of update-action messages ({@code STRING}, {@code NUMBER}, ...). */
  static String longTypeName(String typeName) {
    switch (typeName) {
      case "S":
        return "STRING";
      case "N":
        return "NUMBER";
      case "B":
        return "BINARY";
      case "BOOL":
        return "BOOLEAN";
      case "L":
        return "LIST";
      case "M":
        return "MAP";
      default:
        return typeName;
    }
  }
}
