package dev.dynakit.core;

/**
 * Caller input names a field under the technical prefix. Such fields belong to the toolkit (the
 * structural key, search mirrors, stamps); only the version and created-at fields may be passed
 * back as read. Remove the field from the input.
 */
public final class TechnicalFieldException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String field;
  private final String technicalPrefix;

  public TechnicalFieldException(String field, String technicalPrefix) {
    super(
        "'"
            + field
            + "' starts with the technical prefix '"
            + technicalPrefix
            + "'; fields under it are written by the toolkit, remove it from the input");
    this.field = field;
    this.technicalPrefix = technicalPrefix;
  }

  /** The refused field (the first segment of a path). */
  public String field() {
    return field;
  }

  public String technicalPrefix() {
    return technicalPrefix;
  }
}
