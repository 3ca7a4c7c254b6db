package dev.dynakit.rest;

import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * ETags from the declaration's version field ({@code ETag: "3"}) and {@code If-Match} as the
 * expected version of a write. A mismatch is answered 412 by the item routes.
 */
final class Versions {
  private Versions() {}

  /**
   * The precondition of {@code If-Match}.
   *
   * @param any whether it was {@code *} (the item must exist)
   * @param version the expected version, or null for {@code *}
   */
  record IfMatch(boolean any, @Nullable Long version) {}

  /**
   * The request's {@code If-Match}, or null when absent.
   *
   * @throws RestException 400 {@code BadIfMatch} for a table without a version field, a list of
   *     ETags, a weak ETag or anything but a quoted version
   */
  static @Nullable IfMatch ifMatch(RestRequest request, TableSpec spec) {
    String header = request.header("If-Match");
    if (header == null) {
      return null;
    }
    if (spec.versionField() == null) {
      throw bad(
          "table '"
              + spec.tableName()
              + "' declares no version field, so its items have no ETags to match");
    }
    String value = header.trim();
    if (value.equals("*")) {
      return new IfMatch(true, null);
    }
    if (value.length() < 3
        || value.length() > 21
        || value.charAt(0) != '"'
        || value.charAt(value.length() - 1) != '"') {
      throw bad(
          "If-Match takes one ETag as sent by this server (\"3\") or *; got " + Texts.quote(value));
    }
    String digits = value.substring(1, value.length() - 1);
    for (int i = 0; i < digits.length(); i++) {
      if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
        throw bad("If-Match " + Texts.quote(value) + " is not an ETag of this server");
      }
    }
    try {
      return new IfMatch(false, Long.parseLong(digits));
    } catch (NumberFormatException e) {
      throw bad("If-Match " + Texts.quote(value) + " is out of range");
    }
  }

  /**
   * The expected version of a write: {@code If-Match} and the version carried in the body must
   * agree when both are given.
   */
  static @Nullable Long expected(@Nullable IfMatch ifMatch, @Nullable Long fromBody) {
    Long fromHeader = ifMatch == null ? null : ifMatch.version();
    if (fromHeader != null && fromBody != null && !fromHeader.equals(fromBody)) {
      throw bad(
          "If-Match names version "
              + fromHeader
              + " but the body carries version "
              + fromBody
              + "; send one or make them agree");
    }
    return fromHeader != null ? fromHeader : fromBody;
  }

  /**
   * The version a request body carries in the version field, or null.
   *
   * @throws RestException 400 {@code BadBody} when it is not a whole number >= 0
   */
  static @Nullable Long fromBody(Map<String, ?> body, TableSpec spec) {
    String field = spec.versionField();
    if (field == null || body.get(field) == null) {
      return null;
    }
    Object value = body.get(field);
    if (value instanceof Long && (Long) value >= 0) {
      return (Long) value;
    }
    throw RestException.badRequest(
        "BadBody", field + " (the version field) must be a whole number >= 0");
  }

  /** The version an item carries in the version field, or null. */
  static @Nullable Long versionOf(@Nullable Map<String, ?> item, TableSpec spec) {
    String field = spec.versionField();
    if (item == null || field == null) {
      return null;
    }
    Object value = item.get(field);
    if (value instanceof BigDecimal) {
      try {
        return ((BigDecimal) value).longValueExact();
      } catch (ArithmeticException e) {
        return null;
      }
    }
    if (value instanceof Long || value instanceof Integer) {
      return ((Number) value).longValue();
    }
    return null;
  }

  /** The response with the item's ETag, when it has a version. */
  static RestResponse withEtag(
      RestResponse response, @Nullable Map<String, ?> item, TableSpec spec) {
    Long version = versionOf(item, spec);
    return version == null ? response : response.withHeader("ETag", "\"" + version + "\"");
  }

  private static RestException bad(String message) {
    return RestException.badRequest("BadIfMatch", message);
  }
}
