package dev.dynakit.core;

/**
 * An ETag that cannot serve as a write precondition: not an ETag the toolkit makes, a weak ETag
 * (If-Match compares strongly), or a content-hash ETag of a table without a version field, whose
 * writes cannot be conditioned on it atomically.
 */
public final class InvalidEtagException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String etag;

  public InvalidEtagException(String etag, String reason) {
    super("ETag " + etag + " cannot be matched: " + reason);
    this.etag = etag;
  }

  /** The ETag as given. */
  public String etag() {
    return etag;
  }
}
