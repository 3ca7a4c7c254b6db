package dev.dynakit.engine.internal.partiql;

import java.util.Map;

/**
 * The DynamoDB operation that does a statement's work: its name, its request, and how its answer
 * becomes the statement's.
 */
record Plan(String operation, Map<String, Object> request, Kind kind, String table) {

  /** How the operation's answer is read. */
  enum Kind {
    /** GetItem: its Item, if any, is the one result. */
    READ_ONE,
    /** Query or Scan: its Items, and a NextToken from its LastEvaluatedKey. */
    READ_MANY,
    /** PutItem of an INSERT: a failed condition means the item already exists. */
    INSERT,
    /** UpdateItem or DeleteItem: its Attributes, when the statement asked for them. */
    WRITE
  }

  boolean isRead() {
    return kind == Kind.READ_ONE || kind == Kind.READ_MANY;
  }
}
