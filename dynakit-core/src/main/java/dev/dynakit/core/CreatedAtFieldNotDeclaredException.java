package dev.dynakit.core;

/**
 * A list was asked to freeze its scope "as of" a time, which needs the declaration's created-at
 * field. Declare {@code createdAtField} (and stamp it, e.g. with a created-at hook).
 */
public final class CreatedAtFieldNotDeclaredException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String table;

  public CreatedAtFieldNotDeclaredException(String table) {
    super("table '" + table + "' declares no createdAtField; 'asOf' needs one");
    this.table = table;
  }

  public String table() {
    return table;
  }
}
