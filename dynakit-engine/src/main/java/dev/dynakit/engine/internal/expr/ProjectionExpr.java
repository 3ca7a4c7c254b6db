package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;

/** A validated projection (ProjectionExpression or AttributesToGet), ready to apply to items. */
public interface ProjectionExpr {
  /**
   * The parts of {@code item} the paths select, nested as in the item: map members keep their
   * names, selected list elements keep their order but close up. Paths that lead nowhere are left
   * out.
   */
  Map<String, AttrValue> apply(Map<String, AttrValue> item);

  /** The projected paths, in the order written. */
  List<DocPath> paths();
}
