package dev.dynakit.core.stream;

/** What a change did to its item: DynamoDB Streams' event names. */
public enum ChangeKind {
  /** The item was created. */
  INSERT,
  /** The item existed and was changed. */
  MODIFY,
  /** The item was deleted (by a request or by time to live). */
  REMOVE
}
