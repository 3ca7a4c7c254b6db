package dev.dynakit.core.expr;

import dev.dynakit.core.InvalidExpressionException;
import java.util.ArrayList;
import java.util.List;

/**
 * A document path: a top-level attribute name followed by map keys ({@code String}) and list
 * indices ({@code Integer}). Parsed from text by splitting on a separator; all-digit segments after
 * the first are list indices ({@code tags.0} is {@code tags[0]}). Names are rendered through
 * placeholders, so any attribute name is safe; names that contain the separator are written with
 * {@link #of(String, Object...)}.
 *
 * @param segments the attribute name, then map keys and list indices
 */
public record FieldPath(List<Object> segments) {
  /** The default separator of textual paths. */
  public static final String DEFAULT_SEPARATOR = ".";

  public FieldPath {
    segments = List.copyOf(segments);
    if (segments.isEmpty()) {
      throw new InvalidExpressionException("a path needs at least an attribute name");
    }
    for (int i = 0; i < segments.size(); i++) {
      Object segment = segments.get(i);
      if (segment instanceof String) {
        if (((String) segment).isEmpty()) {
          throw new InvalidExpressionException("a path segment must not be empty");
        }
      } else if (!(segment instanceof Integer) || i == 0 || (Integer) segment < 0) {
        throw new InvalidExpressionException(
            "a path is an attribute name followed by names and list indices >= 0, got " + segments);
      }
    }
  }

  /** A top-level attribute, whatever characters its name contains. */
  public static FieldPath of(String attribute) {
    return new FieldPath(List.of(attribute));
  }

  /** An attribute followed by map keys ({@code String}) and list indices ({@code Integer}). */
  public static FieldPath of(String attribute, Object... more) {
    List<Object> segments = new ArrayList<>(more.length + 1);
    segments.add(attribute);
    segments.addAll(List.of(more));
    return new FieldPath(segments);
  }

  /** A path written with {@code .} between segments. */
  public static FieldPath parse(String path) {
    return parse(path, DEFAULT_SEPARATOR);
  }

  /**
   * A path written with {@code separator} between segments.
   *
   * @throws InvalidExpressionException for an empty path or an empty segment
   */
  public static FieldPath parse(String path, String separator) {
    if (separator.isEmpty()) {
      throw new InvalidExpressionException("a path separator must not be empty");
    }
    List<Object> segments = new ArrayList<>();
    int start = 0;
    while (true) {
      int at = path.indexOf(separator, start);
      String segment = at < 0 ? path.substring(start) : path.substring(start, at);
      if (segment.isEmpty()) {
        throw new InvalidExpressionException("the path '" + path + "' has an empty segment");
      }
      segments.add(segments.isEmpty() ? segment : indexOrName(path, segment));
      if (at < 0) {
        return new FieldPath(segments);
      }
      start = at + separator.length();
    }
  }

  private static Object indexOrName(String path, String segment) {
    for (int i = 0; i < segment.length(); i++) {
      if (segment.charAt(i) < '0' || segment.charAt(i) > '9') {
        return segment;
      }
    }
    try {
      return Integer.parseInt(segment);
    } catch (NumberFormatException e) {
      throw new InvalidExpressionException("the list index in '" + path + "' is too large");
    }
  }

  /** The top-level attribute name. */
  public String root() {
    return (String) segments.get(0);
  }

  /** Whether the path is a bare top-level attribute. */
  public boolean isTopLevel() {
    return segments.size() == 1;
  }

  /**
   * Whether one path is the other or lies inside it (DynamoDB refuses such pairs in one update).
   */
  public boolean overlaps(FieldPath other) {
    int common = Math.min(segments.size(), other.segments.size());
    return segments.subList(0, common).equals(other.segments.subList(0, common));
  }

  /** The path with its first segment replaced (projection aliases). */
  public FieldPath withRoot(String attribute) {
    List<Object> copy = new ArrayList<>(segments);
    copy.set(0, attribute);
    return new FieldPath(copy);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    for (Object segment : segments) {
      if (segment instanceof Integer) {
        text.append('[').append(segment).append(']');
      } else {
        if (text.length() > 0) {
          text.append('.');
        }
        text.append(segment);
      }
    }
    return text.toString();
  }
}
