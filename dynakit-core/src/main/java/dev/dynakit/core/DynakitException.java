package dev.dynakit.core;

import org.jspecify.annotations.Nullable;

/**
 * The root of the toolkit's unchecked errors. Every subtype names one refusal a caller can act on
 * and carries its context in fields; SDK exceptions are never wrapped unless the toolkit adds
 * meaning, and then they are the cause.
 */
public abstract class DynakitException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  protected DynakitException(String message) {
    super(message);
  }

  protected DynakitException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
