package dev.dynakit.rest;

import dev.dynakit.core.DynakitException;
import org.jspecify.annotations.Nullable;

/** The statuses of the toolkit's refusals that are not about the request's syntax. */
final class ToolkitErrors {
  private ToolkitErrors() {}

  /** The error of a toolkit refusal, or null when it signals a bug (a 500). */
  static @Nullable RestError toError(DynakitException e, StatusCodes statuses) {
    return null;
  }
}
