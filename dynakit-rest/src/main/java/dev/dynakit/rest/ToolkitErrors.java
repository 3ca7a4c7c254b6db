package dev.dynakit.rest;

import dev.dynakit.core.BatchIncompleteException;
import dev.dynakit.core.ConsistentReadOnGlobalIndexException;
import dev.dynakit.core.DynakitException;
import dev.dynakit.core.InvalidCursorException;
import dev.dynakit.core.InvalidTokenException;
import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.ItemNotFoundException;
import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.NoIndexForSortException;
import dev.dynakit.core.TechnicalFieldException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.VersionRequiredException;
import org.jspecify.annotations.Nullable;

/**
 * The statuses of the toolkit's refusals beyond the request syntax: the item's state (409, 404),
 * the declaration's limits (400), throttling (429).
 */
final class ToolkitErrors {
  private ToolkitErrors() {}

  /** The error of a toolkit refusal, or null when it signals a bug (a 500). */
  static @Nullable RestError toError(DynakitException e, StatusCodes statuses) {
    String message = e.getMessage();
    if (e instanceof VersionConflictException) {
      return new RestError(statuses.consistency(), "VersionConflict", message);
    }
    if (e instanceof VersionRequiredException) {
      return new RestError(statuses.consistency(), "VersionRequired", message);
    }
    if (e instanceof ItemExistsException) {
      return new RestError(statuses.consistency(), "ItemExists", message);
    }
    if (e instanceof ItemNotFoundException) {
      return new RestError(statuses.miss(), "ItemNotFound", message);
    }
    if (e instanceof TechnicalFieldException) {
      return new RestError(400, "TechnicalField", message);
    }
    if (e instanceof NoIndexForSortException) {
      return new RestError(400, "NoIndexForSortField", message);
    }
    if (e instanceof ConsistentReadOnGlobalIndexException) {
      return new RestError(400, "ConsistentReadOnGSIRejected", message);
    }
    if (e instanceof KeyFieldChangedException) {
      return new RestError(400, "KeyFieldChanged", message);
    }
    if (e instanceof InvalidCursorException) {
      return new RestError(400, "BadCursor", message);
    }
    if (e instanceof InvalidTokenException) {
      return new RestError(400, "BadResumeToken", message);
    }
    if (e instanceof BatchIncompleteException) {
      return new RestError(statuses.throttle(), "BatchIncomplete", message);
    }
    return null;
  }
}
