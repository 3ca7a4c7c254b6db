package dev.dynakit.rest;

import java.util.Map;

/**
 * Turns a key text (a path segment after percent-decoding, or one entry of {@code names}) into the
 * key fields the Adapter takes. The default is {@link PathKeys#fromText}; replace it to address
 * items by another scheme (a slug, an index key). Throw {@link RestException} (or the toolkit's
 * {@link dev.dynakit.core.MalformedKeyException}) to refuse a key; both answer 400.
 */
@FunctionalInterface
public interface KeyMapper {
  /** The key fields that {@code keyText} names. */
  Map<String, Object> key(String keyText);
}
