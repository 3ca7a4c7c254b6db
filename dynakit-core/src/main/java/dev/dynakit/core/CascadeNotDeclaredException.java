package dev.dynakit.core;

/**
 * A cascade (delete, clone or move everything under a key) on a table whose declaration does not
 * say its composite key is a parent/child hierarchy. Declare it ({@code
 * TableSpec.Builder.structuralRelationships(true)}, {@code relationships.structural} in a
 * declaration file) to allow cascades.
 */
public final class CascadeNotDeclaredException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String operation;

  public CascadeNotDeclaredException(String operation, String table) {
    super(
        operation
            + " needs table '"
            + table
            + "' to declare structural relationships (its composite key as a hierarchy)");
    this.operation = operation;
  }

  /** The cascade refused. */
  public String operation() {
    return operation;
  }
}
