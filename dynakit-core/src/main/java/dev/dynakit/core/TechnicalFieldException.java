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

  /**
   * A refusal of a field the toolkit owns for another reason than its prefix (the derived type
   * field).
   *
   * @param message the whole message: what the field is and why it is refused
   */
  public static TechnicalFieldException owned(String field, String message) {
    return new TechnicalFieldException(field, "", message);
  }

  private TechnicalFieldException(String field, String technicalPrefix, String message) {
    super(message);
    this.field = field;
    this.technicalPrefix = technicalPrefix;
  }

  /** The refused field (the first segment of a path). */
  public String field() {
    return field;
  }

  /** The technical prefix, or empty when the field was refused for another reason. */
  public String technicalPrefix() {
    return technicalPrefix;
  }
}
