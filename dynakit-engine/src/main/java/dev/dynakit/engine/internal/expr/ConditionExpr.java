package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;

/** A validated condition, filter or key condition, ready to test items. */
public interface ConditionExpr {
  /**
   * Whether {@code item} satisfies the condition. An empty map stands for "no item", on which only
   * conditions such as {@code attribute_not_exists} hold.
   */
  boolean test(Map<String, AttrValue> item);
}
