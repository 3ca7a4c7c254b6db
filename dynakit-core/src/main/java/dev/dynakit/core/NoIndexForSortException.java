package dev.dynakit.core;

/**
 * A list was asked to sort by a field that no declared index has as its sort key. DynamoDB returns
 * items in key order only and the toolkit never sorts in memory: declare an index sorted by the
 * field.
 */
public final class NoIndexForSortException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String sortField;

  public NoIndexForSortException(String sortField) {
    super("no declared index has '" + sortField + "' as its sort key; declare one to sort by it");
    this.sortField = sortField;
  }

  public String sortField() {
    return sortField;
  }
}
