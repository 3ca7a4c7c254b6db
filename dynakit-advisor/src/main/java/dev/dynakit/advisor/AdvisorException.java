package dev.dynakit.advisor;

import org.jspecify.annotations.Nullable;

/**
 * The advisor cannot do its work: a declaration or traffic file it cannot read, a traffic model
 * that names what the declaration lacks, a table it cannot scan. The message names the problem.
 */
public class AdvisorException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A problem in words. */
  public AdvisorException(String message) {
    super(message);
  }

  /** A problem in words, caused by {@code cause}. */
  public AdvisorException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
