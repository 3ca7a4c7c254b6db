package dev.dynakit.core;

/**
 * A strongly consistent read was asked of a global secondary index, which DynamoDB serves
 * eventually consistent only. Read the base table, or drop the consistency requirement.
 */
public final class ConsistentReadOnGlobalIndexException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String indexName;

  public ConsistentReadOnGlobalIndexException(String indexName) {
    super(
        "index '"
            + indexName
            + "' is a global secondary index, which supports eventually consistent reads only;"
            + " drop the consistent read or read the table");
    this.indexName = indexName;
  }

  public String indexName() {
    return indexName;
  }
}
