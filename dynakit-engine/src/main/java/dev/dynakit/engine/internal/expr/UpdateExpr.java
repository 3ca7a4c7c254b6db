package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;

/** A validated update (UpdateExpression or legacy AttributeUpdates), ready to apply to items. */
public interface UpdateExpr {
  /**
   * The item after the update, as a new map; {@code item} is never changed. Runtime refusals
   * (missing operands, wrong types, invalid paths, number overflow) are ValidationExceptions with
   * DynamoDB's wording.
   */
  Map<String, AttrValue> apply(Map<String, AttrValue> item);

  /**
   * The paths the update changes, in the order written (for UPDATED_OLD/UPDATED_NEW and key
   * checks).
   */
  List<DocPath> updatedPaths();

  /**
   * Whether the update only takes attributes or set elements away (REMOVE and DELETE actions, and
   * nothing else): DynamoDB then creates no item where there is none.
   */
  boolean onlyRemoves();
}
