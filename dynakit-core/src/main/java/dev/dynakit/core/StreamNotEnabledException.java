package dev.dynakit.core;

/**
 * A stream listener was asked to follow a table that has no stream. Enable one on the table (a
 * {@code StreamSpecification} with {@code StreamEnabled} and a view type; the listener's handlers
 * see old images only with {@code OLD_IMAGE} or {@code NEW_AND_OLD_IMAGES}) and subscribe again.
 */
public final class StreamNotEnabledException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String table;

  public StreamNotEnabledException(String table) {
    super(
        "table "
            + table
            + " has no stream enabled; enable one (StreamSpecification with StreamEnabled and a"
            + " view type) before subscribing");
    this.table = table;
  }

  /** The table without a stream. */
  public String table() {
    return table;
  }
}
