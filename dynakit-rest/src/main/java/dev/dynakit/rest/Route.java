package dev.dynakit.rest;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where a request path points, by the wire contract's shapes: the root ({@code /}), a collection
 * method ({@code /-by-names}), an item ({@code /:key}), an item method ({@code /:key/-clone}), or
 * nothing known. Leading and trailing {@code /} are ignored; the method-prefix test runs on the
 * still-encoded segment, so a key that starts with the prefix is written {@code %2D…}.
 *
 * @param kind the shape
 * @param rawKey the item's path segment, still percent-encoded, or null
 * @param name the method name without its prefix ({@code by-names}, {@code clone}), or null
 */
public record Route(Kind kind, @Nullable String rawKey, @Nullable String name) {
  /** The shapes of a path. */
  public enum Kind {
    /** The collection itself: {@code /}. */
    ROOT,
    /** A method on the collection: {@code /-by-names}. */
    COLLECTION_METHOD,
    /** One item: {@code /:key}. */
    ITEM,
    /** A method on one item: {@code /:key/-clone}. */
    ITEM_METHOD,
    /** Any other path. */
    UNKNOWN
  }

  /** The kind is required. */
  public Route {
    Objects.requireNonNull(kind, "kind");
  }

  /** The shape of a raw path below the mount. */
  public static Route match(String rawPath, RestPolicy policy) {
    int start = 0;
    int end = rawPath.length();
    while (start < end && rawPath.charAt(start) == '/') {
      start++;
    }
    while (end > start && rawPath.charAt(end - 1) == '/') {
      end--;
    }
    if (start == end) {
      return new Route(Kind.ROOT, null, null);
    }
    String[] segments = rawPath.substring(start, end).split("/", -1);
    String prefix = policy.methodPrefix();
    if (segments.length == 1) {
      String method = methodName(segments[0], prefix);
      return method != null
          ? new Route(Kind.COLLECTION_METHOD, null, method)
          : new Route(Kind.ITEM, segments[0], null);
    }
    if (segments.length == 2 && !segments[0].isEmpty()) {
      String method = methodName(segments[1], prefix);
      if (method != null) {
        return new Route(Kind.ITEM_METHOD, segments[0], method);
      }
    }
    return new Route(Kind.UNKNOWN, null, null);
  }

  private static @Nullable String methodName(String segment, String prefix) {
    return segment.startsWith(prefix) && segment.length() > prefix.length()
        ? segment.substring(prefix.length())
        : null;
  }
}
