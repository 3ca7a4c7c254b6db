package dev.dynakit.core.mass;

/** When a copy or a move may write its destination item. */
public enum WriteMode {
  /** Always: an item at the destination is replaced. */
  OVERWRITE,
  /** Only where no item exists yet; an occupied destination skips the item. */
  IF_NOT_EXISTS,
  /** Only where an item exists already (a refresh); an empty destination skips the item. */
  IF_EXISTS
}
