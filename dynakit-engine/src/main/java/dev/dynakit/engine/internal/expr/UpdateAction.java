package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;

/** One action of an update expression. */
sealed interface UpdateAction
    permits UpdateAction.Set, UpdateAction.Remove, UpdateAction.Add, UpdateAction.Delete {

  /** The path the action changes. */
  DocPath path();

  /** {@code SET path = value}. */
  record Set(DocPath path, Operand value) implements UpdateAction {}

  /** {@code REMOVE path}. */
  record Remove(DocPath path) implements UpdateAction {}

  /** {@code ADD path :value} (a number or a set). */
  record Add(DocPath path, AttrValue value) implements UpdateAction {}

  /** {@code DELETE path :value} (a set). */
  record Delete(DocPath path, AttrValue value) implements UpdateAction {}
}
