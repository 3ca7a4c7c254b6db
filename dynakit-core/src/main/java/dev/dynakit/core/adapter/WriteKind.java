package dev.dynakit.core.adapter;

/** The Adapter operation a write belongs to, as hooks see it. */
public enum WriteKind {
  /** Create only. */
  POST,
  /** Replace, or create or replace. */
  PUT,
  /** Partial update of an existing item. */
  PATCH,
  /** Delete by key. */
  DELETE,
  /** Read, map, write the difference. */
  EDIT,
  /** Copy an item to a (possibly) new key. */
  CLONE,
  /** Copy an item to a new key and delete the source, atomically. */
  MOVE
}
