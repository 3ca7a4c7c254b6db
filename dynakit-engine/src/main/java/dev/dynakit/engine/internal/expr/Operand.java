package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** An operand of a condition or of an update's SET action. */
sealed interface Operand permits Operand.Path, Operand.Value, Operand.Call, Operand.Arith {

  /** The value in a condition: the item's value, the literal, or {@code size}; null if none. */
  @Nullable AttrValue eval(Map<String, AttrValue> item);

  /**
   * The type this operand is known to have before any item is seen (a literal's type, a function's
   * result type), or null when it depends on the item.
   */
  @Nullable String staticType();

  /** A document path into the item. */
  record Path(DocPath path) implements Operand {
    @Override
    public @Nullable AttrValue eval(Map<String, AttrValue> item) {
      return path.valueIn(item);
    }

    @Override
    public @Nullable String staticType() {
      return null;
    }
  }

  /** An expression attribute value, with its placeholder. */
  record Value(String placeholder, AttrValue value) implements Operand {
    @Override
    public AttrValue eval(Map<String, AttrValue> item) {
      return value;
    }

    @Override
    public String staticType() {
      return value.typeName();
    }
  }

  /** A function call; in a condition operand only {@code size} survives validation. */
  record Call(String name, List<Operand> args) implements Operand {
    public Call {
      args = List.copyOf(args);
    }

    @Override
    public @Nullable AttrValue eval(Map<String, AttrValue> item) {
      return name.equals("size") ? Comparisons.size(args.get(0).eval(item)) : null;
    }

    @Override
    public @Nullable String staticType() {
      switch (name) {
        case "size":
          return "N";
        case "list_append":
          return "L";
        case "if_not_exists":
          return args.size() == 2 ? args.get(1).staticType() : null;
        case "attribute_exists":
        case "attribute_not_exists":
        case "attribute_type":
        case "begins_with":
        case "contains":
          return "BOOL";
        default:
          return null;
      }
    }
  }

  /** {@code left + right} or {@code left - right} in an update's SET action. */
  record Arith(boolean plus, Operand left, Operand right) implements Operand {
    @Override
    public @Nullable AttrValue eval(Map<String, AttrValue> item) {
      return null;
    }

    @Override
    public String staticType() {
      return "N";
    }
  }
}
