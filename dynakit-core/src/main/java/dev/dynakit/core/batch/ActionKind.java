package dev.dynakit.core.batch;

/** What one action of a transaction does. */
public enum ActionKind {
  PUT,
  UPDATE,
  DELETE,
  CONDITION_CHECK,
  GET
}
