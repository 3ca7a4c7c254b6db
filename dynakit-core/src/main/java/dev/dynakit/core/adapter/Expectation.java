package dev.dynakit.core.adapter;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a conditional write expects of the stored item, so that a failed condition can be told
 * apart: an item that exists (create only), one that does not (replace, patch), or a version
 * mismatch.
 *
 * @param key the item's key fields, for the error
 * @param existence what the write requires of the item's existence
 * @param expectedVersion the version the stored item must have, or null
 */
record Expectation(Map<String, Object> key, Existence existence, @Nullable Long expectedVersion) {

  enum Existence {
    ANY,
    MUST_EXIST,
    MUST_NOT_EXIST,
    /** A put without a version on a versioned table: it creates, and must not replace. */
    MUST_NOT_EXIST_UNVERSIONED
  }
}
